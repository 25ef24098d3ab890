import type { ConflictEntry } from '@ecup/domain';
import type { Game } from '../models/Game.ts';
import type { User } from '../models/User.ts';

/** A row of `conflictGames`: the game and its two players; `conflict_solved` is TINYINT 0/1. */
export type ConflictGameRow = Pick<Game, 'id' | 'created_at'> & {
  conflict_solved: number | boolean;
  u1_id: User['id'];
  u1_username: User['username'];
  u1_avatar_hash: User['avatar_hash'];
  u2_id: User['id'];
  u2_username: User['username'];
  u2_avatar_hash: User['avatar_hash'];
};

/** A conflict list row (docs/product.md#entities Conflict): the game, its two players and whether it is solved. */
export function presentConflict(row: ConflictGameRow): ConflictEntry {
  return {
    id: row.id,
    user_1: { id: row.u1_id, username: row.u1_username, avatar_hash: row.u1_avatar_hash },
    user_2: { id: row.u2_id, username: row.u2_username, avatar_hash: row.u2_avatar_hash },
    solved: Boolean(row.conflict_solved),
    inserted: Math.floor(row.created_at.getTime() / 1000),
  };
}
