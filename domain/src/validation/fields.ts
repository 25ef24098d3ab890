/**
 * Field rules shared by several forms (docs/product.md#validation). Each takes an already trimmed value and returns the message of
 * the first rule it breaks, or null. The form validators decide the order of fields.
 */
import {
  CONSOLE_PLAYSTATION,
  CONSOLE_XBOX,
  EMAIL_MAX,
  EMAIL_MIN,
  GAMER_TAG_MAX,
  NAME_MAX,
  NAME_MIN,
  OPEN_CONSOLES,
  TEAM_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants.ts';
import type { ConsoleId } from '../constants.ts';
import type { MessageName } from '../messages.ts';
import { asInteger, charLength } from './input.ts';

const USERNAME_CHARACTERS = /^[A-Za-z0-9_]+$/;
const GAMER_TAG_CHARACTERS = /^[A-Za-z0-9 _-]+$/;
/**
 * Something before one '@', a '.' somewhere after it with text on both sides, and no spaces or control characters
 * anywhere (docs/product.md#validation asks for '@' and '.'; whitespace and line breaks would also break the e-mail header).
 */
const EMAIL_SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/** Username: 2-15 characters, letters, digits and underscore (docs/product.md#validation). */
export function usernameError(username: string): MessageName | null {
  const length = charLength(username);
  if (length < USERNAME_MIN) return 'usernameTooShort';
  if (length > USERNAME_MAX) return 'usernameTooLong';
  if (!USERNAME_CHARACTERS.test(username)) return 'usernameIllegal';
  return null;
}

/** First or last name: 1-50 characters (docs/product.md#validation, signup and settings). */
export function nameError(name: string, which: 'first' | 'last'): MessageName | null {
  const length = charLength(name);
  if (length < NAME_MIN) return which === 'first' ? 'firstNameTooShort' : 'lastNameTooShort';
  if (length > NAME_MAX) return which === 'first' ? 'firstNameTooLong' : 'lastNameTooLong';
  return null;
}

/** True for an e-mail address of `min`-254 characters with '@' and '.' (docs/product.md#validation: 5 at signup, 6 in settings). */
export function isEmailAddress(email: string, min: number = EMAIL_MIN): boolean {
  const length = charLength(email);
  return length >= min && length <= EMAIL_MAX && EMAIL_SHAPE.test(email);
}

/** Providers whose addresses ignore dots in the local part, and the domain each one's addresses arrive at. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address reaches, as one comparable string (docs/rules.md "Guardian e-mail and link"): case is
 * ignored, a `+tag` after the local part is dropped, and for Gmail (googlemail.com being the same service) dots in
 * the local part are dropped. `Kalle.Svensson+x@GMail.com` and `kallesvensson@googlemail.com` both give
 * `kallesvensson@gmail.com`. Used to compare addresses, never to store or send to them.
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless !== undefined) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** True when both addresses reach the same inbox (see `mailboxOf`). */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxOf(a) === mailboxOf(b);
}

/** Whether two addresses are the same for the unique key (which ignores case). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** E-mail address rule with the spec's message 'Invalid e-mail address.' (docs/product.md#validation). */
export function emailError(email: string, min: number = EMAIL_MIN): MessageName | null {
  return isEmailAddress(email, min) ? null : 'invalidEmail';
}

/** Password length (docs/product.md#validation: 8-50 at signup, 6-100 in settings). Passwords are never trimmed. */
export function passwordError(password: string, min: number, max: number): MessageName | null {
  const length = charLength(password);
  if (length < min) return 'passwordTooShort';
  if (length > max) return 'passwordTooLong';
  return null;
}

/** The console of a form value: 0 (Xbox) or 1 (PlayStation), as a number or its text; else undefined. */
export function parseConsole(value: unknown): ConsoleId | undefined {
  const n = asInteger(value);
  return n === CONSOLE_XBOX || n === CONSOLE_PLAYSTATION ? n : undefined;
}

/** A chosen console that is not open this season (docs/product.md#what-it-does, docs/product.md#validation: PlayStation only). */
export function consoleClosedError(console: ConsoleId): MessageName | null {
  return OPEN_CONSOLES.includes(console) ? null : 'playstationOnly';
}

/**
 * Gamer tag: `min`-25 characters of letters, digits, hyphen, underscore and space, with the wording of the
 * console's network (docs/product.md#validation: Xbox 1-25, PSN 3-25 at signup; 1-25 in settings).
 */
export function gamerTagError(tag: string, console: ConsoleId, min: number): MessageName | null {
  const xbox = console === CONSOLE_XBOX;
  const length = charLength(tag);
  if (length < min) return xbox ? 'xboxGamertagTooShort' : 'psnIdTooShort';
  if (length > GAMER_TAG_MAX) return xbox ? 'xboxGamertagTooLong' : 'psnIdTooLong';
  if (!GAMER_TAG_CHARACTERS.test(tag)) return xbox ? 'xboxGamertagIllegal' : 'psnIdIllegal';
  return null;
}

/**
 * IRL and FIFA teams (docs/product.md#validation, sign-up and settings): both required ('You must enter an IRL team and a FIFA team.'),
 * each at most 100 characters ('Your team name is too long.').
 */
export function teamsError(irlTeam: string, fifaTeam: string): MessageName | null {
  if (irlTeam === '' || fifaTeam === '') return 'teamsRequired';
  if (charLength(irlTeam) > TEAM_NAME_MAX || charLength(fifaTeam) > TEAM_NAME_MAX) return 'teamNameTooLong';
  return null;
}
