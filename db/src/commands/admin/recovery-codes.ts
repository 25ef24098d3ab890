import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/** Replaces a user's recovery codes with new ones (their hashes): an enrolment shows a fresh set of ten. */
export async function replaceRecoveryCodes(trx: Knex, userId: number, hashes: string[], now: Date): Promise<void> {
  await trx('recovery_codes').where('user_id', userId).delete();
  if (hashes.length > 0) {
    await trx('recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })));
  }
}

/**
 * Spends one recovery code at a sign-in, the console's or the player app's (docs/decisions.md#permissions): the row is deleted with
 * a guarded DELETE, so of two sign-ins with the same code at once exactly one gets it; the other (and any unknown
 * code) is refused with secondFactorInvalid. Audited with the number of codes left.
 */
export async function useRecoveryCode(
  trx: Knex,
  input: { user_id: number; code_hash: string; ip: string | null; now: Date },
): Promise<CommandOutcome<{ remaining: number }>> {
  const deleted = await trx('recovery_codes').where({ user_id: input.user_id, code_hash: input.code_hash }).delete();
  if (deleted !== 1) throw new CommandRejected('invalid', 'secondFactorInvalid');
  const [{ n }] = (await trx('recovery_codes').where('user_id', input.user_id).count({ n: '*' })) as [{ n: number }];
  const remaining = n;
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'totp.recovery_code_used',
    entity: 'user',
    entity_id: input.user_id,
    before: null,
    after: { recovery_codes_left: remaining },
    ip: input.ip,
    now: input.now,
  });
  return { result: { remaining }, events: [] };
}
