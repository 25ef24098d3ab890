import type { PrivacyUpdateValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { SavedResponse } from './update-profile.ts';

/** POST /user/privacy/update (docs/api.md): whether others see the signed-in player's real name. */
export function updatePrivacy(api: ApiClient, form: PrivacyUpdateValue): Promise<SavedResponse> {
  return api.post<SavedResponse>('/user/privacy/update', { ...form });
}
