import type { Knex } from 'knex';
import { ADMIN_ACTION_FLAGS, ALL_PERMISSIONS, banEnd, hasAll, isStaff, outranks } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * A moderator bans a user (docs/decisions.md#permissions) for `days`, or for ever with `days` null. The ban needs
 * ADMIN_ACTION_FLAGS.ban (canSeeUserProfile + canBanUsers) wherever it is started, the user page or the reports
 * queue, so it is checked here once (docs/rules.md "Staff actions and audit"). The user row carries the ban the API checks on every call, a `bans` row keeps the history
 * (an earlier ban still in force is closed as lifted by this one). Nobody bans themselves; banning a staff member
 * needs every flag. The `sessions-revoked` event closes the user's sockets at once; their sessions stay, so their
 * next request is refused with the reason instead of an unexplained sign-out. Audited before/after.
 */
export async function banUser(
  trx: Knex,
  input: { actor: AdminActor; user_id: number; reason: string; days: number | null; ip: string | null; now: Date },
): Promise<CommandOutcome<{ user_id: number; banned_until: Date }>> {
  if (!hasAll(input.actor.permissions, ADMIN_ACTION_FLAGS.ban)) throw new CommandRejected('forbidden', 'noPermission');
  if (input.user_id === input.actor.id) throw new CommandRejected('invalid', 'cannotBanSelf');
  const user = await trx('users')
    .where('id', input.user_id)
    .forUpdate()
    .first('id', 'permissions', 'banned_until', 'ban_reason');
  if (!user) throw new CommandRejected('not_found', 'recordNotFound');
  // Banning staff needs every flag, which also outranks them; outranks is checked too so that the shared rule of
  // staff actions holds here even if the stricter one is ever relaxed.
  if (isStaff(user.permissions) && !hasAll(input.actor.permissions, ALL_PERMISSIONS)) {
    throw new CommandRejected('forbidden', 'noPermission');
  }
  if (!outranks(input.actor.permissions, user.permissions)) {
    throw new CommandRejected('forbidden', 'cannotActOnSeniorStaff');
  }
  const until = banEnd(input.now, input.days);
  // The user's row lock orders every ban change of this user, so the open bans are read plainly and closed by id:
  // a ranged UPDATE would take gap locks that deadlock with another user's ban being inserted at the same time.
  const inForce = (await trx('bans')
    .where('user_id', user.id)
    .whereNull('lifted_at')
    .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', input.now))
    .pluck('id')) as number[];
  if (inForce.length > 0) {
    await trx('bans').whereIn('id', inForce).update({ lifted_at: input.now, lifted_by_user_id: input.actor.id });
  }
  await trx('bans').insert({
    user_id: user.id,
    reason: input.reason,
    created_by_user_id: input.actor.id,
    expires_at: input.days === null ? null : until,
    created_at: input.now,
  });
  await trx('users')
    .where('id', user.id)
    .update({ banned_until: until, ban_reason: input.reason, updated_at: input.now });
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'user.ban',
    entity: 'user',
    entity_id: user.id,
    before: { banned_until: user.banned_until, ban_reason: user.ban_reason },
    after: { banned_until: until, ban_reason: input.reason, days: input.days },
    ip: input.ip,
    now: input.now,
  });
  return {
    result: { user_id: user.id, banned_until: until },
    events: [{ type: 'sessions-revoked', user_id: user.id, kept_session_id: null }],
  };
}
