import type { Knex } from 'knex';
import { OPEN_GAME_STATES } from '@ecup/domain';

/**
 * The signed-in player's open game (spec §7 /game/get_active: "game id number"): the newest game they play in that
 * is still playing, submitted or dropped (decisions §5), or null. A game in conflict waits for a moderator and is
 * not active.
 */
export async function activeGameId(knex: Knex, userId: number): Promise<number | null> {
  const row = (await knex('games')
    .where((q) => q.where('user_1_id', userId).orWhere('user_2_id', userId))
    .whereIn('state', OPEN_GAME_STATES)
    .orderBy('id', 'desc')
    .first('id')) as { id: number } | undefined;
  return row ? Number(row.id) : null;
}
