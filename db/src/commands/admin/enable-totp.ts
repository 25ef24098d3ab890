import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { NewSession } from '../accounts/create-session.ts';
import { createAdminSession } from './create-admin-session.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';

/**
 * Turns two-factor sign-in on once the caller confirmed a code of the secret `secret` (docs/decisions.md#permissions). The write is
 * guarded by that secret and TOTP being off, so a set-up started again in between, or a second enable, is a 409.
 * The session that proved the code counts as having passed the second factor: the current one (`session_id`), or a
 * new one for an enrolment from an operator's link (`open_session`). The recovery codes (their hashes) replace any
 * earlier ones. Audited.
 */
export async function enableTotp(
  trx: Knex,
  input: {
    user_id: number;
    secret: string;
    session_id: number | null;
    open_session: { ip: string | null; user_agent: string | null } | null;
    recovery_code_hashes: string[];
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ session: NewSession | null }>> {
  const changed = await trx('users')
    .where({ id: input.user_id, totp_enabled: false, totp_secret: input.secret })
    .update({ totp_enabled: true, updated_at: input.now });
  if (changed !== 1) throw new CommandRejected('conflict', 'totpSetupMissing');
  await replaceRecoveryCodes(trx, input.user_id, input.recovery_code_hashes, input.now);
  if (input.session_id !== null) {
    await trx('sessions')
      .where({ id: input.session_id, user_id: input.user_id })
      .update({ totp_verified_at: input.now });
  }
  const session = input.open_session
    ? (
        await createAdminSession(trx, {
          user_id: input.user_id,
          ...input.open_session,
          second_factor: true,
          now: input.now,
        })
      ).result
    : null;
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'totp.enable',
    entity: 'user',
    entity_id: input.user_id,
    before: { totp_enabled: false },
    after: { totp_enabled: true, recovery_codes: input.recovery_code_hashes.length },
    ip: input.ip,
    now: input.now,
  });
  return { result: { session }, events: [] };
}
