import type { ProfileUpdateValue, UserPayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** POST /user/profile/update and /user/console/update answer the saved message and the fresh user (docs/api.md). */
export interface SavedResponse {
  message: string;
  user: UserPayload;
}

/** POST /user/profile/update (spec §7): first name, last name and e-mail of the signed-in user. */
export function updateProfile(api: ApiClient, form: ProfileUpdateValue): Promise<SavedResponse> {
  return api.post<SavedResponse>('/user/profile/update', { ...form });
}
