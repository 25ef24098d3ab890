import type { Knex } from 'knex';
import { ALL_PERMISSIONS, hasAll } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/**
 * Turns two-factor sign-in off after the caller confirmed a current code (docs/decisions.md#permissions): never for a holder of
 * every flag (403), a 409 when it is not on. The secret and the recovery codes are forgotten. Audited.
 */
export async function disableTotp(
  trx: Knex,
  input: { user_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ disabled: true }>> {
  const user = await trx('users').where('id', input.user_id).forUpdate().first('id', 'permissions', 'totp_enabled');
  if (!user) throw new CommandRejected('not_found', 'recordNotFound');
  if (hasAll(user.permissions, ALL_PERMISSIONS)) throw new CommandRejected('forbidden', 'totpRequiredForAllFlags');
  if (!user.totp_enabled) throw new CommandRejected('conflict', 'totpNotEnabled');
  await trx('users').where('id', user.id).update({ totp_enabled: false, totp_secret: null, updated_at: input.now });
  await trx('recovery_codes').where('user_id', user.id).delete();
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'totp.disable',
    entity: 'user',
    entity_id: input.user_id,
    before: { totp_enabled: true },
    after: { totp_enabled: false },
    ip: input.ip,
    now: input.now,
  });
  return { result: { disabled: true }, events: [] };
}
