/**
 * The trophy hunt's rules (docs/product.md#states Trophy, docs/product.md#constants; docs/decisions.md#trophy-hunt) as pure functions over one final game result and the
 * players' current holdings. The caller applies the moves in the same transaction as the final result.
 */
import { TROPHY_ACTIVE_MS, TROPHY_WINS_TO_SECURE } from './constants.ts';
import { nextWeekStart, weekStart } from './season.ts';

/** An unsecured trophy in play: who holds it, the wins in a row so far and when it goes back to the pool. */
export interface HeldTrophy {
  id: number;
  holder_user_id: number;
  wins: number;
  expires_at_ms: number;
}

export interface TrophyResultInput {
  user_1_id: number;
  user_2_id: number;
  score_1: number;
  score_2: number;
  /** The unsecured trophy each player holds now, if any (expired ones are ignored). */
  trophy_1: HeldTrophy | null;
  trophy_2: HeldTrophy | null;
  /** Trophies left in this week's pool. */
  pool_left: number;
  /** The hunt is running (inside the season's hunt and a weekly pool exists). */
  hunt_open: boolean;
  now_ms: number;
}

/** One change to the holdings, in the order it happens. */
export type TrophyMove =
  /** The winner takes one from the pool (streak 1). */
  | { kind: 'take'; to_user_id: number; wins: 1; expires_at_ms: number }
  /** A beaten holder's trophy passes to the winner (streak 1, a fresh active window). */
  | { kind: 'pass'; trophy_id: number; from_user_id: number; to_user_id: number; wins: 1; expires_at_ms: number }
  /** The holder won again: one more win in a row. */
  | { kind: 'win'; trophy_id: number; user_id: number; wins: number }
  /** Three wins in a row: the trophy is secured and leaves play. */
  | { kind: 'secure'; trophy_id: number; user_id: number }
  /**
   * A beaten holder's trophy goes back to the pool because the winner already holds one (a player holds at most
   * one unsecured trophy).
   */
  | { kind: 'return'; trophy_id: number; from_user_id: number };

/** Whether a held trophy still counts at `nowMs` (its 2-day window has not run out). */
export function isActive(trophy: HeldTrophy | null, nowMs: number): trophy is HeldTrophy {
  return trophy !== null && trophy.expires_at_ms > nowMs;
}

/**
 * The trophy moves of one final result (docs/decisions.md#trophy-hunt): a draw changes nothing; a beaten holder's trophy passes to
 * the winner, unless the winner holds one already, in which case it goes back to the pool and the winner's own
 * streak grows; a winner without a trophy takes one from the pool when any is left; a holder who wins adds a win;
 * the third win in a row secures it. Expired trophies count as not held.
 */
export function trophyMoves(input: TrophyResultInput): TrophyMove[] {
  if (!input.hunt_open || input.score_1 === input.score_2) return [];
  const firstWon = input.score_1 > input.score_2;
  const winner = firstWon ? input.user_1_id : input.user_2_id;
  const loser = firstWon ? input.user_2_id : input.user_1_id;
  const winnerTrophy = firstWon ? input.trophy_1 : input.trophy_2;
  const loserTrophy = firstWon ? input.trophy_2 : input.trophy_1;
  const winnerHolds = isActive(winnerTrophy, input.now_ms);
  const loserHolds = isActive(loserTrophy, input.now_ms);
  const expires_at_ms = input.now_ms + TROPHY_ACTIVE_MS;
  const moves: TrophyMove[] = [];

  if (winnerHolds) {
    const wins = winnerTrophy.wins + 1;
    moves.push({ kind: 'win', trophy_id: winnerTrophy.id, user_id: winner, wins });
    if (wins >= TROPHY_WINS_TO_SECURE) moves.push({ kind: 'secure', trophy_id: winnerTrophy.id, user_id: winner });
    if (loserHolds) moves.push({ kind: 'return', trophy_id: loserTrophy.id, from_user_id: loser });
    return moves;
  }
  if (loserHolds) {
    moves.push({
      kind: 'pass',
      trophy_id: loserTrophy.id,
      from_user_id: loser,
      to_user_id: winner,
      wins: 1,
      expires_at_ms,
    });
    return moves;
  }
  if (input.pool_left > 0) moves.push({ kind: 'take', to_user_id: winner, wins: 1, expires_at_ms });
  return moves;
}

/** Trophies still left in the pool after `moves` (a take removes one, a return puts one back). */
export function poolAfter(poolLeft: number, moves: readonly TrophyMove[]): number {
  let left = poolLeft;
  for (const move of moves) {
    if (move.kind === 'take') left -= 1;
    if (move.kind === 'return') left += 1;
  }
  return left;
}

/**
 * Weekly trophy-hunt winners (docs/decisions.md#trophy-hunt): players who secured a trophy that week, in order of securing, each
 * at most once, skipping players who already won the prize in an earlier week (one prize per tournament), up to
 * `limit` winners.
 */
