/**
 * Business constants and limits (docs/product.md#constants, plus the numbers fixed by docs/decisions.md).
 * Every duration carries its unit in the name; lengths are counted in characters (Unicode code points).
 */

// --- Matchmaking and games (docs/product.md#states, docs/product.md#constants; docs/decisions.md#matchmaking) ---

/** Time a matched player has to accept or decline (docs/product.md#states, docs/product.md#constants). */
export const ACCEPT_WINDOW_MS = 30_000;
/** Grace after the accept window before the match is cleared (docs/product.md#states: "passes -2 s"). */
export const ACCEPT_GRACE_MS = 2_000;
/** Interval at which a queued client sends a keepalive (docs/product.md#states). */
export const QUEUE_KEEPALIVE_MS = 6_000;
/** A queue entry with no keepalive for this long is removed by the worker (docs/decisions.md#matchmaking). */
export const QUEUE_KEEPALIVE_EXPIRY_MS = 20_000;
/** Pairing runs at least this often (docs/decisions.md#matchmaking). */
export const PAIRING_INTERVAL_MS = 1_000;
/** Allowed Elo gap when a player has just entered the queue (docs/decisions.md#matchmaking). */
export const PAIRING_ELO_GAP_START = 100;
/** The allowed Elo gap widens by this much ... (docs/decisions.md#matchmaking) */
export const PAIRING_ELO_GAP_STEP = 50;
/** ... for every this many milliseconds waited (docs/decisions.md#matchmaking). */
export const PAIRING_ELO_GAP_STEP_MS = 10_000;
/** After this long in the queue any Elo gap is allowed (docs/decisions.md#matchmaking). */
export const PAIRING_ELO_GAP_UNLIMITED_AFTER_MS = 60_000;
/** Declines or timeouts within {@link QUEUE_PENALTY_WINDOW_MS} that trigger a queue cooldown (docs/decisions.md#matchmaking). */
export const QUEUE_PENALTY_MISSES = 3;
/** Window in which misses are counted (docs/decisions.md#matchmaking). */
export const QUEUE_PENALTY_WINDOW_MS = 60 * 60_000;
/** How long a penalised player cannot queue (docs/decisions.md#matchmaking). */
export const QUEUE_PENALTY_COOLDOWN_MS = 5 * 60_000;
/** The result form opens this long after the game started (docs/product.md#states, docs/product.md#constants). */
export const RESULT_ENTRY_DELAY_MS = 720_000;
/** A submission or 'Opponent left' report with no answer for this long goes to conflict (docs/decisions.md#matchmaking). */
export const CONFLICT_ESCALATION_MS = 15 * 60_000;
/** Minimum gap between chat messages (docs/product.md#validation: "about 4 s"). */
export const CHAT_THROTTLE_MS = 4_000;
/** Gap after a message was sent successfully (docs/product.md#validation). */
export const CHAT_THROTTLE_AFTER_SUCCESS_MS = 3_750;
/** Score of a confirmed 'Opponent left' report: a forfeit win for the player who stayed (docs/rules.md). */
export const FORFEIT_WIN_SCORE = 3;
/** Longest chat message, in characters (not in the spec; the column holds 1000). */
export const CHAT_MESSAGE_MAX = 500;
/** Chat lines /game/get answers, newest last (not in the spec). */
export const CHAT_HISTORY_MAX = 200;
/**
 * A masked chat line or forum post is kept as typed for staff this long (docs/decisions.md#minors-safety), then the daily
 * `clean-chat-originals` job deletes it.
 */
export const CHAT_ORIGINAL_RETENTION_DAYS = 90;
/**
 * Days the uploaded evidence images of a solved conflict are kept after the moderator's decision: long
 * enough for a late question about the decision, then the photos (which may show players' rooms and screens) are
 * deleted each night. The game's result, the decision and any YouTube links stay.
 */
