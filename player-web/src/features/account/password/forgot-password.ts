import type { ForgotPasswordValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The same answer whether or not an account matched (docs/api.md). */
export interface ForgotPasswordResponse {
  title: string;
  message: string;
}

/** POST /user/forgot_password (docs/product.md#calls): username and e-mail; the reset link goes out by e-mail. */
export function forgotPassword(api: ApiClient, form: ForgotPasswordValue): Promise<ForgotPasswordResponse> {
  return api.post<ForgotPasswordResponse>('/user/forgot_password', { ...form });
}
