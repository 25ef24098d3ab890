/**
 * The sign-up form (docs/product.md#validation "Signup", docs/decisions.md#permissions age and guardian rules). One validator for the player form and
 * POST /user/signup; the API answers the first failing rule in the order of the spec's bullet list, the form shows
 * every field's message at once in its own order.
 */
import {
  ADULT_AGE_YEARS,
  BIRTH_YEAR_HINT_SPAN_YEARS,
  BIRTH_YEAR_MAX,
  BIRTH_YEAR_MIN,
  COUNTRY_COUNT,
  MIN_AGE_YEARS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PSN_ID_MIN,
  TEAM_NAME_MAX,
  XBOX_GAMER_TAG_MIN,
  CONSOLE_PLAYSTATION,
  CONSOLE_XBOX,
} from '../constants.ts';
import type { ConsoleId } from '../constants.ts';
import { MESSAGES, type MessageName } from '../messages.ts';
import {
  consoleClosedError,
  emailError,
  gamerTagError,
  isEmailAddress,
  nameError,
  parseConsole,
  passwordError,
  sameMailbox,
  usernameError,
} from './fields.ts';
import { asInteger, asText, asTrimmed, charLength, field, isSent, isYes } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

/** A calendar birth date; month 1-12. */
export interface BirthDate {
  year: number;
  month: number;
  day: number;
}

/** A stored birth date (a DATE column, read as midnight UTC) as a calendar date. */
export function birthDateOf(value: Date | string): BirthDate {
  const [year, month, day] = new Date(value).toISOString().slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return { year, month, day };
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
  /** The guardian's e-mail for players under 18 on the sign-up date; null for adults (docs/decisions.md#permissions). */
  guardian_email: string | null;
}

/** True when (year, month, day) is a date of the proleptic Gregorian calendar (31 February is not). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Age in whole years on the UTC calendar date of `today` (docs/decisions.md#permissions). A birthday counts from its first
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

/** True when the player is under 18 on `today` and so needs a guardian's approval (docs/product.md#constants, docs/decisions.md#permissions). */
export function isMinorOn(birth: BirthDate, today: Date): boolean {
  return ageOn(birth, today) < ADULT_AGE_YEARS;
}

/**
 * The birth-year input's hint on `today` (docs/product.md#validation "inputs hint 1910-2007", written in 2019): from
 * {@link BIRTH_YEAR_HINT_SPAN_YEARS} years back up to the last year whose children can have turned
 * {@link MIN_AGE_YEARS} by `today`'s year end, so no one old enough reads that their year is out of range.
 */
export function birthYearHint(today: Date): { min: number; max: number } {
  const year = today.getUTCFullYear();
  return { min: year - BIRTH_YEAR_HINT_SPAN_YEARS, max: year - MIN_AGE_YEARS };
}

/**
 * The sign-up form's fields in the order the player app shows them (its reading and tab order): account, console,
 * about you, teams, then the terms. {@link signupErrors} lists its messages in this order.
 */
export const SIGNUP_FORM_FIELDS = [
  'username',
  'email',
  'password',
  'repeat_password',
  'console',
  'gamer_tag',
  'first_name',
  'last_name',
  'birth_year',
  'birth_month',
  'birth_day',
  'country_id',
  'guardian_email',
  'irl_team',
  'fifa_team',
  'terms',
] as const;

/** A field of the sign-up form, named as the form and the API name it. */
export type SignupField = (typeof SIGNUP_FORM_FIELDS)[number];

/** One field's message (docs/product.md#validation wording) and its code. */
export interface SignupFieldError {
  field: SignupField;
  message: string;
  code: MessageName;
}

