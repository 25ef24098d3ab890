/**
 * Matchmaking rules (docs/product.md#states Queue, docs/decisions.md#matchmaking): who may enter the queue, how long a queue cooldown lasts, how
 * wide an Elo gap a waiting player accepts, and who is paired with whom. Pure: time is always a parameter.
 */
import {
  CONSOLE_PLAYSTATION,
  MAX_GAMES_PER_WEEK,
  PAIRING_ELO_GAP_START,
  PAIRING_ELO_GAP_STEP,
  PAIRING_ELO_GAP_STEP_MS,
  PAIRING_ELO_GAP_UNLIMITED_AFTER_MS,
  QUEUE_PENALTY_COOLDOWN_MS,
  QUEUE_PENALTY_MISSES,
  QUEUE_PENALTY_WINDOW_MS,
} from './constants.ts';
import { message, type Message } from './messages.ts';
import { isWindowOpen, nextWindowOpening, type SeasonWindow } from './season.ts';

/**
 * The Elo gap a player accepts after waiting `waitedMs` (docs/decisions.md#matchmaking): 100 at once, 50 more for every full 10 s
 * waited, and any gap from 60 s on. A negative or unknown wait counts as no wait.
 */
export function allowedEloGap(waitedMs: number): number {
  const waited = waitedMs > 0 ? waitedMs : 0;
  if (waited >= PAIRING_ELO_GAP_UNLIMITED_AFTER_MS) return Infinity;
  return PAIRING_ELO_GAP_START + PAIRING_ELO_GAP_STEP * Math.floor(waited / PAIRING_ELO_GAP_STEP_MS);
}

/** A queued player as pairing sees them. User ids are unique within one call. */
export interface PairingCandidate {
  user_id: number;
  elo: number;
  /** When the player (re)entered the queue, unix ms; a player returned to the queue starts again. */
  entered_at_ms: number;
  /** The opponent of the player's latest match, or null before their first. */
  last_opponent_id: number | null;
}

/** One pair to turn into a match; `user_1_id` is the player who had waited longer (the one served). */
export interface PlayerPair {
  user_1_id: number;
  user_2_id: number;
}

/** Pairs of players of whom one blocked the other (docs/decisions.md#minors-safety: mutual for pairing), as {@link blockedPairKey}s. */
export type BlockedPairs = ReadonlySet<string>;

/** The key of a pair of users in {@link BlockedPairs}, the same in either order. */
export function blockedPairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

function isRematch(a: PairingCandidate, b: PairingCandidate): boolean {
  return a.last_opponent_id === b.user_id || b.last_opponent_id === a.user_id;
}

function waitedMs(candidate: PairingCandidate, nowMs: number): number {
  return Math.max(0, nowMs - candidate.entered_at_ms);
}

/** Longer waiter first, then the lower user id: the order in which players are served. */
function servedBefore(a: PairingCandidate, b: PairingCandidate): number {
  return a.entered_at_ms - b.entered_at_ms || a.user_id - b.user_id;
}

/**
 * One pairing pass (docs/decisions.md#matchmaking, docs/rules.md "Matchmaking"):
 * - players are served longest waiter first (ties: lower user id);
 * - each takes the closest Elo among the players still unpaired; among equally close players, the one who has
 *   waited longest (then the lower id);
 * - a pair is allowed when its Elo gap is at most {@link allowedEloGap} of the longer waiter of the two. Because
 *   players are served longest waiter first, the one being served is always that longer waiter;
 * - never the same opponent twice in a row: two players of whom either was the other's last opponent are paired
 *   only when they are the last two left unpaired by the pass (nobody else is waiting);
 * - never two players of whom either blocked the other (`blocked`, docs/decisions.md#minors-safety), not even as the last two;
 * - an odd player out, or anyone with no allowed partner, keeps waiting for the next pass.
 *
 * Runs in O(n log n): players sorted by Elo (then serving order) form a linked list of the unpaired, cut into groups
 * of equal Elo with a pointer to each group's first unpaired player. A served player looks at its own group, then
 * at the nearest group below and above, each from its longest waiter, skipping only last opponents. Deterministic:
 * the result does not depend on the order of `candidates`.
 */
