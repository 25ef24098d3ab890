import { USER_STATS_FIELDS, push, userRoom, type HeldTrophyPayload, type Push, type UserStats } from '@ecup/domain';

/** The stats fields of a row that has them: a `users` row, or a player card (GamePlayer) read in this transaction. */
export function statsFrom(row: UserStats): UserStats {
  return Object.fromEntries(USER_STATS_FIELDS.map((field) => [field, row[field]])) as unknown as UserStats;
}

/**
 * The `stats` event for one player (docs/product.md#calls; docs/product.md#states: "score update events update goals, wins, losses, ties of
 * both players and trophies of the winner"): their stats and unsecured trophies as the change left them. `gameId`
 * is null when no game caused the change (a trophy expired or was reset).
 */
export function presentStatsPush(
  userId: number,
  gameId: number | null,
  stats: UserStats,
  trophies: HeldTrophyPayload[],
): Push {
  return push(userRoom(userId), 'stats', { user_id: userId, game_id: gameId, stats: statsFrom(stats), trophies });
}
