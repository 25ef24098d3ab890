/** The settings forms (docs/product.md#screens-and-routes settings sections, docs/product.md#validation "Settings"). */
import { SETTINGS_EMAIL_MIN, SETTINGS_GAMER_TAG_MIN, PASSWORD_MIN, SETTINGS_PASSWORD_MAX } from '../constants.ts';
import type { ConsoleId } from '../constants.ts';

import {
  consoleClosedError,
  emailError,
  gamerTagError,
  nameError,
  parseConsole,
  passwordError,
  teamsError,
} from './fields.ts';
import { asText, asTrimmed, field, isSent } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

export interface ProfileUpdateValue {
  first_name: string;
  last_name: string;
  email: string;
  /**
   * The account's password, needed only when `email` differs from the stored address (checked by the API, which
   * knows that address; docs/rules.md "Account changes"); '' when not sent.
   */
  current_password: string;
}

/**
 * Personal info (docs/product.md#validation "Settings", POST /user/profile/update): first and last name 1-50 with the sign-up
 * messages, e-mail 6-254 with '@' and '.' ('Invalid e-mail address.').
 */
export function validateProfileUpdate(input: FormInput): Validation<ProfileUpdateValue> {
  const first_name = asTrimmed(field(input, 'first_name'));
  const last_name = asTrimmed(field(input, 'last_name'));
  const email = asTrimmed(field(input, 'email'));
  const error = nameError(first_name, 'first') ?? nameError(last_name, 'last') ?? emailError(email, SETTINGS_EMAIL_MIN);
  const current_password = asText(field(input, 'current_password')) ?? '';
  return error ? fail(error) : ok({ first_name, last_name, email, current_password });
}

export interface ConsoleUpdateValue {
  console: ConsoleId;
  gamer_tag: string;
}

/**
 * Console and gamer tag (docs/product.md#validation "Settings", POST /user/console/update): console required, and it must be open
 * this season like at sign-up (a PlayStation player cannot switch to Xbox and lock themselves out of play);
 * gamer tag 1-25 of letters, digits, hyphen, underscore and space, worded for the chosen console.
 */
export function validateConsoleUpdate(input: FormInput): Validation<ConsoleUpdateValue> {
  const console = parseConsole(field(input, 'console'));
  if (console === undefined) return fail('consoleRequired');
  const gamer_tag = asTrimmed(field(input, 'gamer_tag'));
  const error = consoleClosedError(console) ?? gamerTagError(gamer_tag, console, SETTINGS_GAMER_TAG_MIN);
  return error ? fail(error) : ok({ console, gamer_tag });
}

export interface PasswordChangeValue {
  current_password: string;
  new_password: string;
}

/**
 * Password change (docs/product.md#validation "Settings", POST /user/password/change): current password required, new password
 * 8-100 (the one PASSWORD_MIN of sign-up and reset), equal to `repeat_password` when that is sent. Whether the current password is right is the API's check.
 */
export function validatePasswordChange(input: FormInput): Validation<PasswordChangeValue> {
  const current_password = asText(field(input, 'current_password')) ?? '';
  if (current_password === '') return fail('passwordRequired');
  const new_password = asText(field(input, 'new_password')) ?? '';
  const error = passwordError(new_password, PASSWORD_MIN, SETTINGS_PASSWORD_MAX);
  if (error) return fail(error);
  const repeat = field(input, 'repeat_password');
  if (isSent(repeat) && asText(repeat) !== new_password) return fail('passwordMismatch');
  return ok({ current_password, new_password });
}

export interface TeamsUpdateValue {
  irl_team: string;
  fifa_team: string;
}

/**
 * IRL and FIFA teams (settings, POST /user/team/update): the sign-up rule (`teamsError`), trimmed, so a team can
 * be changed after sign-up to anything sign-up accepts and nothing it refuses.
 */
export function validateTeamsUpdate(input: FormInput): Validation<TeamsUpdateValue> {
  const irl_team = asTrimmed(field(input, 'irl_team'));
  const fifa_team = asTrimmed(field(input, 'fifa_team'));
  const error = teamsError(irl_team, fifa_team);
  return error ? fail(error) : ok({ irl_team, fifa_team });
}