export const SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS = 90;
/** Lowest score a player can report (docs/product.md#validation). */
export const SCORE_MIN = 0;
/** Highest score a player can report (docs/product.md#validation: "integer 0-99"). */
export const SCORE_MAX = 99;
/** Maximum games per player per week (docs/product.md#constants terms; docs/decisions.md#season-and-time). */
export const MAX_GAMES_PER_WEEK = 30;
/** Length of one half in a tournament game (docs/product.md#constants terms). */
export const HALF_LENGTH_MS = 6 * 60_000;

// --- Lists (docs/product.md#screens-and-routes, docs/product.md#constants) ---

/** Players shown first in the home-page ranking (docs/product.md#constants). */
export const RANKING_INITIAL = 10;
/** 'Show more players' buttons load this many more (docs/product.md#constants). */
export const RANKING_STEPS = [25, 100, 250] as const;
/** Players on the ranking page (docs/product.md#screens-and-routes, docs/product.md#constants). */
export const RANKING_PAGE_SIZE = 50;
/** Largest page the ranking list answers in one call (the largest step). */
export const RANKING_MAX_AMOUNT = 250;
/** `sorting` parameter of GET /ranking/list (docs/product.md#calls). */
export const RANKING_SORT_ELO = 0;
export const RANKING_SORT_TROPHIES = 1;
/** Latest news on the home page (docs/product.md#screens-and-routes, docs/product.md#constants). */
export const HOME_NEWS_COUNT = 4;
/** Further articles listed under a news article (docs/product.md#screens-and-routes, docs/product.md#constants). */
export const NEWS_FURTHER_COUNT = 8;
/** Threads shown first in a forum category (docs/product.md#screens-and-routes, docs/product.md#constants). */
export const FORUM_THREADS_INITIAL = 10;
/** 'Show more topics' buttons load this many more (docs/product.md#screens-and-routes, docs/product.md#constants). */
export const FORUM_THREAD_STEPS = [25, 100, 250] as const;
/** Largest page the thread list answers in one call (the largest step). */
export const FORUM_THREADS_MAX_AMOUNT = 250;
/** Forum reply and thread message length, after trimming (docs/product.md#validation). */
export const FORUM_MESSAGE_MIN = 3;
export const FORUM_MESSAGE_MAX = 10_000;
/** Forum thread title length, after trimming (docs/product.md#validation). */
export const FORUM_TITLE_MIN = 3;
export const FORUM_TITLE_MAX = 1_000;
/** Input maxlength hints of the forum forms (docs/product.md#validation); the server limits are the MIN/MAX above. */
export const FORUM_REPLY_INPUT_MAXLENGTH = 5_000;
export const FORUM_TITLE_INPUT_MAXLENGTH = 100;
export const FORUM_THREAD_MESSAGE_INPUT_MAXLENGTH = 10_000;
/** Forum category ids (docs/product.md#screens-and-routes: four categories, 0-3). */
export const FORUM_CATEGORY_IDS = [0, 1, 2, 3] as const;
/** Largest number of posts one thread page answers (not in the spec; the thread view loads all posts). */
export const FORUM_POSTS_MAX_AMOUNT = 500;
/** Longest forum search text; longer input is cut (not in the spec). */
export const FORUM_SEARCH_MAX = 100;
/** Report and hide reason length, after trimming (not in the spec; the size of the column). */
export const FORUM_REASON_MIN = 3;
export const FORUM_REASON_MAX = 500;

// --- Trophy hunt (docs/product.md#states, docs/product.md#constants; docs/decisions.md#trophy-hunt) ---

