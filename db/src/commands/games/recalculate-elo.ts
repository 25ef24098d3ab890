import type { Knex } from 'knex';
import { planEloReplay } from '../../queries/elo-replay.ts';
import { writeEloReplay } from '../ops/elo-replay.ts';
import { statsPush } from '../../queries/trophies.ts';
import { pushEvents, type CommandOutcome } from '../types.ts';
import { transaction } from '../../services/transaction.ts';

export interface EloRecalculation {
  /** Final games replayed, from the corrected game on. */
  games: number;
  /** Games whose stored before/after changed. */
  changed_games: number;
  /** Players whose rating moved. */
  moved: number[];
}

/**
 * The `elo-recalculate` job (docs/decisions.md#elo): after a moderator changed the result of a game that later
 * games followed, replays the rated games from that game on in the order they became final, each with its current
 * score, writes the new before/after of every game that changed (with an Elo history row of kind `replay`) and the
 * new ratings, and answers a `stats` push for every player whose rating moved. Holds every covered player's row
 * while it runs, so a result made final meanwhile waits and is rated from the replayed ratings. Idempotent: a second
 * run finds nothing to change, and two corrections' runs in either order leave the ratings of the replay of them
 * both. A game that is no longer final (or gone) has nothing to replay. Runs in a READ COMMITTED transaction
 * (`runEloRecalculation`): once the players' rows are locked, its reads must see what another recalculation
 * committed meanwhile, not the snapshot of its first read.
 */
export async function recalculateElo(
  trx: Knex,
  input: { game_id: number; now: Date },
): Promise<CommandOutcome<EloRecalculation>> {
  const game = (await trx('games').where({ id: input.game_id, state: 'final' }).first('id', 'final_at')) as
    { id: number; final_at: Date } | undefined;
  if (!game) return { result: { games: 0, changed_games: 0, moved: [] }, events: [] };
  const plan = await planEloReplay(trx, { from: { final_at: game.final_at, id: game.id }, lock: true });
  const moved = await writeEloReplay(trx, plan, input.now);
  const pushes = [];
  for (const id of moved) pushes.push(await statsPush(trx, id, null, input.now));
  return { result: { games: plan.games, changed_games: plan.changed.length, moved }, events: pushEvents(pushes) };
}

/** Runs {@link recalculateElo} in its own READ COMMITTED transaction, again when it lost a deadlock. */
export function runEloRecalculation(
  knex: Knex,
  input: { game_id: number; now: Date },
): Promise<CommandOutcome<EloRecalculation>> {
  return transaction(knex, (trx) => recalculateElo(trx, input), { isolationLevel: 'read committed' });
}
