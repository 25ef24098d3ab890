import type { Knex } from 'knex';
import type { TrophyMove } from '@ecup/domain';
import type { BaseModel } from '../../models/base.ts';
import type { TrophyMove as TrophyMoveModel } from '../../models/TrophyMove.ts';
import type { TrophyRow } from './rows.ts';

/** The kinds of a `trophy_moves` row: the domain's moves, plus the ones no game makes. */
export type MoveKind = TrophyMove['kind'] | 'expire' | 'reset' | 'reverse';

/** A `trophy_moves` row as reversal reads it (the TrophyMove model's columns but the reversal's own). */
export type MoveRow = Omit<TrophyMoveModel, 'reversed_at' | 'created_at' | keyof BaseModel>;

/** The columns of a trophy back in its pool. */
export const IN_POOL = { state: 'pool', holder_user_id: null, wins: 0, taken_at: null, expires_at: null } as const;

/**
 * Writes one move and the trophy's new state: the move row (with the trophy's state before it, so a moderator's
 * edit can restore it), then one write guarded by the trophy's latest move as the caller read it under the
 * trophy's lock (`last_move_id`, which every move changes: "the trophy has not moved since"), which records this
 * move as the latest. The guard names the row by primary key only, so the write locks that row and nothing around
 * it in the state and holder indexes. A guard that matches nothing means the locks were not what the caller
 * thought: an error, and the whole transaction rolls back. Answers the move's id.
 */
export async function moveTrophy(
  trx: Knex,
  input: {
    trophy: TrophyRow;
    kind: MoveKind;
    game_id: number | null;
    from_user_id: number | null;
    to_user_id: number | null;
    changes: Record<string, unknown>;
    now: Date;
  },
): Promise<number> {
  const [moveId] = await trx('trophy_moves').insert({
    trophy_id: input.trophy.id,
    game_id: input.game_id,
    kind: input.kind,
    from_user_id: input.from_user_id,
    to_user_id: input.to_user_id,
    wins_before: input.trophy.wins,
    taken_at_before: input.trophy.taken_at,
    expires_at_before: input.trophy.expires_at,
    created_at: input.now,
  });
  const changed = await trx('trophies')
    .where('id', input.trophy.id)
    .whereRaw('last_move_id <=> ?', [input.trophy.last_move_id])
    .update({ ...input.changes, last_move_id: moveId, updated_at: input.now });
  if (changed !== 1) throw new Error(`trophy ${input.trophy.id} was not in the state its ${input.kind} expected`);
  return moveId!;
}

/** Adds `delta` to a player's unsecured or secured trophy counter (kept equal to the trophies' states). */
export async function countTrophies(
  trx: Knex,
  userId: number,
  column: 'unsecured_trophies' | 'secured_trophies',
  delta: 1 | -1,
): Promise<void> {
  await trx('users')
    .where('id', userId)
    .update({ [column]: trx.raw(delta === 1 ? '?? + 1' : '?? - 1', [column]) });
}

/**
 * Sends a held trophy back to its pool without a game (decisions §7: its 2-day window ran out, or its week's pool
 * was reset): move 'expire' or 'reset', and the holder's unsecured counter drops. The caller holds the holder's
 * and the trophy's row locks.
 */
export async function releaseHeld(trx: Knex, trophy: TrophyRow, kind: 'expire' | 'reset', now: Date): Promise<void> {
  const holder = trophy.holder_user_id!;
  await moveTrophy(trx, {
    trophy,
    kind,
    game_id: null,
    from_user_id: holder,
    to_user_id: null,
    changes: IN_POOL,
    now,
  });
  await countTrophies(trx, holder, 'unsecured_trophies', -1);
}