export function pairPlayers(
  candidates: readonly PairingCandidate[],
  nowMs: number,
  blocked: BlockedPairs = new Set(),
): PlayerPair[] {
  const n = candidates.length;
  const at = (i: number) => candidates[i]!;
  const isBlocked = (i: number, j: number) =>
    blocked.size > 0 && blocked.has(blockedPairKey(at(i).user_id, at(j).user_id));
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => at(a).elo - at(b).elo || servedBefore(at(a), at(b)),
  );
  // Linked list of the unpaired in that order, by index into `candidates`; -1 ends it.
  const prev = new Int32Array(n);
  const next = new Int32Array(n);
  // Equal-Elo groups: each player's group and each group's first unpaired player (its longest waiter), or -1.
  const group = new Int32Array(n);
  const groupHead: number[] = [];
  order.forEach((index, position) => {
    prev[index] = position > 0 ? order[position - 1]! : -1;
    next[index] = position < n - 1 ? order[position + 1]! : -1;
    if (position === 0 || at(order[position - 1]!).elo !== at(index).elo) groupHead.push(index);
    group[index] = groupHead.length - 1;
  });
  const sameGroup = (i: number, j: number) => j >= 0 && group[i] === group[j];
  const paired = new Uint8Array(n);
  let unpaired = n;
  const unlink = (i: number) => {
    const p = prev[i]!;
    const q = next[i]!;
    if (p >= 0) next[p] = q;
    if (q >= 0) prev[q] = p;
    const g = group[i]!;
    if (groupHead[g] === i) groupHead[g] = sameGroup(i, q) ? q : -1;
    paired[i] = 1;
    unpaired--;
  };
  const pairs: PlayerPair[] = [];
  const pair = (served: number, partner: number) => {
    unlink(served);
    unlink(partner);
    pairs.push({ user_1_id: at(served).user_id, user_2_id: at(partner).user_id });
  };

  /** The longest waiter of group `g` who may meet `me`, or -1; also answers the group's last unpaired player. */
  const firstAllowed = (g: number, me: number): { partner: number; last: number } => {
    let last = -1;
    for (let j = groupHead[g]!; j >= 0 && group[j] === g; j = next[j]!) {
      last = j;
      if (j !== me && !isRematch(at(me), at(j)) && !isBlocked(me, j)) return { partner: j, last };
    }
    return { partner: -1, last };
  };

  /** The closest allowed partner of `me` beyond its own group, below (`down`) or above, within `limit`, or -1. */
  const nearestBeyond = (me: number, edge: number, down: boolean, limit: number): number => {
    let j = edge;
    while (j >= 0 && Math.abs(at(j).elo - at(me).elo) <= limit) {
      const g = group[j]!;
      const found = firstAllowed(g, me);
      if (found.partner >= 0) return found.partner;
      // Everyone in that group was a last opponent or blocked: try the next group out.
      j = down ? prev[groupHead[g]!]! : next[found.last]!;
    }
    return -1;
  };

  const byWait = Array.from({ length: n }, (_, i) => i).sort((a, b) => servedBefore(at(a), at(b)));
  for (const i of byWait) {
    if (paired[i]) continue;
    const own = firstAllowed(group[i]!, i);
    if (own.partner >= 0) {
      pair(i, own.partner);
      continue;
    }
    const limit = allowedEloGap(waitedMs(at(i), nowMs));
    const below = nearestBeyond(i, prev[groupHead[group[i]!]!]!, true, limit);
    const above = nearestBeyond(i, next[own.last]!, false, limit);
    if (below < 0 && above < 0) continue;
    let partner = below >= 0 ? below : above;
    if (below >= 0 && above >= 0) {
      const gapBelow = at(i).elo - at(below).elo;
      const gapAbove = at(above).elo - at(i).elo;
      partner =
        gapBelow < gapAbove || (gapBelow === gapAbove && servedBefore(at(below), at(above)) < 0) ? below : above;
    }
    pair(i, partner);
  }

  // The rematch exception: the last two players left may meet again, since nobody else is waiting.
  if (unpaired === 2) {
    const [a, b] = byWait.filter((i) => !paired[i]) as [number, number];
    const longer = Math.max(waitedMs(at(a), nowMs), waitedMs(at(b), nowMs));
    if (Math.abs(at(a).elo - at(b).elo) <= allowedEloGap(longer) && !isBlocked(a, b)) pair(a, b);
  }
  return pairs;
}

