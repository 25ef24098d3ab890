import type { AuthResponse, SignupValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** What the sign-up form sends: the validated fields, the repeat, the terms and the optional photos. */
export interface SignUpRequest extends SignupValue {
  repeat_password: string;
  terms: '1';
  user_photo: File | null;
  team_photo: File | null;
}

/**
 * POST /user/signup (docs/product.md#calls; docs/api.md): multipart when a photo is attached. A 400 shows the Error popover
 * (docs/product.md#errors); the answer is a new session and the user.
 */
export function signUp(api: ApiClient, request: SignUpRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/user/signup', { ...request });
}
