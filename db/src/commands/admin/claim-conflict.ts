import type { Knex } from 'knex';
import { message } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { lockConflict } from '../../queries/conflicts.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * A moderator claims an open conflict (canResolveConflicts, checked by the caller), so two do not work on the same
 * game: the row lock orders simultaneous claims, the first one wins and the other gets a 409 naming who has it.
 * Claiming one's own claim again changes nothing; a solved conflict is a 409. Audited.
 */
export async function claimConflict(
  trx: Knex,
  input: { actor: AdminActor; game_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ claimed: boolean }>> {
  const game = await lockConflict(trx, input.game_id);
  if (game.conflict_solved) throw new CommandRejected('conflict', 'conflictAlreadySolved');
  if (game.claimed_by_user_id === input.actor.id) return { result: { claimed: false }, events: [] };
  if (game.claimed_by_user_id !== null) {
    throw new CommandRejected(
      'conflict',
      message('conflictClaimedByOther', { username: game.claimed_by_username ?? '' }),
    );
  }
  await trx('games').where('id', game.id).update({ claimed_by_user_id: input.actor.id, claimed_at: input.now });
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'conflict.claim',
    entity: 'game',
    entity_id: game.id,
    before: { claimed_by_user_id: null },
    after: { claimed_by_user_id: input.actor.id },
    ip: input.ip,
    now: input.now,
  });
  return { result: { claimed: true }, events: [] };
}