/**
 * When a player's queue cooldown ends, or null when they may queue (docs/decisions.md#matchmaking): any {@link QUEUE_PENALTY_MISSES}
 * misses (declined, or let run out without accepting) within {@link QUEUE_PENALTY_WINDOW_MS} shut the queue for
 * {@link QUEUE_PENALTY_COOLDOWN_MS} from the last of them. The window slides, so a further miss within the hour of
 * two earlier ones starts a new cooldown.
 */
export function queueCooldownUntil(missTimesMs: readonly number[], nowMs: number): Date | null {
  const misses = [...missTimesMs].sort((a, b) => a - b);
  let until: number | null = null;
  for (let i = QUEUE_PENALTY_MISSES - 1; i < misses.length; i++) {
    const third = misses[i]!;
    if (third - misses[i - (QUEUE_PENALTY_MISSES - 1)]! <= QUEUE_PENALTY_WINDOW_MS) {
      const end = third + QUEUE_PENALTY_COOLDOWN_MS;
      if (end > nowMs && (until === null || end > until)) until = end;
    }
  }
  return until === null ? null : new Date(until);
}

/** Everything {@link checkQueueEntry} needs to know about a player at `now`. */
export interface QueueEntryFacts {
  /** The player's console (docs/product.md#entities: 0 Xbox, 1 PlayStation). */
  console: number;
  /** The active season, or null when there is none. */
  season: (SeasonWindow & { max_games_per_week?: number | null }) | null;
  /** The player has a game in an open state (OPEN_GAME_STATES). */
  has_open_game: boolean;
  /** Games the player has in the current week (games.week_start). */
  games_this_week: number;
  /** When the player's recent misses happened, unix ms (order does not matter). */
  miss_times_ms: readonly number[];
  now: Date;
}

export type QueueEntryRefusal =
  | { reason: 'console'; message: Message }
  | { reason: 'closed'; message: Message }
  | { reason: 'open_game'; message: Message }
  | { reason: 'weekly_cap'; message: Message }
  | { reason: 'cooldown'; message: Message; until: Date };

export type QueueEntryCheck = { ok: true } | ({ ok: false } & QueueEntryRefusal);

/**
 * Who may enter the queue (docs/decisions.md#matchmaking), checked in this order: a PlayStation player (docs/product.md#what-it-does), inside the open
 * window of the active season, with no open game, under the season's weekly game cap (docs/product.md#constants: 30), and not in a
 * queue cooldown ({@link queueCooldownUntil}). Each refusal carries its message; dates are in the season's zone.
 */
export function checkQueueEntry(facts: QueueEntryFacts): QueueEntryCheck {
  const { season, now } = facts;
  if (facts.console !== CONSOLE_PLAYSTATION) {
    return { ok: false, reason: 'console', message: message('playstationOnly') };
  }
  if (!season || !isWindowOpen(season, now)) {
    const opens = season ? nextWindowOpening(season, now) : null;
    const params = { opens_at: opens ? opens.toISOString() : null, time_zone: season?.time_zone ?? 'UTC' };
    return { ok: false, reason: 'closed', message: message('matchmakingClosed', params) };
  }
  if (facts.has_open_game) return { ok: false, reason: 'open_game', message: message('finishOpenGame') };
  const cap = season.max_games_per_week ?? MAX_GAMES_PER_WEEK;
  if (facts.games_this_week >= cap)
    return { ok: false, reason: 'weekly_cap', message: message('weeklyGameCap', { max: cap }) };
  const until = queueCooldownUntil(facts.miss_times_ms, now.getTime());
  if (until)
    return {
      ok: false,
      reason: 'cooldown',
      message: message('queueCooldown', { until: until.toISOString(), time_zone: season.time_zone }),
      until,
    };
  return { ok: true };
}
