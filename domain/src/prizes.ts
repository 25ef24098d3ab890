/**
 * Who wins which prize and who may receive it (docs/product.md#what-it-does marketing facts, docs/product.md#constants terms; docs/decisions.md#elo, docs/decisions.md#trophy-hunt, docs/decisions.md#permissions; docs/rules.md
 * "Prizes"). Pure: the export in `db` reads the rows, these rules decide.
 */
import { FINALS_WINNERS, MIN_AGE_YEARS } from './constants.ts';
import { ageOn, isMinorOn, type BirthDate } from './validation/signup.ts';

/** Why a listed player cannot receive the prize (the export's `reason` column). */
export const PRIZE_REASONS = {
  underMinimumAge: `under ${MIN_AGE_YEARS} (terms: minimum age ${MIN_AGE_YEARS})`,
  noGuardianApproval: 'under 18 and no parental approval yet (the guardian has not confirmed)',
  repeatTrophyWinner: (week: number) => `already won the trophy-hunt prize in week ${week} (one win per tournament)`,
  banned: 'banned',
  erased: 'account erased',
} as const;

/** What the eligibility rules read of a player. */
export interface PrizePlayer {
  birth_date: BirthDate;
  /** When the parent or guardian confirmed (docs/decisions.md#permissions); null when they have not. */
  guardian_confirmed_at: Date | null;
  /** Banned on the export date (docs/decisions.md#permissions: a banned player takes no part). */
  banned?: boolean;
  /** Erased (anonymised): nobody left to hand a prize to. */
  erased?: boolean;
}

export interface PrizeEligibility {
  eligible: boolean;
  /** Empty when eligible; otherwise every reason, joined with '; '. */
  reason: string;
}

/**
 * Whether a player may receive a prize on `today` (the export date, its UTC calendar day): at least 12 years old
 * (docs/product.md#constants terms "minimum age 12", the sign-up rule), and under 18 only with a guardian's confirmation
 * (docs/decisions.md#permissions: "until confirmed, the player ... cannot receive a prize"), not banned and not erased. `extraReasons` adds the list's own
 * reasons (a repeat trophy-hunt win).
 */
export function prizeEligibility(
  player: PrizePlayer,
  today: Date,
  extraReasons: readonly string[] = [],
): PrizeEligibility {
  const reasons: string[] = [];
  if (player.erased) reasons.push(PRIZE_REASONS.erased);
  if (player.banned) reasons.push(PRIZE_REASONS.banned);
  if (ageOn(player.birth_date, today) < MIN_AGE_YEARS) reasons.push(PRIZE_REASONS.underMinimumAge);
  else if (isMinorOn(player.birth_date, today) && player.guardian_confirmed_at === null) {
    reasons.push(PRIZE_REASONS.noGuardianApproval);
  }
  reasons.push(...extraReasons);
  return { eligible: reasons.length === 0, reason: reasons.join('; ') };
}

/** One player's side of a final game, as the weekly round sees it. */
export interface RoundGame {
  /** Monday 00:00 (season zone) of the week the game was played in (`games.week_start`). */
  week_start_ms: number;
  user_1: number;
  user_2: number;
  score_1: number;
  score_2: number;
  /** The game's stored Elo change of each player (after − before; an edited result's current change). */
  elo_change_1: number;
  elo_change_2: number;
}

/** A player's week: Elo gained over the week's final games, games played and won. */
export interface RoundStanding {
  user_id: number;
  elo_gain: number;
  games: number;
  wins: number;
}

export interface RoundWinner extends RoundStanding {
  week_start_ms: number;
}

/**
 * The winner of each weekly qualifier round (docs/product.md#what-it-does "weekly round winners 12000 points"; docs/rules.md "Prizes"):
 * among `candidates`, the player whose final games of the week (by the week the game was played in) gained the most
 * Elo; ties broken as the ranking (docs/decisions.md#elo): more games that week, then earlier sign-up (lower id). One winner
 * per week with games, oldest week first.
 */
export function weeklyRoundWinners(games: readonly RoundGame[], candidates: ReadonlySet<number>): RoundWinner[] {
  const weeks = new Map<number, Map<number, RoundStanding>>();
  for (const game of games) {
    const week = weeks.get(game.week_start_ms) ?? new Map<number, RoundStanding>();
    weeks.set(game.week_start_ms, week);
    const sides = [
      [game.user_1, game.elo_change_1, game.score_1 > game.score_2],
      [game.user_2, game.elo_change_2, game.score_2 > game.score_1],
    ] as const;
    for (const [user_id, change, won] of sides) {
      if (!candidates.has(user_id)) continue;
      const standing = week.get(user_id) ?? { user_id, elo_gain: 0, games: 0, wins: 0 };
      standing.elo_gain += change;
      standing.games += 1;
      if (won) standing.wins += 1;
      week.set(user_id, standing);
    }
  }
  const winners: RoundWinner[] = [];
  for (const [week_start_ms, standings] of [...weeks.entries()].sort((a, b) => a[0] - b[0])) {
    const [best] = [...standings.values()].sort(
      (a, b) => b.elo_gain - a.elo_gain || b.games - a.games || a.user_id - b.user_id,
    );
    if (best) winners.push({ week_start_ms, ...best });
  }
  return winners;
}

/** What the ranking order reads (docs/decisions.md#elo). */
export interface RankedPlayer {
  id: number;
  elo: number;
  games_played: number;
}

/** The ranking order (docs/decisions.md#elo): higher Elo first; ties: more games, then earlier sign-up (lower id). */
export function compareByRanking(a: RankedPlayer, b: RankedPlayer): number {
  return b.elo - a.elo || b.games_played - a.games_played || a.id - b.id;
}

/** The finalists: the top 16 of the Elo ranking (docs/product.md#constants "16 finals winners"; docs/decisions.md#elo order). */
export function finalStandings<P extends RankedPlayer>(players: readonly P[], size = FINALS_WINNERS): P[] {
  return [...players].sort(compareByRanking).slice(0, size);
}

/** One row of the trophy-hunt list before the repeat check: a player listed for a week of securing. */
export interface TrophyPrizeEntry {
  user_id: number;
  /** 1 for the hunt's first week with securings. */
  week: number;
}

/**
 * The trophy-hunt prize is won once per tournament (docs/decisions.md#trophy-hunt; docs/product.md#constants "one win per tournament"): walking the
 * list in week order, a player's first week is their win and every later entry of theirs is a repeat, answered
 * with the week of the first win (null when the entry is the win).
 */
export function trophyRepeatWeeks(entries: readonly TrophyPrizeEntry[]): (number | null)[] {
  const firstWeek = new Map<number, number>();
  return entries.map((entry) => {
    const first = firstWeek.get(entry.user_id);
    if (first !== undefined && first < entry.week) return first;
    if (first === undefined) firstWeek.set(entry.user_id, entry.week);
    return null;
  });
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/**
 * The number of a weekly round: 1 for the week (Monday 00:00 in the season's zone) the qualifiers start in, 2 for
 * the next. Rounded, because a week across a daylight-saving change is an hour longer or shorter.
 */
export function roundNumber(weekStartMs: number, firstWeekStartMs: number): number {
  return Math.round((weekStartMs - firstWeekStartMs) / WEEK_MS) + 1;
}