/** Every broken rule of a sign-up, each field's first, in the spec's order; and the cleaned value when none. */
function checkSignup(
  input: FormInput,
  today: Date,
): { ok: true; value: SignupValue } | { ok: false; errors: [SignupFieldError, ...SignupFieldError[]] } {
  const errors: SignupFieldError[] = [];
  const broke = (field: SignupField, message: MessageName | null) => {
    if (message !== null) errors.push({ field, message: MESSAGES[message], code: message });
  };

  const username = asTrimmed(field(input, 'username'));
  const first_name = asTrimmed(field(input, 'first_name'));
  const last_name = asTrimmed(field(input, 'last_name'));
  const email = asTrimmed(field(input, 'email'));
  const password = asText(field(input, 'password')) ?? '';
  broke('username', usernameError(username));
  broke('first_name', nameError(first_name, 'first'));
  broke('last_name', nameError(last_name, 'last'));
  broke('email', emailError(email));
  const badPassword = passwordError(password, PASSWORD_MIN, PASSWORD_MAX);
  broke('password', badPassword);
  // A raw API client may leave the repeat out; the player form always sends it.
  const repeat = field(input, 'repeat_password');
  if (isSent(repeat) && asText(repeat) !== password) broke('repeat_password', 'passwordMismatch');

  const birth_year = asInteger(field(input, 'birth_year'));
  const yearOk = birth_year !== undefined && birth_year >= BIRTH_YEAR_MIN && birth_year <= BIRTH_YEAR_MAX;
  if (!yearOk) broke('birth_year', 'invalidBirthYear');
  const birth_month = asInteger(field(input, 'birth_month'));
  const monthOk = birth_month !== undefined && birth_month >= 1 && birth_month <= 12;
  if (!monthOk) broke('birth_month', 'invalidBirthMonth');
  const birth_day = asInteger(field(input, 'birth_day'));
  // Without a year and month the day can only be held to 1-31 (docs/product.md#validation); with them, to a real date.
  const dayOk =
    birth_day !== undefined &&
    (yearOk && monthOk ? isRealDate(birth_year, birth_month, birth_day) : birth_day >= 1 && birth_day <= 31);
  if (!dayOk) broke('birth_day', 'invalidBirthDay');

  if (!isYes(field(input, 'terms'))) broke('terms', 'mustAgreeToTerms');

  const irl_team = asTrimmed(field(input, 'irl_team'));
  const fifa_team = asTrimmed(field(input, 'fifa_team'));
  if (irl_team === '') broke('irl_team', 'teamsRequired');
  if (fifa_team === '') broke('fifa_team', 'teamsRequired');
  if (charLength(irl_team) > TEAM_NAME_MAX) broke('irl_team', 'teamNameTooLong');
  if (charLength(fifa_team) > TEAM_NAME_MAX) broke('fifa_team', 'teamNameTooLong');

  const console = parseConsole(field(input, 'console'));
  broke('console', console === undefined ? 'consoleRequired' : consoleClosedError(console));
  // Before a console is chosen the form calls the tag a PSN ID, the only open network (docs/product.md#validation).
  const network = console ?? CONSOLE_PLAYSTATION;
  const gamer_tag = asTrimmed(field(input, 'gamer_tag'));
  broke('gamer_tag', gamerTagError(gamer_tag, network, network === CONSOLE_XBOX ? XBOX_GAMER_TAG_MIN : PSN_ID_MIN));

  const country_id = asInteger(field(input, 'country_id'));
  const countryOk = country_id !== undefined && country_id >= 0 && country_id < COUNTRY_COUNT;
  if (!countryOk) broke('country_id', 'countryRequired');

  let guardian_email: string | null = null;
  if (yearOk && monthOk && dayOk) {
    const birth = { year: birth_year, month: birth_month, day: birth_day };
    if (ageOn(birth, today) < MIN_AGE_YEARS) {
      broke('birth_year', 'tooYoung');
    } else if (isMinorOn(birth, today)) {
      guardian_email = asTrimmed(field(input, 'guardian_email'));
      if (guardian_email === '') broke('guardian_email', 'guardianEmailRequired');
      else if (!isEmailAddress(guardian_email)) broke('guardian_email', 'guardianEmailInvalid');
      else if (guardian_email.toLowerCase() === email.toLowerCase()) {
        broke('guardian_email', 'guardianEmailSameAsOwn');
      } else if (sameMailbox(guardian_email, email)) {
        // Another spelling of the player's own inbox would let them approve themselves.
        broke('guardian_email', 'guardianEmailAliasOfOwn');
      }
    }
  }

  // Each field shows one message: the first rule it breaks.
  const [first, ...more] = errors.filter((error, i) => errors.findIndex((e) => e.field === error.field) === i);
  if (first) return { ok: false, errors: [first, ...more] };
  // Every rule passed, so each of these holds; the checks only tell the compiler so.
  if (!yearOk || !monthOk || !dayOk || !countryOk || console === undefined) {
    return { ok: false, errors: [{ field: 'birth_day', message: MESSAGES.invalidBirthDay, code: 'invalidBirthDay' }] };
  }
  return {
    ok: true,
    value: {
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
    },
  };
}

/**
 * Validates the sign-up form (docs/product.md#validation "Signup"; docs/decisions.md#permissions) and answers the first failing rule. Order: username,
 * first name, last name, e-mail, password, repeated password (only when sent), birth year, month, day, terms,
 * teams, console, gamer tag, country, minimum age, guardian e-mail. `today` is the sign-up date (its UTC calendar
 * day). POST /user/signup answers with this message.
 */
export function validateSignup(input: FormInput, today: Date): Validation<SignupValue> {
  const checked = checkSignup(input, today);
  return checked.ok ? ok(checked.value) : fail(checked.errors[0].code);
}

/**
 * Every field's message at once, in the form's order ({@link SIGNUP_FORM_FIELDS}), one per field: what the player
 * app shows under each field, so a player sees all their mistakes after one press. Empty when the sign-up passes
 * {@link validateSignup}; the same rules in another order.
 */
export function signupErrors(input: FormInput, today: Date): SignupFieldError[] {
  const checked = checkSignup(input, today);
  if (checked.ok) return [];
  const order = (field: SignupField) => SIGNUP_FORM_FIELDS.indexOf(field);
  return [...checked.errors].sort((a, b) => order(a.field) - order(b.field));
}
