import type { TeamsUpdateValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { SavedResponse } from './update-profile.ts';

/** POST /user/team/update: the IRL and FIFA teams of the signed-in user, checked by sign-up's rule. */
export function updateTeams(api: ApiClient, form: TeamsUpdateValue): Promise<SavedResponse> {
  return api.post<SavedResponse>('/user/team/update', { ...form });
}
