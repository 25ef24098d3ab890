import type { Knex } from 'knex';
import { ALL_PERMISSIONS, flagNames, hasAll } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * A holder of every flag sets another user's permission flags (docs/decisions.md#permissions). Nobody else may (403), and nobody
 * takes any flag from themselves, so the last holder of every flag cannot lock the console out. Setting the same
 * value changes nothing and writes no audit row. Audited with the flags before and after.
 */
export async function setPermissions(
  trx: Knex,
  input: { actor: AdminActor; user_id: number; permissions: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ user_id: number; permissions: number }>> {
  if (!hasAll(input.actor.permissions, ALL_PERMISSIONS)) throw new CommandRejected('forbidden', 'noPermission');
  if (input.user_id === input.actor.id && input.permissions !== ALL_PERMISSIONS) {
    throw new CommandRejected('forbidden', 'cannotRemoveOwnPermissions');
  }
  const user = await trx('users').where('id', input.user_id).forUpdate().first('id', 'permissions');
  if (!user) throw new CommandRejected('not_found', 'recordNotFound');
  const before = user.permissions;
  if (before !== input.permissions) {
    await trx('users').where('id', user.id).update({ permissions: input.permissions, updated_at: input.now });
    await writeAudit(trx, {
      actor_user_id: input.actor.id,
      action: 'user.permissions',
      entity: 'user',
      entity_id: user.id,
      before: { permissions: before, flags: flagNames(before) },
      after: { permissions: input.permissions, flags: flagNames(input.permissions) },
      ip: input.ip,
      now: input.now,
    });
  }
  return { result: { user_id: user.id, permissions: input.permissions }, events: [] };
}
