import type { Knex } from 'knex';
import { ALL_PERMISSIONS, hasAll } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';
import { lockConflict } from '../../queries/conflicts.ts';

/**
 * A moderator gives a claimed conflict back to the queue: the one who claimed it, or a holder of every flag (for a
 * moderator who is away); anyone else gets a 403. An unclaimed conflict stays as it is. Audited.
 */
export async function releaseConflict(
  trx: Knex,
  input: { actor: AdminActor; game_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ released: boolean }>> {
  const game = await lockConflict(trx, input.game_id);
  if (game.claimed_by_user_id === null) return { result: { released: false }, events: [] };
  if (game.claimed_by_user_id !== input.actor.id && !hasAll(input.actor.permissions, ALL_PERMISSIONS)) {
    throw new CommandRejected('forbidden', 'conflictNotYours');
  }
  await trx('games').where('id', game.id).update({ claimed_by_user_id: null, claimed_at: null });
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'conflict.release',
    entity: 'game',
    entity_id: game.id,
    before: { claimed_by_user_id: game.claimed_by_user_id },
    after: { claimed_by_user_id: null },
    ip: input.ip,
    now: input.now,
  });
  return { result: { released: true }, events: [] };
}
