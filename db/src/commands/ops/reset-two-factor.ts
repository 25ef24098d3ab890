import type { Knex } from 'knex';
import { writeAudit } from '../audit.ts';
import { issueEnrolmentLink } from '../admin/enrolment-link.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { findUserByRef } from '../../queries/user-data.ts';

export interface ResetTwoFactorResult {
  user: { id: number; username: string };
  /** Whether two-factor sign-in was on before. */
  was_enabled: boolean;
  /** Console sessions ended. */
  sessions_ended: number;
  /** The fresh enrolment link's one-time token. */
  enrolment: { token: string; expires_at: Date };
}

/**
 * A lost phone (docs/decisions.md#permissions, `admin:reset-2fa`): two-factor sign-in is turned off for the user, the secret and the
 * recovery codes forgotten, every console session of the user ended (the player app's stay, without the staff flags
 * a code of the old enrolment gave them), and a fresh enrolment link issued. Audited as `totp.reset` (no actor, `source: 'cli'`) and `enrolment.link_issued`.
 */
export async function resetTwoFactor(
  trx: Knex,
  input: { user: string; now: Date },
): Promise<CommandOutcome<ResetTwoFactorResult>> {
  const head = await findUserByRef(trx, input.user, true);
  if (head.erased_at)
    throw new CommandRejected('conflict', { operator: `User ${head.id} was erased; it cannot sign in.` });
  const { id } = head;
  const row = await trx('users').where('id', id).first('totp_enabled');
  const was_enabled = Boolean(row?.totp_enabled);
  await trx('users').where('id', id).update({ totp_enabled: false, totp_secret: null, updated_at: input.now });
  const codes = await trx('recovery_codes').where('user_id', id).delete();
  const sessions_ended = await trx('sessions').where({ user_id: id, console: true }).delete();
  await trx('sessions').where('user_id', id).whereNotNull('totp_verified_at').update({ totp_verified_at: null });
  await writeAudit(trx, {
    actor_user_id: null,
    action: 'totp.reset',
    entity: 'user',
    entity_id: id,
    before: { totp_enabled: was_enabled, recovery_codes: codes },
    after: { totp_enabled: false, recovery_codes: 0, console_sessions_ended: sessions_ended, source: 'cli' },
    ip: null,
    now: input.now,
  });
  const { result: enrolment } = await issueEnrolmentLink(trx, { user_id: id, source: 'cli', now: input.now });
  return { result: { user: { id, username: head.username }, was_enabled, sessions_ended, enrolment }, events: [] };
}
