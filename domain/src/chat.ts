/**
 * Chat modes and quick messages (docs/decisions.md#minors-safety). The PSN ID is on the game page, so players never need to
 * type contact details: quick messages are offered in every game chat, and between an adult and a minor they are
 * the only way to chat unless the season says otherwise.
 */
import { localParts } from './time.ts';
import { isMinorOn, type BirthDate } from './validation/signup.ts';

/** A season's setting for chats between an adult and a minor (docs/decisions.md#minors-safety); `presets` by default. */
export const CHAT_MODES = ['presets', 'filtered', 'off'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
export const CHAT_MODE_DEFAULT: ChatMode = 'presets';

/** What each chat mode lets an adult and a minor do, in words, for every screen that names a season's mode. */
export const CHAT_MODE_LABELS: Record<ChatMode, string> = {
  presets: 'quick messages only',
  filtered: 'free text, contact details and swearing masked',
  off: 'off',
};

/** True for one of {@link CHAT_MODES}. */
export function isChatMode(value: unknown): value is ChatMode {
  return typeof value === 'string' && (CHAT_MODES as readonly string[]).includes(value);
}

/**
 * What a game's chat allows: `free` text, `filtered` free text (contact details and swearing masked), quick
 * messages only (`presets`), or nothing (`off`).
 */
export type ChatPolicy = 'free' | 'filtered' | 'presets' | 'off';

/**
 * docs/decisions.md#minors-safety: adult with adult, free text; minor with minor, filtered; adult with minor, the season's mode
 * (`presets`, `filtered` or `off`). Symmetric: who sends does not matter, only who takes part.
 */
export function chatPolicy(seasonMode: ChatMode, senderIsMinor: boolean, otherIsMinor: boolean): ChatPolicy {
  if (!senderIsMinor && !otherIsMinor) return 'free';
  if (senderIsMinor && otherIsMinor) return 'filtered';
  return seasonMode;
}

/** The chat filter's reasons that are contact details, as opposed to swearing. */
export const CONTACT_MASK_REASONS: readonly string[] = ['phone', 'email', 'link', 'handle', 'address'];

/**
 * Automatic flags: an adult whose line to a minor was masked for contact details is flagged for the moderators,
 * who see the flag first in their queue. `reasons` are the filter's reasons for the masked line (and any earlier
 * line it masked again).
 */
export function flagsContactAttempt(
  reasons: readonly string[],
  senderIsMinor: boolean,
  otherIsMinor: boolean,
): boolean {
  return !senderIsMinor && otherIsMinor && reasons.some((reason) => CONTACT_MASK_REASONS.includes(reason));
}

/**
 * docs/decisions.md#minors-safety: a player is a minor while under 18 on the current date in the season's time zone (so a birthday
 * counts from local midnight, not from UTC's).
 */
export function isMinorIn(birth: BirthDate, now: Date, timeZone: string): boolean {
  const local = localParts(now, timeZone);
  return isMinorOn(birth, new Date(Date.UTC(local.year, local.month - 1, local.day)));
}

/** The quick messages, keyed; the English text is what is stored, each app shows its own language. */
export const CHAT_PRESETS = {
  ready: 'Ready?',
  invite_sent: 'Sent you an invite',
  accepted: 'Invite accepted',
  wait: 'Give me a minute',
  lag: 'Lag on my side',
  sorry_dc: 'Sorry, I disconnected',
  good_game: 'Good game!',
  well_played: 'Well played!',
  thanks: 'Thanks!',
  rematch: 'Rematch next week?',
} as const;
export type ChatPresetKey = keyof typeof CHAT_PRESETS;
/** The keys in the order the app shows them: before, during and after the game. */
export const CHAT_PRESET_KEYS = Object.keys(CHAT_PRESETS) as ChatPresetKey[];

/** True for one of the quick messages' keys. */
export function isChatPresetKey(value: unknown): value is ChatPresetKey {
  return typeof value === 'string' && Object.hasOwn(CHAT_PRESETS, value);
}
