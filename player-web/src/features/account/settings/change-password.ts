import type { PasswordChangeValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** POST /user/password/change: a new session replaces every other one (docs/api.md). */
export interface ChangePasswordResponse {
  id: number;
  token: string;
  message: string;
}

/** POST /user/password/change (docs/product.md#calls): current and new password; a 400 shows the Error popover. */
export function changePassword(
  api: ApiClient,
  form: PasswordChangeValue & { repeat_password: string },
): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/user/password/change', { ...form });
}
