import type { Knex } from 'knex';
import { bannedAt } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * A moderator lifts a ban in force (docs/decisions.md#permissions; canSeeUserProfile + canBanUsers, checked by the caller): the user
 * row is cleared and the open `bans` rows are marked lifted. Lifting a ban that is not in force is a 409. Audited.
 */
export async function unbanUser(
  trx: Knex,
  input: { actor: AdminActor; user_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ user_id: number }>> {
  const user = await trx('users').where('id', input.user_id).forUpdate().first('id', 'banned_until', 'ban_reason');
  if (!user) throw new CommandRejected('not_found', 'recordNotFound');
  if (!bannedAt(user, input.now)) throw new CommandRejected('conflict', 'notBanned');
  await trx('users').where('id', user.id).update({ banned_until: null, ban_reason: null, updated_at: input.now });
  // Closed by id under the user's row lock (see banUser: a ranged UPDATE would take gap locks).
  const open = (await trx('bans').where('user_id', user.id).whereNull('lifted_at').pluck('id')) as number[];
  if (open.length > 0) {
    await trx('bans').whereIn('id', open).update({ lifted_at: input.now, lifted_by_user_id: input.actor.id });
  }
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'user.unban',
    entity: 'user',
    entity_id: user.id,
    before: { banned_until: user.banned_until, ban_reason: user.ban_reason },
    after: { banned_until: null, ban_reason: null },
    ip: input.ip,
    now: input.now,
  });
  return { result: { user_id: user.id }, events: [] };
}
