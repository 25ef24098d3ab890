/**
 * The console's forms (docs/decisions.md#permissions, docs/decisions.md#content-and-uploads; not in the spec): ban, permission flags, IP ban, news article and
 * two-factor code. The API and the console's `validate` call these, so both show the same message.
 */
import {
  FORUM_REASON_MAX,
  FORUM_REASON_MIN,
  FORUM_TITLE_MIN,
  NEWS_CATEGORIES,
  type NewsCategoryId,
} from '../constants.ts';
import {
  BAN_DAYS_MAX,
  NEWS_CONTENT_MAX,
  NEWS_EXCERPT_MAX,
  NEWS_TITLE_MAX,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
} from '../contract/admin.ts';

import { ALL_PERMISSIONS } from '../permissions.ts';
import { asInteger, asText, asTrimmed, charLength, field, isSent, isYes } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

/**
 * A reason (not in the spec): a moderator's for a ban, an IP ban, a report action or hiding a post, or a player's
 * report of a post; trimmed, 3-500 characters.
 */
export function validateReason(input: FormInput): Validation<{ reason: string }> {
  const reason = asTrimmed(field(input, 'reason'));
  const length = charLength(reason);
  if (length < FORUM_REASON_MIN) return fail('reasonTooShort');
  if (length > FORUM_REASON_MAX) return fail('reasonTooLong');
  return ok({ reason });
}

export interface BanValue {
  reason: string;
  /** Whole days from now, or null for a permanent ban. */
  days: number | null;
}

/**
 * A ban (docs/decisions.md#permissions): a reason (3-500) and either `days` (1-3650) or `permanent` set to a yes value. Neither,
 * or both, is refused, so a forgotten field never bans anyone for ever.
 */
export function validateBan(input: FormInput): Validation<BanValue> {
  const reason = validateReason(input);
  if (!reason.ok) return reason;
  const permanent = isYes(field(input, 'permanent'));
  const daysSent = isSent(field(input, 'days')) && asTrimmed(field(input, 'days')) !== '';
  if (permanent && !daysSent) return ok({ reason: reason.value.reason, days: null });
  const days = asInteger(field(input, 'days'));
  if (permanent || days === undefined || days < 1 || days > BAN_DAYS_MAX) return fail('banDurationInvalid');
  return ok({ reason: reason.value.reason, days });
}

/** Permission flags as a number from 0 to 127 (docs/product.md#roles). */
export function validatePermissions(input: FormInput): Validation<{ permissions: number }> {
  const permissions = asInteger(field(input, 'permissions'));
  if (permissions === undefined || permissions < 0 || permissions > ALL_PERMISSIONS) {
    return fail('permissionsInvalid');
  }
  return ok({ permissions });
}

/**
 * An IP ban: `address` (a single address or a CIDR range; the API parses it) and a reason. Only presence is
 * checked here: parsing addresses needs the server's network library.
 */
export function validateIpBan(input: FormInput): Validation<{ address: string; reason: string }> {
  const address = asTrimmed(field(input, 'address') ?? field(input, 'cidr'));
  if (address === '' || address.length > 64) return fail('ipRangeInvalid');
  const reason = validateReason(input);
  if (!reason.ok) return reason;
  return ok({ address, reason: reason.value.reason });
}

export interface NewsValue {
  title: string;
  /** As written; the server sanitises it before it is stored. */
  content: string;
  /** Empty: the server makes one from the text of the content. */
  excerpt: string;
  category_id: NewsCategoryId;
  image_hash: string | null;
  published: boolean;
  /** null: now. */
  published_at: Date | null;
}

/** The instants a DATETIME column stores (MariaDB: years 1000 to 9999); others are refused, not a database error. */
const STORABLE_FROM = Date.UTC(1000, 0, 1);
const STORABLE_UNTIL = Date.UTC(10000, 0, 1);

/** A publish time: an ISO 8601 text or unix seconds (the player API's `inserted`), within the storable years. */
function dateOf(value: unknown): Date | null | undefined {
  if (!isSent(value) || asTrimmed(value) === '') return null;
  const seconds = asInteger(value);
  const date = seconds !== undefined ? new Date(seconds * 1000) : new Date(asText(value) ?? '');
  const time = date.getTime();
  return Number.isNaN(time) || time < STORABLE_FROM || time >= STORABLE_UNTIL ? undefined : date;
}

/**
 * A news article (docs/product.md#entities News entry, docs/product.md#what-it-does labels; docs/decisions.md#content-and-uploads). With `partial`, only the fields sent are checked
 * and returned (an edit); otherwise title, content and category are required (a new article).
 */
export function validateNews(input: FormInput, options: { partial?: boolean } = {}): Validation<Partial<NewsValue>> {
  const value: Partial<NewsValue> = {};
  const sent = (key: string) => !options.partial || field(input, key) !== undefined;
  if (sent('title')) {
    const title = asTrimmed(field(input, 'title'));
    if (charLength(title) < FORUM_TITLE_MIN) return fail('titleTooShort');
    if (charLength(title) > NEWS_TITLE_MAX) return fail('titleTooLong');
    value.title = title;
  }
  if (sent('content')) {
    const content = asText(field(input, 'content')) ?? '';
    if (content.trim() === '') return fail('newsContentRequired');
    if (content.length > NEWS_CONTENT_MAX) return fail('newsContentTooLong');
    value.content = content;
  }
  if (field(input, 'excerpt') !== undefined) {
    const excerpt = asTrimmed(field(input, 'excerpt'));
    if (charLength(excerpt) > NEWS_EXCERPT_MAX) return fail('newsExcerptTooLong');
    value.excerpt = excerpt;
  }
  if (sent('category_id')) {
    const asked = asInteger(field(input, 'category_id'));
    const category = NEWS_CATEGORIES.find((c) => c.id === asked);
    if (!category) return fail('newsCategoryRequired');
    value.category_id = category.id;
  }
  if (field(input, 'image_hash') !== undefined) {
    const hash = asTrimmed(field(input, 'image_hash'));
    if (hash !== '' && !/^[0-9a-f]{32}$/.test(hash)) return fail('newsImageMissing');
    value.image_hash = hash === '' ? null : hash;
  }
  if (field(input, 'published') !== undefined) value.published = isYes(field(input, 'published'));
  if (field(input, 'published_at') !== undefined) {
    const at = dateOf(field(input, 'published_at'));
    if (at === undefined) return fail('newsPublishTimeInvalid');
    value.published_at = at;
  }
  return ok(value);
}

/**
 * A two-factor code: 6 digits; spaces and dashes an app shows for reading are ignored. Missing is
 * 'secondFactorRequired', anything else that is not a code 'secondFactorInvalid'.
 */
export function validateTotpCode(input: FormInput): Validation<{ code: string }> {
  const code = asTrimmed(field(input, 'code')).replace(/[\s-]/g, '');
  if (code === '') return fail('secondFactorRequired');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return fail('secondFactorInvalid');
  return ok({ code });
}

/**
 * The code field of the console's sign-in: a two-factor code (6 digits), or one of the recovery codes shown at
 * enrolment (12 base32 characters, any case; spaces and dashes are ignored), which signs in once instead.
 */
export function validateSignInCode(
  input: FormInput,
): Validation<{ kind: 'totp'; code: string } | { kind: 'recovery'; code: string }> {
  const code = asTrimmed(field(input, 'code')).replace(/[\s-]/g, '').toLowerCase();
  if (code === '') return fail('secondFactorRequired');
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return ok({ kind: 'totp', code });
  if (new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(code)) return ok({ kind: 'recovery', code });
  return fail('secondFactorInvalid');
}
