import { dispatchEvents, resetTrophyPools } from '@ecup/db';
import type { PlayJobDeps } from './play-tick.ts';

/** Passes of at most a batch of trophies per season each; a week's pool is far smaller than this many batches. */
const MAX_PASSES = 1000;

/**
 * The weekly trophy-pool reset (docs/decisions.md#trophy-hunt: "the pool resets at the start of every week"), the calendar's
 * Monday 00:00 job in the season's zone: opens this week's pool and sends back every trophy still held from an
 * earlier week, pass after pass until none is left, each pass's `stats` pushed once it committed. Idempotent: a
 * second run, on this worker or another, finds nothing held from an earlier week.
 */
export async function resetWeeklyTrophyPools(deps: Omit<PlayJobDeps, 'matchesMade'>): Promise<{ events: number }> {
  let events = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const done = await resetTrophyPools(deps.knex, deps.now());
    await dispatchEvents(done, deps.after);
    events += done.length;
    if (done.length === 0) break;
  }
  return { events };
}
