/** The sign-in form (docs/product.md#validation "Login"; errors shown under the title 'Login error'). */
import { RESET_PASSWORD_MAX, SETTINGS_PASSWORD_MAX, USERNAME_MAX } from '../constants.ts';

import { asText, asTrimmed, charLength, field } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

export interface LoginValue {
  username: string;
  password: string;
}

/** No stored password is longer than the longest any form accepts, so a longer one cannot match. */
const LONGEST_PASSWORD = Math.max(SETTINGS_PASSWORD_MAX, RESET_PASSWORD_MAX);

/**
 * Validates the sign-in form (docs/product.md#validation "Login"): username and password required. A username or password longer
 * than any account can have is answered 'Wrong username or password.' here, before any lookup or hashing, so a
 * megabyte-long password costs the server nothing.
 */
export function validateLogin(input: FormInput): Validation<LoginValue> {
  const username = asTrimmed(field(input, 'username'));
  const password = asText(field(input, 'password')) ?? '';
  if (username === '') return fail('usernameRequired');
  if (password === '') return fail('passwordRequired');
  if (charLength(username) > USERNAME_MAX || charLength(password) > LONGEST_PASSWORD) {
    return fail('wrongCredentials');
  }
  return ok({ username, password });
}
