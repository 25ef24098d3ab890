import type { Knex } from 'knex';
import { OPEN_GAME_STATES } from '@ecup/domain';

/**
 * The player's open game (docs/product.md#calls /game/get_active: "game id number"; docs/decisions.md#matchmaking): the newest game they play in
 * that is still playing, submitted or dropped, or null. A game in conflict waits for a moderator and is not open.
 * Used by the queue's entry check, the matchmaking status, the signed-in user and /game/get_active. One read per
 * side, each on that side's player index, rather than an OR across both.
 */
export async function openGameId(knex: Knex, userId: number): Promise<number | null> {
  let newest: number | null = null;
  for (const column of ['user_1_id', 'user_2_id']) {
    const row = await knex('games')
      .where(column, userId)
      .whereIn('state', OPEN_GAME_STATES)
      .orderBy('id', 'desc')
      .first('id');
    if (row && (newest === null || row.id > newest)) newest = row.id;
  }
  return newest;
}
