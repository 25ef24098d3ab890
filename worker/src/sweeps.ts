import {
  escalateOverdueGames,
  expireMatches,
  expireQueueEntries,
  expireTrophies,
  pairQueue,
  warnExpiringTrophies,
  type Sweep,
} from '@ecup/db';

/**
 * What the worker's play tick runs every second, in this order (docs/decisions.md#matchmaking): drop queue entries without a
 * keepalive, clear matches past their accept deadline and grace, send unanswered results to conflict, then pair
 * whoever is waiting (players just returned to the queue included); then the trophy hunt's timers (docs/decisions.md#trophy-hunt):
 * send back trophies whose 2-day window ran out, and tell holders whose window ends within 2 hours. Each trophy has its own deadline, so the expiry is a sweep of a few
 * indexed reads rather than a calendar job; the weekly pool reset is one (`calendar.ts`).
 */
export const PLAY_TICK_SWEEPS: readonly Sweep[] = [
  expireQueueEntries,
  expireMatches,
  escalateOverdueGames,
  pairQueue,
  expireTrophies,
  warnExpiringTrophies,
];
