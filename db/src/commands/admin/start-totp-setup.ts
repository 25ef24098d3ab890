import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/**
 * A staff member starts the two-factor set-up (docs/decisions.md#permissions): a new secret is kept in users.totp_secret while TOTP
 * stays off until a code from it is confirmed (enableTotp). Starting again replaces the secret; while TOTP is on it
 * is a 409 (turn it off first), so a stolen session cannot move the second factor to another phone. Audited
 * without the secret.
 */
export async function startTotpSetup(
  trx: Knex,
  input: { user_id: number; secret: string; ip: string | null; now: Date },
): Promise<CommandOutcome<{ started: true }>> {
  const changed = await trx('users')
    .where({ id: input.user_id, totp_enabled: false })
    .update({ totp_secret: input.secret, updated_at: input.now });
  if (changed !== 1) throw new CommandRejected('conflict', 'totpAlreadyEnabled');
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'totp.setup',
    entity: 'user',
    entity_id: input.user_id,
    before: { totp_enabled: false },
    after: { totp_enabled: false, setup_started: true },
    ip: input.ip,
    now: input.now,
  });
  return { result: { started: true }, events: [] };
}
