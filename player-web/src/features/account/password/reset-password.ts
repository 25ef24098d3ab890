import type { LoginResponse, ResetPasswordValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** POST /user/reset_password (docs/product.md#calls): id, uid, token and the new password; answers a new login token. */
export function resetPassword(api: ApiClient, form: ResetPasswordValue): Promise<LoginResponse> {
  return api.post<LoginResponse>('/user/reset_password', { ...form });
}
