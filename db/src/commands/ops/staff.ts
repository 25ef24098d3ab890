import type { Knex } from 'knex';
import { ALL_PERMISSIONS, changeFlags, flagNames, hasAll } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { issueEnrolmentLink } from '../admin/enrolment-link.ts';
import { findUserByRef } from '../../queries/user-data.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/** The user a staff command acts on. */
export interface StaffUser {
  id: number;
  username: string;
  permissions: number;
}

export interface StaffFlagsResult {
  user: StaffUser;
  before: number;
  after: number;
  changed: boolean;
  /** Users that hold every flag once this is done (docs/decisions.md#permissions: such a user edits the others' flags). */
  full_admins: number;
  /**
   * A console enrolment link (its one-time token), when the account must use two-factor sign-in now and has none
   * (docs/decisions.md#permissions: nobody enrols an authenticator from a password alone); null otherwise and on a dry run.
   */
  enrolment: { token: string; expires_at: Date } | null;
}

/**
 * Grants or revokes permission flags from the operator CLI (docs/decisions.md#permissions: the first holder of every flag is made
 * this way, since only such a holder may edit flags in the console). A grant adds `bits`, a revoke removes them.
 * The user row is locked, so two operators' changes apply one after the other. No change writes nothing; a change is
 * audited as `user.permissions`, like the console's, with no actor and `source: 'cli'`. When the account then holds
 * every flag without two-factor sign-in on, an enrolment link is issued (issueEnrolmentLink). A dry run writes nothing.
 */
export async function changeStaffFlags(
  trx: Knex,
  input: { user: string; bits: number; change: 'grant' | 'revoke'; now: Date; dry_run?: boolean },
): Promise<CommandOutcome<StaffFlagsResult>> {
  // The one rule for naming a user on the command line (users:export and users:erase use it too).
  const head = await findUserByRef(trx, input.user, !input.dry_run);
  if (head.erased_at)
    throw new CommandRejected('conflict', { operator: `User ${head.id} was erased; it cannot hold flags.` });
  const user: StaffUser = { id: head.id, username: head.username, permissions: head.permissions };
  const before = user.permissions;
  const after = changeFlags(before, input.bits, input.change);
  const changed = after !== before;
  if (changed && !input.dry_run) {
    const updated = await trx('users')
      .where({ id: user.id, permissions: before })
      .update({ permissions: after, updated_at: input.now });
    if (updated !== 1)
      throw new CommandRejected('conflict', {
        operator: `The flags of '${user.username}' changed meanwhile; run it again.`,
      });
    await writeAudit(trx, {
      actor_user_id: null,
      action: 'user.permissions',
      entity: 'user',
      entity_id: user.id,
      before: { permissions: before, flags: flagNames(before) },
      after: { permissions: after, flags: flagNames(after), source: 'cli' },
      ip: null,
      now: input.now,
    });
  }
  const [{ n }] = (await trx('users')
    .where('permissions', ALL_PERMISSIONS)
    .whereNot('id', user.id)
    .count({ n: '*' })) as [{ n: number }];
  const full_admins = n + (after === ALL_PERMISSIONS ? 1 : 0);
  let enrolment: StaffFlagsResult['enrolment'] = null;
  if (!input.dry_run && input.change === 'grant' && hasAll(after, ALL_PERMISSIONS)) {
    const row = await trx('users').where('id', user.id).first('totp_enabled');
    if (!row?.totp_enabled) {
      enrolment = (await issueEnrolmentLink(trx, { user_id: user.id, source: 'cli', now: input.now })).result;
    }
  }
  return { result: { user, before, after, changed, full_admins, enrolment }, events: [] };
}
