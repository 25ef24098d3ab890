import type { Knex } from 'knex';
import { PERMISSIONS, has, parseRoom } from '@ecup/domain';
import { gamePlayerIds } from '@ecup/db';

/**
 * Who may join a private room (docs/decisions.md#real-time): a user their own room; a game's room its two players or staff with
 * canResolveConflicts. Another user's room and another game's room answer exactly like a missing one.
 */
export async function canJoin(
  knex: Knex,
  user: { id: number; permissions: number },
  channel: unknown,
): Promise<boolean> {
  const room = parseRoom(channel);
  if (!room) return false;
  if (room.kind === 'user') return room.id === user.id;
  const game = await gamePlayerIds(knex, room.id);
  if (!game) return false;
  return (
    game.user_1_id === user.id || game.user_2_id === user.id || has(user.permissions, PERMISSIONS.canResolveConflicts)
  );
}
