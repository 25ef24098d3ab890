import type { Knex } from 'knex';
import { ALL_PERMISSIONS, hasAll, isStaff } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * "Sign out" on one of the player's own sessions ("Where you're signed in" in settings): deletes it, so its token
 * answers 401 "Your session has ended." at once, and closes its sockets. Another user's session, or one that no
 * longer exists, is refused exactly alike (404) and nothing changes.
 */
export async function signOutSession(
  trx: Knex,
  input: { user_id: number; session_id: number },
): Promise<CommandOutcome<{ session_id: number }>> {
  const deleted = await trx('sessions').where({ id: input.session_id, user_id: input.user_id }).delete();
  if (deleted === 0) throw new CommandRejected('not_found', 'sessionNotFound');
  return {
    result: { session_id: input.session_id },
    events: [
      { type: 'sessions-revoked', user_id: input.user_id, kept_session_id: null, session_ids: [input.session_id] },
    ],
  };
}

/** "Sign out everywhere else": deletes every session of the player but the one making the call, and their sockets. */
export async function signOutOtherSessions(
  trx: Knex,
  input: { user_id: number; kept_session_id: number },
): Promise<CommandOutcome<{ signed_out: number }>> {
  const signedOut = await trx('sessions')
    .where('user_id', input.user_id)
    .whereNot('id', input.kept_session_id)
    .delete();
  return {
    result: { signed_out: signedOut },
    events: [{ type: 'sessions-revoked', user_id: input.user_id, kept_session_id: input.kept_session_id }],
  };
}

/**
 * A moderator signs a user out of one session (`session_id`) or of every session (null) from the user's console
 * page (canSeeUserProfile + canBanUsers, checked by the caller). Signing out a staff member needs every flag, as a
 * ban does; a staff member signing themselves out everywhere keeps the console session making the call. Audited
 * with the sessions before and after.
 */
export async function adminSignOutSessions(
  trx: Knex,
  input: {
    actor: AdminActor;
    actor_session_id: number | null;
    user_id: number;
    session_id: number | null;
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ signed_out: number }>> {
  const user = await trx('users').where('id', input.user_id).forUpdate().first('id', 'permissions');
  if (!user) throw new CommandRejected('not_found', 'recordNotFound');
  if (user.id !== input.actor.id && isStaff(user.permissions) && !hasAll(input.actor.permissions, ALL_PERMISSIONS)) {
    throw new CommandRejected('forbidden', 'noPermission');
  }
  const kept = user.id === input.actor.id ? input.actor_session_id : null;
  const query = () => {
    const q = trx('sessions').where('user_id', user.id);
    if (input.session_id !== null) q.where('id', input.session_id);
    if (kept !== null) q.whereNot('id', kept);
    return q;
  };
  const ids = ((await query().pluck('id')) as number[]).map(Number);
  if (input.session_id !== null && ids.length === 0) throw new CommandRejected('not_found', 'sessionNotFound');
  if (ids.length > 0) await trx('sessions').whereIn('id', ids).delete();
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: input.session_id === null ? 'user.sign_out_all' : 'user.sign_out',
    entity: 'user',
    entity_id: user.id,
    before: { session_ids: ids },
    after: { session_ids: [] },
    ip: input.ip,
    now: input.now,
  });
  return {
    result: { signed_out: ids.length },
    events:
      ids.length === 0
        ? []
        : [
            {
              type: 'sessions-revoked',
              user_id: user.id,
              kept_session_id: kept,
              ...(input.session_id === null ? {} : { session_ids: ids }),
            },
          ],
  };
}
