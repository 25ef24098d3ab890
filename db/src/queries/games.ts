import type { Knex } from 'knex';
import type { GameRow } from '../models/Game.ts';
import type { Row } from '../models/tables.ts';
import { CommandRejected } from '../commands/types.ts';

/** The row the driver gives, its flags turned into booleans. */
function rowOf(stored: Row<'games'>): GameRow {
  return { ...stored, conflict: Boolean(stored.conflict), conflict_solved: Boolean(stored.conflict_solved) };
}

/** One game, or null. */
export async function findGame(knex: Knex, gameId: number): Promise<GameRow | null> {
  const stored = await knex('games').where('id', gameId).first();
  return stored ? rowOf(stored) : null;
}

/**
 * One game under its row lock (`SELECT … FOR UPDATE`, decisions §2), so the rule checked and the write made see the
 * same state and concurrent calls on the game queue up. A missing game is a 404.
 */
export async function lockGame(trx: Knex, gameId: number): Promise<GameRow> {
  const stored = await trx('games').where('id', gameId).forUpdate().first();
  if (!stored) throw new CommandRejected('not_found', 'gameNotFound');
  return rowOf(stored);
}
