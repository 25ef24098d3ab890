import type { Knex } from 'knex';
import { PERMISSIONS, has, type ConflictEntry, type GameActor } from '@ecup/domain';
import { presentConflict, type ConflictGameRow } from '../presenters/conflicts.ts';
import { CommandRejected } from '../commands/types.ts';
import type { Game } from '../models/Game.ts';
import type { User } from '../models/User.ts';

/** Rows one conflict list answers at most. */
export const CONFLICT_LIST_MAX = 200;

/**
 * The games that went to conflict, each with its two players' id, username and picture (`u1_*`, `u2_*`): the
 * conflict list's query and the console's conflict queue's, which adds its own columns.
 */
export function conflictGames(knex: Knex) {
  return knex('games')
    .join('users as u1', 'u1.id', 'games.user_1_id')
    .join('users as u2', 'u2.id', 'games.user_2_id')
    .where('games.conflict', true)
    .select(
      'games.id',
      'games.conflict_solved',
      'games.created_at',
      'u1.id as u1_id',
      'u1.username as u1_username',
      'u1.avatar_hash as u1_avatar_hash',
      'u2.id as u2_id',
      'u2.username as u2_username',
      'u2.avatar_hash as u2_avatar_hash',
    );
}

function listQuery(knex: Knex, viewer: GameActor) {
  const query = conflictGames(knex);
  if (!has(viewer.permissions, PERMISSIONS.canResolveConflicts)) {
    query.where((q) => q.where('games.user_1_id', viewer.id).orWhere('games.user_2_id', viewer.id));
  }
  return query;
}

/**
 * The conflict list (docs/product.md#screens-and-routes Conflicts page, docs/product.md#entities Conflict, docs/product.md#calls /conflicts/list; docs/decisions.md#permissions): players see the games
 * they played that went to conflict, staff with canResolveConflicts see every one. Open conflicts come first,
 * oldest first (the queue a moderator works through), then solved ones, newest first; at most CONFLICT_LIST_MAX.
 */
export async function conflictList(knex: Knex, viewer: GameActor): Promise<ConflictEntry[]> {
  // The players' columns come from aliased joins (`u1.username as u1_username`), beyond knex's table typing.
  const open: ConflictGameRow[] = await listQuery(knex, viewer)
    .where('games.conflict_solved', false)
    .orderBy([
      { column: 'games.created_at', order: 'asc' },
      { column: 'games.id', order: 'asc' },
    ])
    .limit(CONFLICT_LIST_MAX);
  const room = CONFLICT_LIST_MAX - open.length;
  const solved: ConflictGameRow[] =
    room > 0
      ? await listQuery(knex, viewer)
          .where('games.conflict_solved', true)
          .orderBy([
            { column: 'games.created_at', order: 'desc' },
            { column: 'games.id', order: 'desc' },
          ])
          .limit(room)
      : [];
  return [...open, ...solved].map(presentConflict);
}

/** A game in conflict as the claim commands read it: the Game model's columns and the claimer's name. */
type ClaimRow = Pick<Game, 'id' | 'conflict_solved' | 'claimed_by_user_id'> & { claimed_by_username: string | null };

/**
 * A game in conflict under its row lock with who claimed it; a game that never went to conflict is a 404 here (the
 * console's conflicts are those games only).
 */
export async function lockConflict(trx: Knex, gameId: number): Promise<ClaimRow> {
  const row = await trx('games')
    .where({ id: gameId, conflict: true })
    .forUpdate()
    .first('id', 'conflict_solved', 'claimed_by_user_id');
  if (!row) throw new CommandRejected('not_found', 'recordNotFound');
  const claimer =
    row.claimed_by_user_id === null
      ? undefined
      : ((await trx('users').where('id', row.claimed_by_user_id).first('username')) as
          Pick<User, 'username'> | undefined);
  return {
    id: row.id,
    conflict_solved: Boolean(row.conflict_solved),
    claimed_by_user_id: row.claimed_by_user_id,
    claimed_by_username: claimer?.username ?? null,
  };
}
