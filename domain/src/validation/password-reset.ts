/** Forgot-password and reset-password forms (docs/product.md#screens-and-routes, docs/product.md#validation). */
import { EMAIL_MAX, FORGOT_USERNAME_MAX, PASSWORD_MIN, RESET_PASSWORD_MAX, RESET_TOKEN_MAX } from '../constants.ts';

import { asText, asTrimmed, charLength, field, isSent, parsePositiveInt } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

export interface ForgotPasswordValue {
  username: string;
  email: string;
}

/**
 * Forgot password (docs/product.md#validation, POST /user/forgot_password): an empty username gives 'There is no user with that
 * username', an empty e-mail 'There is no user with that e-mail address'. Values longer than the inputs allow
 * (25 and 254) cannot belong to an account and get the same answers. Unknown accounts are the API's business,
 * which answers the same success text either way.
 */
export function validateForgotPassword(input: FormInput): Validation<ForgotPasswordValue> {
  const username = asTrimmed(field(input, 'username'));
  if (username === '' || charLength(username) > FORGOT_USERNAME_MAX) return fail('noUserWithUsername');
  const email = asTrimmed(field(input, 'email'));
  if (email === '' || charLength(email) > EMAIL_MAX) return fail('noUserWithEmail');
  return ok({ username, email });
}

export interface ResetLinkValue {
  /** The reset request's id (route /resetpassword/{id}/{uid}/{token}). */
  id: number;
  /** The user's id. */
  uid: number;
  token: string;
}

export interface ResetPasswordValue extends ResetLinkValue {
  password: string;
}

/**
 * A reset link's parts (route /resetpassword/{id}/{uid}/{token}): id and uid positive whole numbers, a token of
 * 1-200 characters; anything else cannot be a link we sent and gets the invalid-link message.
 */
export function validateResetLink(input: FormInput): Validation<ResetLinkValue> {
  const id = parsePositiveInt(field(input, 'id'));
  const uid = parsePositiveInt(field(input, 'uid'));
  const rawToken = field(input, 'token');
  const token = typeof rawToken === 'string' ? rawToken.trim() : '';
  if (id === undefined || uid === undefined || token === '' || token.length > RESET_TOKEN_MAX) {
    return fail('resetLinkInvalid');
  }
  return ok({ id, uid, token });
}

/**
 * Reset password (docs/product.md#validation, POST /user/reset_password): a link that cannot be valid (`validateResetLink`) gives the
 * invalid-link message; then the password must be 8-100 characters ('Password is too short' / 'Your password is
 * too long.') and equal `repeat_password` when that is sent ('The passwords mismatch').
 */
export function validateResetPassword(input: FormInput): Validation<ResetPasswordValue> {
  const link = validateResetLink(input);
  if (!link.ok) return link;
  const password = asText(field(input, 'password')) ?? '';
  if (charLength(password) < PASSWORD_MIN) return fail('resetPasswordTooShort');
  if (charLength(password) > RESET_PASSWORD_MAX) return fail('passwordTooLong');
  const repeat = field(input, 'repeat_password');
  if (isSent(repeat) && asText(repeat) !== password) return fail('resetPasswordMismatch');
  return ok({ ...link.value, password });
}
