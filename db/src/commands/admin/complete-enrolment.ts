import type { Knex } from 'knex';
import { writeAudit } from '../audit.ts';
import type { CommandOutcome } from '../types.ts';
import type { NewSession } from '../accounts/create-session.ts';
import { enableTotp } from './enable-totp.ts';
import { spendEnrolmentLink } from './enrolment-link.ts';

/**
 * Finishes an enrolment from an operator's link once the caller proved a code of the new secret (docs/decisions.md#permissions):
 * the link is spent (once), two-factor sign-in turned on with the new recovery codes, and a console session that
 * passed the second factor opened. Audited as `enrolment.complete` (and `totp.enable`).
 */
export async function completeEnrolment(
  trx: Knex,
  input: {
    token: string;
    secret: string;
    recovery_code_hashes: string[];
    ip: string | null;
    user_agent: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ session: NewSession }>> {
  const link = await spendEnrolmentLink(trx, input.token, input.now);
  const { result } = await enableTotp(trx, {
    user_id: link.user_id,
    secret: input.secret,
    session_id: null,
    open_session: { ip: input.ip, user_agent: input.user_agent },
    recovery_code_hashes: input.recovery_code_hashes,
    ip: input.ip,
    now: input.now,
  });
  await writeAudit(trx, {
    actor_user_id: link.user_id,
    action: 'enrolment.complete',
    entity: 'user',
    entity_id: link.user_id,
    before: null,
    after: { link_id: link.id, recovery_codes: input.recovery_code_hashes.length },
    ip: input.ip,
    now: input.now,
  });
  return { result: { session: result.session! }, events: [] };
}
