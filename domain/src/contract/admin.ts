/**
 * The admin console's REST API (`/admin/api/`, docs/decisions.md#permissions; docs/api.md "Admin API"): which flag each resource
 * needs, the two-factor settings, and the records the API answers. The console's `authProvider.canAccess` and the
 * server read the same table, so the menu and the 403s never disagree. Times are ISO 8601 strings (react-admin's
 * date fields read them as they are); ids are numbers.
 */
import type { ChatMessagePayload, EvidencePayload, GamePlayer, GameStateName, GameSummary } from './games.ts';
import type { ReportKind, ReportOutcome, ReportReason } from './reports.ts';
import { ALL_PERMISSIONS, PERMISSIONS, hasAll, type PermissionName, type PermissionSubject } from '../permissions.ts';

/** Every console resource and the flags it needs for every call (`ALL_PERMISSIONS`: holders of every flag). */
export const ADMIN_RESOURCES = {
  users: PERMISSIONS.canSeeUserProfile,
  'ip-bans': PERMISSIONS.canIPBan,
  conflicts: PERMISSIONS.canResolveConflicts,
  news: PERMISSIONS.canPublishNews,
  'country-stats': PERMISSIONS.canSeeCountryStats,
  reports: PERMISSIONS.canBanUsers,
  'trophy-winners': PERMISSIONS.canSeeTrophyWinners,
  'audit-log': ALL_PERMISSIONS,
} as const;

export type AdminResourceName = keyof typeof ADMIN_RESOURCES;

/** Resource names in menu order. */
export const ADMIN_RESOURCE_NAMES = Object.keys(ADMIN_RESOURCES) as AdminResourceName[];

/**
 * Actions that need more than their resource's flag: a ban or unban needs canSeeUserProfile and canBanUsers (it is
 * done from the user page), editing permission flags needs every flag (docs/decisions.md#permissions).
 */
export const ADMIN_ACTION_FLAGS = {
  /** Ban, unban, and signing a user out of their sessions. */
  ban: PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers,
  permissions: ALL_PERMISSIONS,
} as const;

/** True when the subject may use the resource (docs/product.md#roles flags; the server answers 403 otherwise). */
export function canUseAdminResource(subject: PermissionSubject, resource: AdminResourceName): boolean {
  return hasAll(subject, ADMIN_RESOURCES[resource]);
}

/** The resources a staff member may use, in menu order. */
export function adminResourcesOf(subject: PermissionSubject): AdminResourceName[] {
  return ADMIN_RESOURCE_NAMES.filter((name) => canUseAdminResource(subject, name));
}

/**
 * Whether the console needs a second factor from this account (docs/decisions.md#permissions): staff who turned TOTP on, and every
 * holder of all flags, who must turn it on before the console lets them in.
 */
export function needsSecondFactor(user: { permissions: PermissionSubject; totp_enabled: boolean }): boolean {
  return user.totp_enabled || hasAll(user.permissions, ALL_PERMISSIONS);
}

/**
 * The staff flags a session may use (docs/decisions.md#permissions): an account that needs a second factor uses its flags only from
 * a session that passed one at console sign-in; from a password-only session (the player app's sign-in) it acts as
 * a player. Everyone else uses their flags from any session.
 */
export function sessionPermissions(
  user: { permissions: number; totp_enabled: boolean },
  passedSecondFactor: boolean,
): number {
  return needsSecondFactor(user) && !passedSecondFactor ? 0 : user.permissions;
}

/** RFC 6238 defaults, which every authenticator app reads from the otpauth:// link. */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the previous and the next period are accepted too (clock drift of the phone). */
export const TOTP_WINDOW = 1;
/** How long an operator's console enrolment link stays valid (docs/decisions.md#permissions); it works once. */
export const ENROLMENT_LINK_TTL_MINUTES = 30;
/** The one-time recovery codes shown at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code's characters (base32, lowercase, 60 bits), shown in groups of four: `abcd-efgh-ijkl`. */
export const RECOVERY_CODE_LENGTH = 12;

