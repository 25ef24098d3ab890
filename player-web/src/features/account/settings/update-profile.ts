import type { ProfileUpdateValue, UserPayload } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** POST /user/profile/update and /user/console/update answer the saved message and the fresh user (docs/api.md). */
export interface SavedResponse {
  message: string;
  user: UserPayload;
  /** Set when a new e-mail address waits for its confirmation link (docs/api.md). */
  pending_email?: string;
}

/**
 * POST /user/profile/update (docs/product.md#calls): first name, last name and e-mail of the signed-in user; a new e-mail needs
 * `current_password` and waits for the link sent to it.
 */
export function updateProfile(api: ApiClient, form: ProfileUpdateValue): Promise<SavedResponse> {
  return api.post<SavedResponse>('/user/profile/update', { ...form });
}
