import type { Knex } from 'knex';
import type { Push } from '@ecup/domain';
import { PLAY_TICK_SWEEPS, pairQueue, pushesOf, type Sweep } from '@ecup/db';

export interface PlayJobDeps {
  knex: Knex;
  now: () => Date;
  publish: (pushes: Push[]) => void;
}

async function run(deps: PlayJobDeps, sweeps: readonly Sweep[]) {
  let events = 0;
  for (const sweep of sweeps) {
    // Each sweep commits before its events go out (CONVENTIONS §6).
    const done = await sweep(deps.knex, deps.now());
    deps.publish(pushesOf(done));
    events += done.length;
  }
  return { events };
}

/** The play tick (decisions §5), every second on one worker: every sweep in order. Idempotent. */
export function playTick(deps: PlayJobDeps) {
  return run(deps, PLAY_TICK_SWEEPS);
}

/** A pairing pass right after a queue entry, so a pair does not wait for the next tick. */
export function pairNow(deps: PlayJobDeps) {
  return run(deps, [pairQueue]);
}
