/**
 * The sign-up form (spec §5 "Signup", decisions §8 age and guardian rules). One validator for the player form and
 * POST /user/signup; it returns the first failing rule in the order of the spec's bullet list.
 */
import {
  ADULT_AGE_YEARS,
  BIRTH_YEAR_MAX,
  BIRTH_YEAR_MIN,
  COUNTRY_COUNT,
  MIN_AGE_YEARS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PSN_ID_MIN,
  XBOX_GAMER_TAG_MIN,
  CONSOLE_XBOX,
} from '../constants.ts';
import type { ConsoleId } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  consoleClosedError,
  emailError,
  gamerTagError,
  isEmailAddress,
  nameError,
  parseConsole,
  passwordError,
  teamsError,
  usernameError,
} from './fields.ts';
import { asInteger, asText, asTrimmed, field, isSent, isYes } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

/** A calendar birth date; month 1-12. */
export interface BirthDate {
  year: number;
  month: number;
  day: number;
}

/** The cleaned sign-up fields, named as the form and the users table name them. */
export interface SignupValue {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  console: ConsoleId;
  gamer_tag: string;
  irl_team: string;
  fifa_team: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  country_id: number;
  /** The guardian's e-mail for players under 18 on the sign-up date; null for adults (decisions §8). */
  guardian_email: string | null;
}

/** True when (year, month, day) is a date of the proleptic Gregorian calendar (31 February is not). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Age in whole years on the UTC calendar date of `today` (decisions §8). A birthday counts from its first
 * moment, so someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birth: BirthDate, today: Date): number {
  if (Number.isNaN(today.getTime())) throw new TypeError('ageOn: today is an invalid Date');
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  const beforeBirthday = month < birth.month || (month === birth.month && day < birth.day);
  return year - birth.year - (beforeBirthday ? 1 : 0);
}

/** True when the player is under 18 on `today` and so needs a guardian's approval (spec §9, decisions §8). */
export function isMinorOn(birth: BirthDate, today: Date): boolean {
  return ageOn(birth, today) < ADULT_AGE_YEARS;
}

/**
 * Validates the sign-up form (spec §5 "Signup"; decisions §8). Order: username, first name, last name, e-mail,
 * password, repeated password (only when sent), birth year, month, day, terms, teams, console, gamer tag,
 * country, minimum age, guardian e-mail. `today` is the sign-up date (its UTC calendar day).
 */
export function validateSignup(input: FormInput, today: Date): Validation<SignupValue> {
  const username = asTrimmed(field(input, 'username'));
  const first_name = asTrimmed(field(input, 'first_name'));
  const last_name = asTrimmed(field(input, 'last_name'));
  const email = asTrimmed(field(input, 'email'));
  const password = asText(field(input, 'password')) ?? '';

  const error =
    usernameError(username) ??
    nameError(first_name, 'first') ??
    nameError(last_name, 'last') ??
    emailError(email) ??
    passwordError(password, PASSWORD_MIN, PASSWORD_MAX);
  if (error) return fail(error);

  // A raw API client may leave the repeat out; the player form always sends it.
  const repeat = field(input, 'repeat_password');
  if (isSent(repeat) && asText(repeat) !== password) return fail(MESSAGES.passwordMismatch);

  const birth_year = asInteger(field(input, 'birth_year'));
  if (birth_year === undefined || birth_year < BIRTH_YEAR_MIN || birth_year > BIRTH_YEAR_MAX) {
    return fail(MESSAGES.invalidBirthYear);
  }
  const birth_month = asInteger(field(input, 'birth_month'));
  if (birth_month === undefined || birth_month < 1 || birth_month > 12) return fail(MESSAGES.invalidBirthMonth);
  const birth_day = asInteger(field(input, 'birth_day'));
  if (birth_day === undefined || !isRealDate(birth_year, birth_month, birth_day)) {
    return fail(MESSAGES.invalidBirthDay);
  }

  if (!isYes(field(input, 'terms'))) return fail(MESSAGES.mustAgreeToTerms);

  const irl_team = asTrimmed(field(input, 'irl_team'));
  const fifa_team = asTrimmed(field(input, 'fifa_team'));
  const teams = teamsError(irl_team, fifa_team);
  if (teams) return fail(teams);

  const console = parseConsole(field(input, 'console'));
  if (console === undefined) return fail(MESSAGES.consoleRequired);
  const closed = consoleClosedError(console);
  if (closed) return fail(closed);

  const gamer_tag = asTrimmed(field(input, 'gamer_tag'));
  const tagError = gamerTagError(gamer_tag, console, console === CONSOLE_XBOX ? XBOX_GAMER_TAG_MIN : PSN_ID_MIN);
  if (tagError) return fail(tagError);

  const country_id = asInteger(field(input, 'country_id'));
  if (country_id === undefined || country_id < 0 || country_id >= COUNTRY_COUNT) {
    return fail(MESSAGES.countryRequired);
  }

  const birth = { year: birth_year, month: birth_month, day: birth_day };
  if (ageOn(birth, today) < MIN_AGE_YEARS) return fail(MESSAGES.tooYoung);

  let guardian_email: string | null = null;
  if (isMinorOn(birth, today)) {
    guardian_email = asTrimmed(field(input, 'guardian_email'));
    if (guardian_email === '') return fail(MESSAGES.guardianEmailRequired);
    if (!isEmailAddress(guardian_email)) return fail(MESSAGES.guardianEmailInvalid);
    if (guardian_email.toLowerCase() === email.toLowerCase()) return fail(MESSAGES.guardianEmailSameAsOwn);
  }

  return ok({
    username,
    first_name,
    last_name,
    email,
    password,
    console,
    gamer_tag,
    irl_team,
    fifa_team,
    birth_year,
    birth_month,
    birth_day,
    country_id,
    guardian_email,
  });
}