/** Trophies in the weekly pool (docs/product.md#constants). */
export const TROPHY_POOL_SIZE = 25;
/** Trophies opened per week (docs/product.md#constants: "25 trophies a week"). */
export const TROPHIES_PER_WEEK = 25;
/** Wins in a row that secure a trophy (docs/product.md#states, docs/product.md#constants). */
export const TROPHY_WINS_TO_SECURE = 3;
/** An unsecured trophy stays active this long (docs/product.md#constants: "time window 2 days"). */
export const TROPHY_ACTIVE_MS = 2 * 24 * 60 * 60_000;
/** Weekly trophy-hunt winners (docs/product.md#constants: "six weekly winners (one terms line says 4)"). */
export const TROPHY_WEEKLY_WINNERS = 6;
/** Trophy-hunt prizes one player can win per tournament (docs/product.md#constants). */
export const TROPHY_PRIZES_PER_PLAYER = 1;

// --- Time (docs/product.md#what-it-does, docs/product.md#constants; docs/decisions.md#season-and-time) ---

/** The start button counts down to this instant: 25 Nov 2019 00:00 CET (docs/product.md#constants). */
export const START_COUNTDOWN_AT_MS = 1_574_636_400_000;
/** docs/product.md#constants "another constant": 23 Dec 2019 00:00 CET, the end of the qualifiers in the terms. */
export const QUALIFIERS_END_AT_MS = 1_577_055_600_000;
/** Default season time zone (docs/decisions.md#season-and-time). */
export const DEFAULT_TIME_ZONE = 'Europe/Stockholm';
/** Minutes in a week; window minutes count from Monday 00:00 local. */
export const MINUTES_PER_WEEK = 7 * 24 * 60;
/** Default weekly window: Monday 00:00 (docs/product.md#what-it-does, docs/decisions.md#season-and-time). */
export const WINDOW_START_MINUTE_DEFAULT = 0;
/** Default weekly window end: Saturday 00:00 (docs/product.md#what-it-does, docs/decisions.md#season-and-time). */
export const WINDOW_END_MINUTE_DEFAULT = 5 * 24 * 60;

// --- Layout (docs/product.md#screens-and-routes; ui-brief) ---

/** Desktop layout from this width up (docs/product.md#screens-and-routes). */
export const MOBILE_BREAKPOINT_PX = 768;
/** Tables become stacked cards below this width (ui-brief). */
export const TABLE_CARDS_BREAKPOINT_PX = 600;

// --- Field limits, in characters (docs/product.md#validation, docs/product.md#constants) ---

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 15;
export const NAME_MIN = 1;
export const NAME_MAX = 50;
/** Signup e-mail (docs/product.md#validation). */
export const EMAIL_MIN = 5;
export const EMAIL_MAX = 254;
/** Settings e-mail (docs/product.md#validation: "e-mail 6-254"). */
export const SETTINGS_EMAIL_MIN = 6;
/**
 * The shortest password anywhere: sign-up, the settings' new password, a reset and the API that checks them. The
 * spec's 6 for settings would let a player change to a password that sign-up refuses; one floor of 8 for all.
 */
