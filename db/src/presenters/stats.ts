import { USER_STATS_FIELDS, push, userRoom, type Push, type UserStats } from '@ecup/domain';
import type { Knex } from 'knex';
import { heldTrophiesOf, userStatsOf } from '../queries/trophies.ts';

/** The stats fields of a row that has them: a `users` row, or a player card (GamePlayer) read in this transaction. */
export function statsFrom(row: UserStats): UserStats {
  return Object.fromEntries(USER_STATS_FIELDS.map((field) => [field, row[field]])) as unknown as UserStats;
}

/**
 * The `stats` event for one player (spec §7; spec §4: "score update events update goals, wins, losses, ties of
 * both players and trophies of the winner"): their stats and unsecured trophies as this transaction leaves them.
 * `gameId` is null when no game caused the change (a trophy expired or was reset).
 */
export async function statsPush(knex: Knex, userId: number, gameId: number | null, now: Date): Promise<Push> {
  const stats = await userStatsOf(knex, userId);
  const trophies = await heldTrophiesOf(knex, userId, now);
  return push(userRoom(userId), 'stats', { user_id: userId, game_id: gameId, stats, trophies });
}