/** The most rows one list call answers (`range` is clamped to it). */
export const ADMIN_PAGE_MAX = 500;
/** The longest ban in days; longer means permanent. */
export const BAN_DAYS_MAX = 3650;
/** The widest IP-ban ranges: a /16 of IPv4, a /32 of IPv6 (a typo must not lock out a country). */
export const IP_BAN_MIN_PREFIX_V4 = 16;
export const IP_BAN_MIN_PREFIX_V6 = 32;
/** News limits (the `news` columns). */
export const NEWS_TITLE_MAX = 200;
export const NEWS_EXCERPT_MAX = 500;
export const NEWS_CONTENT_MAX = 1_000_000;

// --- Sign-in (POST /admin/api/auth/*) ---

/** The signed-in staff member (`GET /admin/api/auth/me`, and `user` of a sign-in). */
export interface AdminIdentity {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  avatar_hash: string | null;
  permissions: number;
  flags: PermissionName[];
  totp_enabled: boolean;
  /** The resources the console may show (ADMIN_RESOURCES). */
  resources: AdminResourceName[];
}

/** A sign-in that opened a session. */
export interface AdminSession {
  id: number;
  token: string;
  user: AdminIdentity;
}

/** 401 when the account has TOTP on and no or a wrong code was sent. */
export interface AdminTotpRequired {
  error: string;
  totp_required: true;
}

export interface AdminTotpSetup {
  secret: string;
  otpauth_url: string;
}

/** `POST /admin/api/auth/enrol/start`: the secret for the account the enrolment link belongs to. */
export interface AdminEnrolmentStart extends AdminTotpSetup {
  username: string;
}

/**
 * Two-factor sign-in turned on (`POST /admin/api/auth/totp/enable`): the recovery codes, shown this once (only
 * their hashes are kept).
 */
export interface AdminTotpEnabled {
  totp_enabled: true;
  recovery_codes: string[];
}

/** `POST /admin/api/auth/enrol/finish`: the enrolment is done, the recovery codes shown once, a session opened. */
export interface AdminEnrolmentDone extends AdminSession {
  recovery_codes: string[];
}

// --- Records ---

export interface AdminUserRef {
  id: number;
  username: string;
}

export interface AdminUserRecord {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar_hash: string | null;
  gamer_tag: string;
  console: number;
  country_id: number;
  country: string | null;
  elo: number;
  wins: number;
  losses: number;
  ties: number;
  games_played: number;
  permissions: number;
  flags: PermissionName[];
  totp_enabled: boolean;
  banned: boolean;
  /** null when not banned; far in the future (year 9999) for a permanent ban. */
  banned_until: string | null;
  ban_permanent: boolean;
  ban_reason: string | null;
  erased: boolean;
  created_at: string;
}

export interface AdminUserGame {
  id: number;
  opponent: AdminUserRef;
  /** This user's goals first. */
  own_score: number | null;
  opponent_score: number | null;
  state: GameStateName;
  conflict: boolean;
  conflict_solved: boolean;
  elo_change: number | null;
  created_at: string;
}

/** One session of a user on the console's user page (as the player's own list shows it). */
export interface AdminUserSession {
  id: number;
  browser: string;
  address: string | null;
  created_at: string;
  last_seen_at: string;
  console: boolean;
}

export interface AdminUserDetail extends AdminUserRecord {
  birth_date: string;
  team_name: string;
  fifa_team_name: string;
  guardian_email: string | null;
  guardian_confirmed: boolean;
  stats: {
    rank: number | null;
    wins: number;
    losses: number;
    ties: number;
    games_played: number;
    scored_goals: number;
    conceded_goals: number;
    secured_trophies: number;
    unsecured_trophies: number;
    elo: number;
    forum_posts: number;
  };
  /** The last 20 games, newest first. */
  recent_games: AdminUserGame[];
  /** Every game of the user that went to conflict, newest first (at most 100). */
  conflicts: AdminUserGame[];
  /** Addresses of the user's sessions, most recently seen first (sessions end at password change and reset). */
  sign_in_ips: { ip: string; sessions: number; first_seen: string; last_seen: string }[];
  /**
   * "Where they're signed in": the sessions that have not ended, most recently used first; null for staff who may
   * not sign them out (ADMIN_ACTION_FLAGS.ban).
   */
  sessions: AdminUserSession[] | null;
  bans: {
    id: number;
    reason: string;
    created_by: AdminUserRef | null;
    created_at: string;
    expires_at: string | null;
    lifted_at: string | null;
    lifted_by: AdminUserRef | null;
  }[];
}