export function weeklyWinners(
  securedInOrder: readonly { user_id: number; secured_at_ms: number }[],
  earlierWinners: ReadonlySet<number>,
  limit: number,
): number[] {
  const winners: number[] = [];
  const ordered = [...securedInOrder].sort((a, b) => a.secured_at_ms - b.secured_at_ms);
  for (const { user_id } of ordered) {
    if (winners.length >= limit) break;
    if (earlierWinners.has(user_id) || winners.includes(user_id)) continue;
    winners.push(user_id);
  }
  return winners;
}

// --- Hunt dates, pools and timers (docs/decisions.md#season-and-time, docs/decisions.md#trophy-hunt; docs/rules.md "Trophy hunt") ---

/** The season fields the trophy hunt reads. */
export interface HuntSeason {
  /** IANA zone of the weeks (a pool resets at Monday 00:00 local). */
  time_zone: string;
  /** The hunt starts with the qualifiers. */
  qualifiers_start: Date;
  /** The hunt ends here (exclusive): no trophy moves from this instant on. */
  trophy_hunt_end: Date;
}

/** Whether the hunt runs at `now`: from the qualifiers' start (inclusive) to the hunt's end (exclusive). */
export function isHuntOpen(season: HuntSeason, now: Date): boolean {
  const t = now.getTime();
  return t >= new Date(season.qualifiers_start).getTime() && t < new Date(season.trophy_hunt_end).getTime();
}

/** The trophy-hunt page's timers at `now`, in milliseconds. */
export interface HuntTimers {
  started: boolean;
  ended: boolean;
  /** Until the hunt starts; 0 once it has. */
  starts_in_ms: number;
  /** Until the hunt ends; 0 once it has. */
  ends_in_ms: number;
  /**
   * Until the next pool opens: the hunt's start before it, the next Monday 00:00 local while that comes before the
   * hunt's end, else null (no further reset).
   */
  next_pool_in_ms: number | null;
}

/** The hunt's timers at `now` (docs/product.md#screens-and-routes Trophy hunt page: time until the end and until the next pool reset). */
export function huntTimers(season: HuntSeason, now: Date): HuntTimers {
  const t = now.getTime();
  const start = new Date(season.qualifiers_start).getTime();
  const end = new Date(season.trophy_hunt_end).getTime();
  const started = t >= start;
  const ended = t >= end;
  let next: number | null = null;
  if (!started) next = start < end ? start - t : null;
  else if (!ended) {
    const reset = nextWeekStart(now, season.time_zone).getTime();
    next = reset < end ? reset - t : null;
  }
  return {
    started,
    ended,
    starts_in_ms: Math.max(0, start - t),
    ends_in_ms: Math.max(0, end - t),
    next_pool_in_ms: next,
  };
}

/** Whole seconds left of a span, rounded up (a countdown reads 0 only once the moment has come). */
export function countdownSeconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** A held trophy as the release rule reads it: its active window and the week of the pool it came from. */
export interface HeldTrophyTimes {
  expires_at_ms: number;
  pool_week_start: Date;
}

/**
 * Why and when a held trophy goes back to its pool without a game (docs/decisions.md#trophy-hunt): its 2-day window ran out
 * ('expire', at `expires_at`), or its pool's week ended ('reset', at the next Monday 00:00 local). The earlier of
 * the two that has come by `now` wins, so a worker that was down applies what happened first. Null when neither has
 * come, or when it came at or after the hunt's end (the hunt is frozen then: no moves outside it).
 */
export function trophyReleaseDue(
  trophy: HeldTrophyTimes,
  season: HuntSeason,
  nowMs: number,
): { kind: 'expire' | 'reset'; at_ms: number } | null {
  const resetAt = nextWeekStart(trophy.pool_week_start, season.time_zone).getTime();
  const due: { kind: 'expire' | 'reset'; at_ms: number }[] = [];
  if (trophy.expires_at_ms <= nowMs) due.push({ kind: 'expire', at_ms: trophy.expires_at_ms });
  if (resetAt <= nowMs) due.push({ kind: 'reset', at_ms: resetAt });
  const first = due.sort((a, b) => a.at_ms - b.at_ms)[0];
  if (!first || first.at_ms >= new Date(season.trophy_hunt_end).getTime()) return null;
  return first;
}

/** Whether a pool opened at `poolWeekStart` is this week's at `now` (older pools have been, or are due to be, reset). */
export function isCurrentPoolWeek(poolWeekStart: Date, timeZone: string, now: Date): boolean {
  return weekStart(now, timeZone).getTime() === new Date(poolWeekStart).getTime();
}

/** The sign of a result for the hunt: 1 user 1 won, -1 user 2 won, 0 a draw. */
export function resultOutcome(score1: number, score2: number): 1 | 0 | -1 {
  return score1 > score2 ? 1 : score1 < score2 ? -1 : 0;
}
