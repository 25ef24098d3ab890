/**
 * Shape of the /rules and /terms texts (docs/product.md#screens-and-routes: "Rules text covers…", "Terms cover…"). The texts are typed data,
 * not HTML or markdown: the page renders each block with MUI Typography, so the content is safe by construction.
 */
import {
  ACCEPT_WINDOW_MS,
  ADULT_AGE_YEARS,
  CHAT_THROTTLE_MS,
  CONFLICT_ESCALATION_MS,
  ELO_K,
  ELO_K_NEW,
  ELO_K_NEW_GAMES,
  ELO_START,
  FINALIST_ACCEPT_MS,
  FINALS_WINNERS,
  HALF_LENGTH_MS,
  IMAGE_MAX_BYTES,
  MIN_AGE_YEARS,
  PRIZE_DELIVERY_MAX_MS,
  PRIZE_VALUE_MAX_SEK,
  QUEUE_PENALTY_COOLDOWN_MS,
  QUEUE_PENALTY_MISSES,
  QUEUE_PENALTY_WINDOW_MS,
  RESULT_ENTRY_DELAY_MS,
  SCORE_MAX,
  SCORE_MIN,
  TROPHY_ACTIVE_MS,
  TROPHY_POOL_SIZE,
  TROPHY_PRIZES_PER_PLAYER,
  TROPHY_WEEKLY_WINNERS,
  TROPHY_WINNER_DETAILS_MS,
  TROPHY_WINS_TO_SECURE,
  rateGame,
} from '@ecup/domain';

export type Block =
  { kind: 'p'; text: string } | { kind: 'list'; items: string[] } | { kind: 'qa'; q: string; a: string };

export interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: Section[];
}

/** A moment of the week in the reader's language: 'Monday' (en) or 'måndag' (sv) and '00:00'. */
export interface WeekMoment {
  day: string;
  time: string;
}

/**
 * The season's weekly play window as the texts word it (docs/decisions.md#season-and-time). Every window a season can have is one of:
 * open the whole week; never open (opening and closing minute the same); within one day; or from one moment of the
 * week to another, possibly over Monday 00:00 into the next week (`toNextWeek` when it closes on the weekday it
 * opened, a week later). `zone` is the season's time zone by name, e.g. 'Central European Time'.
 */
export type PlayWindow =
  | { kind: 'allWeek' }
  | { kind: 'never' }
  | { kind: 'sameDay'; day: string; from: string; to: string; zone: string }
  | { kind: 'span'; from: WeekMoment; to: WeekMoment; toNextWeek: boolean; zone: string };

/** What the texts need from the season; dates are already formatted for the reader's language and zone. */
export interface SeasonFacts {
  product: string; // e.g. 'eCup'
  seasonName: string; // e.g. 'eCup 2027'
  qualifiersStart: string; // formatted date, e.g. '25 November 2019'
  qualifiersEnd: string;
  finals: string | null; // formatted date or null
  trophyHuntEnd: string;
  window: PlayWindow; // the weekly window, its days and times in the reader's language
  maxGamesPerWeek: number;
}

/** Section ids of the rules page, in page order; both languages use exactly these. */
export const RULES_SECTION_IDS = [
  'tournament',
  'format',
  'game-mode',
  'reporting',
  'conflicts',
  'forfeits',
  'fair-play',
  'trophy-hunt',
  'prizes',
  'faq',
] as const;

/** Section ids of the terms page, in page order; both languages use exactly these. */
export const TERMS_SECTION_IDS = [
  'eligibility',
  'competition',
  'prizes',
  'privacy',
  'conduct',
  'contact',
  'changes',
] as const;

/** Where players and guardians write to (docs/product.md#screens-and-routes "Terms cover … contact details"). */
export const SUPPORT_EMAIL = 'support@ecup.example';

/**
 * Prize amounts in FIFA points (docs/product.md#what-it-does marketing facts). They are not game rules, so they live here, with the
 * texts that quote them, rather than in the domain constants.
 */
export const PRIZE_POINTS = {
  first: 36_000,
  second: 24_000,
  third: 12_000,
  weeklyRound: 12_000,
  trophyHuntWeekly: 12_000,
} as const;

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const MEGABYTE = 1024 * 1024;

/** Rating gap used in the worked Elo example of the texts. */
const ELO_EXAMPLE_GAP = 200;

/** Gain of a player rated `ra` who beats a player rated `rb`, both past their first games. */
function eloGainForWin(ra: number, rb: number, gamesPlayed: number): number {
  return (
    rateGame({ elo_1: ra, games_1: gamesPlayed, elo_2: rb, games_2: gamesPlayed, score_1: 1, score_2: 0 }).elo_1 - ra
  );
}

/**
 * Every number the texts quote, derived once from the domain constants so the two languages can never disagree
 * with each other or with the rules the server enforces.
 */
export const RULE_NUMBERS = {
  minAge: MIN_AGE_YEARS,
  adultAge: ADULT_AGE_YEARS,
  acceptSeconds: ACCEPT_WINDOW_MS / SECOND_MS,
  resultEntryMinutes: RESULT_ENTRY_DELAY_MS / MINUTE_MS,
  escalationMinutes: CONFLICT_ESCALATION_MS / MINUTE_MS,
  halfMinutes: HALF_LENGTH_MS / MINUTE_MS,
  scoreMin: SCORE_MIN,
  scoreMax: SCORE_MAX,
  chatThrottleSeconds: CHAT_THROTTLE_MS / SECOND_MS,
  penaltyMisses: QUEUE_PENALTY_MISSES,
  penaltyWindowHours: QUEUE_PENALTY_WINDOW_MS / HOUR_MS,
  penaltyCooldownMinutes: QUEUE_PENALTY_COOLDOWN_MS / MINUTE_MS,
  eloStart: ELO_START,
  eloKNew: ELO_K_NEW,
  eloK: ELO_K,
  eloKNewGames: ELO_K_NEW_GAMES,
  /** Both players new and equal: what the winner gains (and the loser loses). */
  eloEqualNewGain: eloGainForWin(ELO_START, ELO_START, 0),
  eloExampleGap: ELO_EXAMPLE_GAP,
  /** An experienced player beats someone rated {@link ELO_EXAMPLE_GAP} higher. */
  eloUpsetGain: eloGainForWin(ELO_START, ELO_START + ELO_EXAMPLE_GAP, ELO_K_NEW_GAMES),
  /** An experienced player beats someone rated {@link ELO_EXAMPLE_GAP} lower. */
  eloFavouriteGain: eloGainForWin(ELO_START + ELO_EXAMPLE_GAP, ELO_START, ELO_K_NEW_GAMES),
  trophyPool: TROPHY_POOL_SIZE,
  trophyWinsToSecure: TROPHY_WINS_TO_SECURE,
  trophyActiveDays: TROPHY_ACTIVE_MS / DAY_MS,
  trophyWeeklyWinners: TROPHY_WEEKLY_WINNERS,
  trophyPrizesPerPlayer: TROPHY_PRIZES_PER_PLAYER,
  trophyDetailsDays: TROPHY_WINNER_DETAILS_MS / DAY_MS,
  finalsWinners: FINALS_WINNERS,
  finalistAcceptHours: FINALIST_ACCEPT_MS / HOUR_MS,
  prizeDeliveryWeeks: PRIZE_DELIVERY_MAX_MS / WEEK_MS,
  prizeValueMaxSek: PRIZE_VALUE_MAX_SEK,
  imageMaxMb: IMAGE_MAX_BYTES / MEGABYTE,
} as const;
