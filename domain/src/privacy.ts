/**
 * What others see of a player (docs/rules.md "What others see of a player"). A minor's public identity is the
 * username, avatar, country, Elo, results and trophies: their first and last name, their IRL club and their gamer
 * tag are for staff, and the gamer tag also for the opponent of a game. An adult may hide their real name. Every
 * presenter that shows a player to someone else asks this module, so the rule has one home.
 */
import { isMinorIn } from './chat.ts';
import { ADULT_AGE_YEARS } from './constants.ts';
import { birthDateOf, isRealDate } from './validation/signup.ts';
import { localParts } from './time.ts';

/** The stored columns the rule reads: the birth date (a DATE) and the adult's "hide my real name" setting. */
export interface PrivacySubject {
  birth_date: Date | string;
  /** TINYINT 0/1 as MariaDB answers it, or a boolean. */
  hide_real_name: boolean | number;
}

/** Who is looking: a signed-in player or a visitor, staff, or the other player of the game shown. */
export interface IdentityViewer {
  signedIn: boolean;
  staff: boolean;
  /** True when the viewer plays the game the card belongs to (they need the gamer tag to play). */
  opponent: boolean;
}

/** A visitor who is not signed in. */
export const SIGNED_OUT_VIEWER: IdentityViewer = { signedIn: false, staff: false, opponent: false };
/** A signed-in player who is neither staff nor in a game with the player. */
export const PLAYER_VIEWER: IdentityViewer = { signedIn: true, staff: false, opponent: false };
/** A player of the same game (match card, game screen). */
export const OPPONENT_VIEWER: IdentityViewer = { signedIn: true, staff: false, opponent: true };
/** Staff, who see everything. */
export const STAFF_VIEWER: IdentityViewer = { signedIn: true, staff: true, opponent: false };

/** Which parts of a player's identity a viewer sees. */
export interface IdentityVisibility {
  minor: boolean;
  /** First and last name. */
  real_name: boolean;
  /** The IRL club (team name and crest). */
  club: boolean;
  gamer_tag: boolean;
  /** Whether the online flag may be shown. */
  online: boolean;
  /** Whether the profile page may be indexed and listed in the sitemap. */
  indexable: boolean;
}

/** Whether the player is a minor at `now` in `timeZone` (the season's). */
export function isMinorPlayer(player: Pick<PrivacySubject, 'birth_date'>, now: Date, timeZone: string): boolean {
  return isMinorIn(birthDateOf(player.birth_date), now, timeZone);
}

/** Which parts of `player`'s identity `viewer` sees at `now` (the season's `timeZone` decides birthdays). */
export function identityVisibility(
  player: PrivacySubject,
  viewer: IdentityViewer,
  now: Date,
  timeZone: string,
): IdentityVisibility {
  const minor = isMinorPlayer(player, now, timeZone);
  if (viewer.staff) return { minor, real_name: true, club: true, gamer_tag: true, online: true, indexable: !minor };
  return {
    minor,
    real_name: !minor && !player.hide_real_name,
    club: !minor,
    gamer_tag: !minor || viewer.opponent,
    online: !minor || viewer.signedIn,
    indexable: !minor,
  };
}

/** The identity columns a card can carry. */
export interface IdentityFields {
  first_name: string;
  last_name: string;
  team_name: string;
  team_avatar_hash: string | null;
  gamer_tag: string;
}

/** The identity as `viewer` may see it: what they may not see is null. */
export interface PublicIdentity {
  first_name: string | null;
  last_name: string | null;
  team_name: string | null;
  team_avatar_hash: string | null;
  gamer_tag: string | null;
  /** Whether the online flag may be shown (false: show the player as offline, or leave the flag out). */
  show_online: boolean;
  indexable: boolean;
}

/** `player`'s identity fields as `viewer` sees them at `now` in `timeZone`. */
export function publicIdentity(
  player: PrivacySubject & IdentityFields,
  viewer: IdentityViewer,
  now: Date,
  timeZone: string,
): PublicIdentity {
  const seen = identityVisibility(player, viewer, now, timeZone);
  return {
    first_name: seen.real_name ? player.first_name : null,
    last_name: seen.real_name ? player.last_name : null,
    team_name: seen.club ? player.team_name : null,
    team_avatar_hash: seen.club ? player.team_avatar_hash : null,
    gamer_tag: seen.gamer_tag ? player.gamer_tag : null,
    show_online: seen.online,
    indexable: seen.indexable,
  };
}

/**
 * The latest birth date (YYYY-MM-DD) of a player who is an adult at `now` in `timeZone`: a birth date on or before
 * it is an adult's, a later one a minor's. For filters in SQL (search, sitemap) that must agree with
 * {@link isMinorPlayer}. On 29 February the date 18 years back may not exist; the 28th is then the last adult's.
 */
export function adultBornOnOrBefore(now: Date, timeZone: string): string {
  const local = localParts(now, timeZone);
  const year = local.year - ADULT_AGE_YEARS;
  const day = isRealDate(year, local.month, local.day) ? local.day : local.day - 1;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(local.month, 2)}-${pad(day, 2)}`;
}

/** "First Last" for display, or '' when the names are hidden (a screen then shows the username alone). */
export function fullNameOf(player: { first_name: string | null; last_name: string | null }): string {
  return [player.first_name ?? '', player.last_name ?? ''].join(' ').trim();
}
