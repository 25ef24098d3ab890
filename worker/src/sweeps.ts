import type { Sweep } from '../types.ts';
import { expireQueueEntries } from './expire-queue.ts';
import { expireMatches } from './expire-matches.ts';
import { pairQueue } from './pair-queue.ts';
import { escalateOverdueGames } from '../games/escalate-overdue.ts';
import { expireTrophies, resetTrophyPools } from '../trophies/sweeps.ts';

/**
 * What the worker's play tick runs every second, in this order (decisions §5): drop queue entries without a
 * keepalive, clear matches past their accept deadline and grace, send unanswered results to conflict, then pair
 * whoever is waiting (players just returned to the queue included); then the trophy hunt (decisions §7): open this
 * week's pool and reset earlier weeks' held trophies, and send back trophies whose 2-day window ran out. The trophy
 * sweeps are a few indexed reads when there is nothing to do, so they share the tick rather than a schedule of
 * their own, and a reset is late by at most a second.
 */
export const PLAY_TICK_SWEEPS: readonly Sweep[] = [
  expireQueueEntries,
  expireMatches,
  escalateOverdueGames,
  pairQueue,
  resetTrophyPools,
  expireTrophies,
];