export const PASSWORD_MIN = 8;
/** Signup password (docs/product.md#validation). */
export const PASSWORD_MAX = 50;
/** Settings new password (docs/product.md#validation). */
export const SETTINGS_PASSWORD_MAX = 100;
/** Reset password (docs/product.md#validation: maxlength 100). */
export const RESET_PASSWORD_MAX = 100;
/** How long a reset link works (docs/api.md); the reset page says so when a link cannot be used. */
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** Gamer tag: Xbox 1-25, PSN 3-25 at signup; 1-25 in settings (docs/product.md#validation). */
export const GAMER_TAG_MAX = 25;
export const XBOX_GAMER_TAG_MIN = 1;
export const PSN_ID_MIN = 3;
export const SETTINGS_GAMER_TAG_MIN = 1;
/** IRL and FIFA team names (not in the spec; the size of the column). */
export const TEAM_NAME_MAX = 100;
/** Forgot-password input maxlength (docs/product.md#validation). */
export const FORGOT_USERNAME_MAX = 25;
/** Birth date bounds (docs/product.md#validation). */
export const BIRTH_YEAR_MIN = 1900;
export const BIRTH_YEAR_MAX = 2100;
/**
 * How far back the birth-year hint reaches, in years before the current one (docs/product.md#validation hints 1910-2007 in 2019:
 * 109 years back; its upper end is the age floor, see birthYearHint).
 */
export const BIRTH_YEAR_HINT_SPAN_YEARS = 109;
/** YouTube video id length (docs/product.md#validation). */
export const YOUTUBE_ID_MIN = 8;
export const YOUTUBE_ID_MAX = 15;
/** Longest password-reset token accepted before lookup (not in the spec; real tokens are 43-64 characters). */
export const RESET_TOKEN_MAX = 200;

// --- Sign-in and password reset limits (docs/decisions.md#api-contract) ---

/** Failed sign-ins (wrong passwords and wrong two-factor codes) one account may have per window; a success clears them. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * 60_000;
/** Sign-in attempts one client address may make per window, whatever the account. */
export const LOGIN_ATTEMPTS_PER_ADDRESS = 20;
export const LOGIN_ADDRESS_WINDOW_MS = 60_000;
/** Forgot-password requests (and so reset e-mails) per account per window. */
export const FORGOT_PASSWORD_PER_ACCOUNT = 3;
export const FORGOT_PASSWORD_WINDOW_MS = 60 * 60_000;

/**
 * Sign-ups from one client address per window. Only created accounts count, so a school class or a club behind
 * one address can sign up together whatever mistakes its children make first.
 */
export const SIGNUPS_PER_ADDRESS = 60;
/**
 * Refused sign-ups (a taken username, a typo) from one client address per window: far more than a class makes,
 * far fewer than a script trying names needs. Once reached, the address may not sign up until the window ends.
 */
export const SIGNUP_REFUSALS_PER_ADDRESS = 300;
export const SIGNUP_ADDRESS_WINDOW_MS = 60 * 60_000;

// --- Age (docs/product.md#constants terms; docs/decisions.md#permissions) ---

/** Sign-up refuses anyone who has not turned this age (docs/decisions.md#permissions). */
export const MIN_AGE_YEARS = 12;
/** Players younger than this give a guardian's e-mail (docs/product.md#constants, docs/decisions.md#permissions). */
export const ADULT_AGE_YEARS = 18;
/**
 * Guardian e-mails a minor may send again from settings per window (not in the spec; the sign-up's own e-mail does
 * not count): enough for a typo'd inbox or a lost mail, too few to flood a parent's inbox.
 */
export const GUARDIAN_RESENDS_PER_ACCOUNT = 3;
export const GUARDIAN_RESEND_WINDOW_MS = 60 * 60_000;
/**
 * How long a guardian's approval link works after it was sent (not in the spec): long enough for a parent who reads
 * mail rarely, short enough that an old mail forwarded or found later no longer approves. The player can send a new
 * link from settings at any time.
 */
export const GUARDIAN_LINK_MS = 30 * 24 * 60 * 60_000;

// --- Elo (docs/decisions.md#elo) ---

export const ELO_START = 1_000;
/** K for a player's first {@link ELO_K_NEW_GAMES} games. */
export const ELO_K_NEW = 40;
export const ELO_K = 20;
export const ELO_K_NEW_GAMES = 30;

// --- Client networking (docs/product.md#calls, docs/product.md#errors, docs/product.md#constants) ---

export const COUNTRY_COUNT = 245;
/** Retry delay is this times the attempt number ... (docs/product.md#errors) */
export const RETRY_DELAY_STEP_MS = 50;
/** ... capped at this (docs/product.md#errors). */
export const RETRY_DELAY_CAP_MS = 750;
/** After this many retries of a 500 the client shows the 'Oh no!' popover (docs/product.md#errors). */
export const RETRIES_BEFORE_SERVER_ERROR_POPOVER = 2;
/** Lazy chunk load timeout (docs/product.md#errors). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Real-time client timeouts (docs/product.md#calls). */
export const REALTIME_ACTIVITY_TIMEOUT_MS = 120_000;
export const REALTIME_PONG_TIMEOUT_MS = 30_000;
export const REALTIME_UNAVAILABLE_TIMEOUT_MS = 10_000;
export const REALTIME_TRANSPORT_CACHE_TTL_MS = 30 * 60_000;

// --- Images (docs/product.md#entities; docs/decisions.md#content-and-uploads) ---

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PX = 4_096;
export const AVATAR_SMALL_PX = 64;
export const AVATAR_MEDIUM_PX = 256;
/** Team photos are stored as squares of this size: the ranking draws them at 24 px (docs/decisions.md#content-and-uploads re-encoding). */
export const TEAM_PHOTO_PX = 128;
/**
 * A news image's small copy for the article cards (16:9, cropped from the middle like the cards crop): sharp on a
 * phone's 104 px card and a four-column desktop card, about a third of the full image's bytes.
 */
export const NEWS_THUMB_WIDTH = 480;
/** The size news images are made for (the demo's and the placeholder's; an upload keeps its own size). */
export const NEWS_IMAGE_WIDTH = 1200;
export const NEWS_IMAGE_HEIGHT = 630;
export const NEWS_THUMB_HEIGHT = 270;
/**
 * The article page writes its title over a news picture from this row (of NEWS_IMAGE_HEIGHT) down; a generated
 * picture keeps its words above it (so no text sits under the title).
 */
export const NEWS_IMAGE_TITLE_TOP = 400;
/** An evidence photo's copy for the game page, which draws it at most 320×240 (its own shape, never enlarged). */
export const EVIDENCE_THUMB_WIDTH = 640;
export const EVIDENCE_THUMB_HEIGHT = 480;
/**
 * Storage folders, one per kind: `{kind}/{first two chars}/{id}.jpg` (docs/product.md#entities, docs/decisions.md#content-and-uploads). A thumbnail has its
 * full image's id.
 */
export const IMAGE_KINDS = [
  'avatar_small',
  'avatar_medium',
  'avatar_orig',
  'team',
  'news',
  'news_thumb',
  'evidence',
  'evidence_thumb',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/**
 * The kinds that are a smaller copy of another kind's image, stored with it under the same id: `cover` cuts the
 * box from the middle (the news cards' crop), `inside` keeps the whole picture within the box.
 */
export const IMAGE_THUMBNAILS = {
  news_thumb: { of: 'news', width: NEWS_THUMB_WIDTH, height: NEWS_THUMB_HEIGHT, fit: 'cover' },
  evidence_thumb: { of: 'evidence', width: EVIDENCE_THUMB_WIDTH, height: EVIDENCE_THUMB_HEIGHT, fit: 'inside' },
} as const satisfies Record<string, { of: ImageKind; width: number; height: number; fit: 'cover' | 'inside' }>;
export type ThumbnailKind = keyof typeof IMAGE_THUMBNAILS;

// --- Terms (docs/product.md#constants) ---

export const FINALS_WINNERS = 16;
/** Finalists accept within this (docs/product.md#constants). */
export const FINALIST_ACCEPT_MS = 24 * 60 * 60_000;
/** Trophy-hunt winners give their details within this (docs/product.md#constants). */
export const TROPHY_WINNER_DETAILS_MS = 7 * 24 * 60 * 60_000;
/** Prize delivery takes up to this (docs/product.md#constants). */
export const PRIZE_DELIVERY_MAX_MS = 6 * 7 * 24 * 60 * 60_000;
export const PRIZE_VALUE_MAX_SEK = 15_000;

// --- Consoles (docs/product.md#entities, docs/product.md#validation) ---

export const CONSOLE_XBOX = 0;
export const CONSOLE_PLAYSTATION = 1;
export type ConsoleId = typeof CONSOLE_XBOX | typeof CONSOLE_PLAYSTATION;
/** Consoles that can sign up and play this season (docs/product.md#what-it-does: PlayStation only). */
export const OPEN_CONSOLES: readonly ConsoleId[] = [CONSOLE_PLAYSTATION];

// --- Product and categories (docs/product.md#what-it-does, docs/product.md#screens-and-routes) ---

/** The product name when no season gives one. */
export const PRODUCT_NAME_DEFAULT = 'eCup';

/** The four category labels of docs/product.md#what-it-does, used by news (`category_id`). */
export const NEWS_CATEGORIES = [
  { id: 0, label: 'Gothia Cup' },
  { id: 1, label: 'Trophy Hunt' },
  { id: 2, label: 'Tournament' },
  { id: 3, label: 'Sponsored Story' },
] as const;
export type NewsCategoryId = (typeof NEWS_CATEGORIES)[number]['id'];

export interface ForumCategory {
  id: 0 | 1 | 2 | 3;
  slug: string;
  title: string;
  description: string;
}

/**
 * Slug of the product-name forum category (docs/product.md#screens-and-routes: slug "{product}"). The name is lower-cased and every run of
 * other characters than a-z and 0-9 becomes one underscore, so it is safe in a URL path.
 */
export function productSlug(productName: string): string {
  const slug = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug === '' ? 'tournament' : slug;
}

/** The four forum categories of docs/product.md#screens-and-routes, with category 1 named after the season's product. */
export function forumCategories(productName: string = PRODUCT_NAME_DEFAULT): ForumCategory[] {
  return [
    {
      id: 0,
      slug: 'gothia_cup',
      title: 'Gothia Cup',
      description: 'Talk about Gothia Cup, the teams and the trip to the final.',
    },
    {
      id: 1,
      slug: productSlug(productName),
      title: productName,
      description: `Matches, results, rules and tactics in ${productName}.`,
    },
    {
      id: 2,
      slug: 'trophy_hunt',
      title: 'Coca-Cola Trophy hunt',
      description: 'Chase, defend and secure trophies in the weekly hunt.',
    },
    {
      id: 3,
      slug: 'general_discussion',
      title: 'General Discussion',
      description: 'Everything else: football, FIFA, gear and getting to know each other.',
    },
  ];
}

/** The forum categories under the default product name. */
export const FORUM_CATEGORIES: readonly ForumCategory[] = forumCategories(PRODUCT_NAME_DEFAULT);

/** Finds a forum category by its slug (case-insensitive) or its numeric id; undefined when none matches. */
export function findForumCategory(
  key: string | number,
  productName: string = PRODUCT_NAME_DEFAULT,
): ForumCategory | undefined {
  const categories = forumCategories(productName);
  if (typeof key === 'number') return categories.find((c) => c.id === key);
  const wanted = key.trim().toLowerCase();
  return categories.find((c) => c.slug === wanted || String(c.id) === wanted);
}

/** docs/decisions.md#minors-safety: a player session ends after this long without use… */
export const PLAYER_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** …and after this long in all, however much it is used. */
export const PLAYER_SESSION_MAX_MS = 180 * 24 * 60 * 60 * 1000;
/** docs/decisions.md#minors-safety: a console session ends after this long without use… */
export const CONSOLE_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and after this long in all. */
export const CONSOLE_SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often, so a signed-in call does not write on every request. */
export const SESSION_TOUCH_EVERY_MS = 60_000;

/**
 * The cookie in which the player app tells the server the reader's language (`en` or `sv`), so pages served to
 * that reader (titles, link previews, server rendering) are in it.
 */
export const LANGUAGE_COOKIE = 'lang';

/** How long the link sent to a new e-mail address confirms the change (docs/rules.md "Account changes"). */
export const EMAIL_CHANGE_CONFIRM_VALID_HOURS = 24;

/** How long the notice sent to the old address can undo the change, confirmed or not (docs/rules.md). */
export const EMAIL_CHANGE_UNDO_VALID_DAYS = 7;
