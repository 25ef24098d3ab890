import type { Knex } from 'knex';
import type { Push } from '@ecup/domain';
import { dispatchEvents, pairQueue, pushesOf, type AfterCommit, type Sweep } from '@ecup/db';
import { PLAY_TICK_SWEEPS } from '../sweeps.ts';

export interface PlayJobDeps {
  knex: Knex;
  now: () => Date;
  /** What the worker does with committed events (its emitter's pushes). */
  after: AfterCommit;
  /** Counts the matches a pass created (the matches-made metric). */
  matchesMade?: (count: number) => void;
}

/** Matches created in a sweep's committed events: each new match sends `match` to both players. */
function newMatches(pushes: Push[]): number {
  return new Set(pushes.flatMap((p) => (p.event === 'match' ? [p.payload.id] : []))).size;
}

async function run(deps: PlayJobDeps, sweeps: readonly Sweep[]) {
  let events = 0;
  for (const sweep of sweeps) {
    // Each sweep commits before its events go out (docs/conventions.md#after-commit).
    const done = await sweep(deps.knex, deps.now());
    await dispatchEvents(done, deps.after);
    if (sweep === pairQueue) deps.matchesMade?.(newMatches(pushesOf(done)));
    events += done.length;
  }
  return { events };
}

/** The play tick (docs/decisions.md#matchmaking), every second on one worker: every sweep in order. Idempotent. */
export function playTick(deps: PlayJobDeps) {
  return run(deps, PLAY_TICK_SWEEPS);
}

/** A pairing pass right after a queue entry, so a pair does not wait for the next tick. */
export function pairNow(deps: PlayJobDeps) {
  return run(deps, [pairQueue]);
}
