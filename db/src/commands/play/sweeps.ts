import type { Sweep } from '../types.ts';
import { expireQueueEntries } from './expire-queue.ts';
import { expireMatches } from './expire-matches.ts';
import { pairQueue } from './pair-queue.ts';
import { escalateOverdueGames } from '../games/escalate-overdue.ts';

/**
 * What the worker's play tick runs every second, in this order (decisions §5): drop queue entries without a
 * keepalive, clear matches past their accept deadline and grace, send unanswered results to conflict, then pair
 * whoever is waiting (players just returned to the queue included).
 */
export const PLAY_TICK_SWEEPS: readonly Sweep[] = [expireQueueEntries, expireMatches, escalateOverdueGames, pairQueue];