export interface AdminIpBanRecord {
  id: number;
  cidr: string;
  first_address: string;
  last_address: string;
  reason: string;
  created_by: AdminUserRef | null;
  created_at: string;
}

export interface AdminConflictRecord {
  id: number;
  user_1: AdminUserRef & { avatar_hash: string | null };
  user_2: AdminUserRef & { avatar_hash: string | null };
  state: GameStateName;
  score_1: number | null;
  score_2: number | null;
  /** 'Solved' or 'Conflict' (docs/product.md#screens-and-routes Conflicts page). */
  status: string;
  solved: boolean;
  solved_by: AdminUserRef | null;
  /** When the disputed result was entered: the queue's order. */
  waiting_since: string;
  /** Seconds the conflict has been waiting; null once solved. */
  age_seconds: number | null;
  claimed_by: AdminUserRef | null;
  claimed_at: string | null;
  created_at: string;
}

export interface AdminConflictPlayer extends GamePlayer {
  /** 1 or 2: the player's side in the game (score_1 is user 1's goals). */
  side: 1 | 2;
  /** Final games the player has played (the Elo rule's K reads it; the resolve confirmation rates with it). */
  games_played: number;
  /** What this player entered: a score, an 'Opponent left' report, or nothing (they protested or did not answer). */
  result: { kind: 'score' | 'opponent_left'; score_1: number | null; score_2: number | null; at: string } | null;
}

export interface AdminEvidence extends EvidencePayload {
  /** Path of the image (`/images/evidence/...`), or null for a video. */
  image_url: string | null;
  /** YouTube embed address, or null for an image. */
  embed_url: string | null;
}

/**
 * A chat line as staff see it: a masked line carries what was typed and why it was masked (`phone`,
 * `email`, `link`, `handle`, `profanity`), kept for 90 days (docs/decisions.md#minors-safety).
 */
export interface AdminChatMessage extends ChatMessagePayload {
  original?: string;
  original_reasons?: string[];
}

export interface AdminConflictDetail extends AdminConflictRecord {
  game: GameSummary;
  players: [AdminConflictPlayer, AdminConflictPlayer];
  /** The whole chat, oldest first, with the originals of masked lines. */
  messages: AdminChatMessage[];
  evidence: AdminEvidence[];
  /** The two players' other final games against each other, newest first (at most 50). */
  history: {
    games: { id: number; score_1: number; score_2: number; user_1_id: number; user_2_id: number; final_at: string }[];
    user_1_wins: number;
    user_2_wins: number;
    ties: number;
  };
}

export interface AdminNewsRecord {
  id: number;
  title: string;
  excerpt: string;
  /** Sanitised HTML (docs/decisions.md#content-and-uploads). */
  content: string;
  image_hash: string | null;
  image_url: string | null;
  category_id: number;
  /** The docs/product.md#what-it-does label of the category. */
  category: string;
  published: boolean;
  published_at: string;
  publisher: { id: number; first_name: string; last_name: string } | null;
  created_at: string;
  updated_at: string;
}

export interface AdminCountryStatsRecord {
  /** The country id. */
  id: number;
  code: string;
  name: string;
  players: number;
  /** Players with at least one game. */
  active_players: number;
  /** Final games with at least one player of the country (a game between two of them counts once). */
  games: number;
  /** Rounded average Elo of the active players; null when none. */
  average_elo: number | null;
}

/** A player in a report, with their age today (from the birth date) and whether their chat is muted. */
export interface AdminReportPlayer extends AdminUserRef {
  age: number;
  chat_muted_until: string | null;
  banned: boolean;
}

