/**
 * Payloads of the accounts, ranking, news and season calls (docs/product.md#entities, docs/product.md#calls; docs/decisions.md#api-contract). Field names are the
 * spec's snake_case from column to wire (CONVENTIONS habit 1). Times on the wire are unix seconds.
 */
import type { ConsoleId, NewsCategoryId } from '../constants.ts';

/** Every error answer (docs/decisions.md#api-contract): `{ "error": "<human message>" }`. */
export interface ErrorResponse {
  error: string;
}

/** POST /user/login (docs/product.md#entities "Login response", docs/product.md#calls). */
export interface LoginResponse {
  id: number;
  token: string;
}

/** A team as shown next to a player: the IRL team's name and photo. */
export interface TeamPayload {
  name: string;
  /** Image id under `team/`; null when no photo was uploaded. */
  avatar_hash: string | null;
}

/** The stats part of docs/product.md#entities User that a final result changes (the `stats` event, docs/product.md#calls). */
export interface UserStats {
  wins: number;
  losses: number;
  ties: number;
  scored_goals: number;
  conceded_goals: number;
  secured_trophies: number;
  unsecured_trophies: number;
  elo: number;
}

/**
 * The fields of {@link UserStats}, each the name of the `users` column that holds it: the one list the reads of a
 * player's stats select and present.
 */
export const USER_STATS_FIELDS = [
  'wins',
  'losses',
  'ties',
  'scored_goals',
  'conceded_goals',
  'secured_trophies',
  'unsecured_trophies',
  'elo',
] as const satisfies readonly (keyof UserStats)[];

/** The signed-in user (docs/product.md#entities "User", without the token, which travels beside it). */
export interface UserPayload extends UserStats {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Image id of the avatar (small, medium and orig share it); null when the player has none. */
  avatar_hash: string | null;
  /** Place in the Elo ranking list (sorting 0), 1-based; null when the player has no place in it. */
  rank: number | null;
  /** Bit flags of docs/product.md#roles. */
  permissions: number;
  /**
   * The flags this session may use (docs/decisions.md#permissions, `sessionPermissions`): 0 for an account that needs a second
   * factor when signed in with a password only, so the player app offers only the staff tools that work.
   */
  session_permissions: number;
  /** True for staff (`permissions > 0`); labelled Admin in forums (docs/product.md#roles). */
  admin: boolean;
  console: ConsoleId;
  gamer_tag: string;
  /** The player's open game, if any. */
  game_id: number | null;
  team: TeamPayload;
  fifa_team_name: string;
  online: boolean;
  /** The player's own "hide my real name" setting (docs/rules.md "What others see of a player"). */
  hide_real_name: boolean;
}

/** GET or POST /user/auth, POST /user/signup, POST /user/reset_password (docs/product.md#calls: "id, token plus user"). */
export interface AuthResponse {
  id: number;
  token: string;
  user: UserPayload;
}

/** One row of GET /ranking/list (docs/product.md#entities "Ranking entry", plus the user's id). */
export interface RankingEntry {
  id: number;
  rank: number;
  /** Null when hidden from others (docs/rules.md "What others see of a player"): a minor's, or an adult's choice. */
  first_name: string | null;
  last_name: string | null;
  username: string;
  /** Null for a minor. */
  gamer_tag: string | null;
  avatar_hash: string | null;
  /** The IRL club; null for a minor. */
  team: TeamPayload | null;
  console: ConsoleId;
  /** A minor shows as offline to signed-out readers. */
  online: boolean;
  secured_trophies: number;
  scored_goals: number;
  wins: number;
  losses: number;
  ties: number;
  elo: number;
}

/** GET /ranking/list. */
export interface RankingListResponse {
  rankings: RankingEntry[];
  /** Number of ranked players, so the client knows whether 'Show more players' can load more. */
  total: number;
}

/** `sorting` of GET /ranking/list: 0 Elo, 1 trophies (docs/product.md#calls). */
export type RankingSorting = 0 | 1;

/** One item of GET /news/latest (docs/product.md#entities "News entry"). */
export interface NewsListEntry {
  id: number;
  title: string;
  /** Plain text. */
  excerpt: string;
  image_hash: string | null;
  category_id: NewsCategoryId;
  /** Unix seconds. */
  inserted: number;
}

/** /news/get (docs/product.md#entities "full entry"). */
export interface NewsEntry {
  id: number;
  title: string;
  /** Sanitised HTML (docs/decisions.md#content-and-uploads). */
  content: string;
  image_hash: string | null;
  category_id: NewsCategoryId;
  publisher_first_name: string;
  publisher_last_name: string;
  /** Unix seconds. */
  inserted: number;
}

/** GET /user/search_teams (docs/product.md#entities "Team search response"). */
export interface TeamSearchResponse {
  teams: string[];
  /** True when a team with exactly the searched name exists. */
  has_match: boolean;
}

/** POST /user/profile_picture/set (docs/product.md#calls: "avatar hash"). */
export interface AvatarResponse {
  avatar_hash: string;
}

/** The current season as the clients see it (docs/decisions.md#season-and-time). Times are unix seconds. */
export interface SeasonPayload {
  id: number;
  name: string;
  product_name: string;
  qualifiers_start: number;
  qualifiers_end: number;
  /** IANA zone of the weekly window, e.g. 'Europe/Stockholm'. */
  time_zone: string;
  /** Minutes since Monday 00:00 local; default 0. */
  window_start_minute: number;
  /** Minutes since Monday 00:00 local, exclusive; default 7200 (Saturday 00:00). */
  window_end_minute: number;
  finals_date: number | null;
  trophy_hunt_end: number | null;
  prizes_text: string;
  max_games_per_week: number;
  /** Target of the start button's countdown (docs/product.md#screens-and-routes, docs/product.md#constants). */
  start_countdown_at: number;
}

/** One of the 245 countries (docs/product.md#entities): id 0-244, two-letter lower-case code, English name. */
export interface Country {
  id: number;
  code: string;
  name: string;
}

/** One session in "Where you're signed in" (GET /user/sessions): never the whole address. */
export interface SessionPayload {
  id: number;
  /** A short name of the browser and system, e.g. "Chrome on Android" (domain `browserName`). */
  browser: string;
  /** The sign-in address cut short, e.g. "192.168.1.x" (domain `shortAddress`); null when unknown. */
  address: string | null;
  /** First use (sign-in), unix seconds. */
  created_at: number;
  /** Last use, unix seconds (written at most once a minute). */
  last_seen_at: number;
  /** The session making this call ("This device"). */
  current: boolean;
  /** A console session (staff sign-in to the console). */
  console: boolean;
}

/** GET /user/sessions: the caller's sessions that have not ended, most recently used first. */
export interface SessionsResponse {
  sessions: SessionPayload[];
}

/** POST /user/sessions/sign_out_others: how many sessions were signed out. */
export interface SignOutOthersResponse {
  signed_out: number;
}