/** An earlier (or later) report by or against one of the two players, on the report's page. */
export interface AdminReportHistoryItem {
  id: number;
  kind: ReportKind;
  reason: ReportReason;
  /** Null for an automatic flag. */
  reporter: AdminUserRef | null;
  reported: AdminUserRef;
  created_at: string;
  outcome: ReportOutcome | null;
}

/** A masked chat line or forum post of one of a report's players, as typed (staff only, kept 90 days). */
export interface AdminMaskedAttempt {
  /** A chat line, a forum post, or a forum thread's title. */
  source: 'chat' | 'forum' | 'forum_title';
  user: AdminUserRef;
  original: string;
  /** The filter's reasons, e.g. ['phone', 'profanity']. */
  reasons: string[];
  created_at: string;
  /** The game of a chat line, else null. */
  game_id: number | null;
  /** The thread of a forum post or title (its title as stored, masked), else null. */
  thread: { id: number; title: string } | null;
}

/** A post of a reported post's thread on the report's page; `reported` marks the reported one. */
export interface AdminReportThreadPost {
  id: number;
  author: AdminUserRef;
  message: string;
  created_at: string;
  hidden: boolean;
  reported: boolean;
}

/**
 * One item of the safeguarding queue (docs/decisions.md#minors-safety, `reports`, canBanUsers): a report of a chat line, a player or
 * a forum post, or an automatic flag. The page (getOne) adds the game's whole chat transcript with the reported line
 * marked (or, for a post, the posts around it in its thread), the other reports by or against both players, and
 * both players' masked attempts.
 */
export interface AdminReportRecord {
  id: number;
  kind: ReportKind;
  reason: ReportReason;
  text: string | null;
  /** Null for an automatic flag. */
  reporter: AdminReportPlayer | null;
  reported: AdminReportPlayer;
  /** For a flag: how many of the player's lines to minors were masked for contact details while it was open. */
  attempts: number | null;
  /** For a post report: the post and its thread. */
  post: {
    id: number;
    message: string;
    hidden: boolean;
    hidden_reason: string | null;
    created_at: string;
    thread: { id: number; title: string; category_id: number; locked: boolean };
  } | null;
  game_id: number | null;
  chat_message_id: number | null;
  created_at: string;
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: AdminUserRef | null;
  outcome: ReportOutcome | null;
  /** The reported line's text (list and page), or null for a report of the player. */
  line: string | null;
  /** Only on the page: every line of the game, oldest first; `reported` marks the reported one, `original` is a masked line as typed. */
  transcript?: (ChatMessagePayload & { reported: boolean; original: string | null })[];
  /** Only on the page, for a post report: the posts around it in its thread, oldest first. */
  thread_posts?: AdminReportThreadPost[];
  /** Only on the page: other reports by or against either player, newest first. */
  history?: AdminReportHistoryItem[];
  /** Only on the page: both players' masked chat lines and posts as typed, newest first. */
  masked?: AdminMaskedAttempt[];
}

export interface AdminAuditRecord {
  id: number;
  actor: AdminUserRef | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

/**
 * One weekly trophy-hunt winner of the current season (docs/decisions.md#trophy-hunt: per week, the players who secured trophies, in
 * order of securing), with what the prize hand-out needs. A player wins once per tournament, so the id is the
 * player's id. Minors cannot receive a prize until their guardian confirmed (docs/decisions.md#permissions).
 */
export interface AdminTrophyWinnerRecord {
  /** The player's id. */
  id: number;
  /** Monday 00:00 of the week in the season's zone. */
  week_start: string;
  /** That Monday's date in the season's zone (YYYY-MM-DD). */
  week_date: string;
  /** 1 for the season's first week of the hunt with securings. */
  week: number;
  /** 1 for the week's first winner. */
  position: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  gamer_tag: string;
  /** YYYY-MM-DD. */
  birth_date: string;
  /** Under 18 on the day the list is made. */
  minor: boolean;
  guardian_email: string | null;
  /** null for adults. */
  guardian_confirmed: boolean | null;
  secured_at: string;
}
