import type { Knex } from 'knex';
import { ENROLMENT_LINK_TTL_MINUTES } from '@ecup/domain';
import { EnrolmentLink } from '../../models/EnrolmentLink.ts';
import { hashToken, newToken } from '@ecup/security';
import { writeAudit } from '../audit.ts';
import { findEnrolmentLink, type EnrolmentLinkRow } from '../../queries/enrolment-links.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/**
 * Issues a one-time console enrolment link for a user (docs/decisions.md#permissions), valid {@link ENROLMENT_LINK_TTL_MINUTES}
 * minutes: the token is returned once and kept only as its SHA-256. Older unused links of the user are spent, so only
 * the newest works. Audited as `enrolment.link_issued` with where it came from (`source`, e.g. `cli`).
 */
export async function issueEnrolmentLink(
  trx: Knex,
  input: { user_id: number; source: string; now: Date },
): Promise<CommandOutcome<{ token: string; expires_at: Date }>> {
  await EnrolmentLink.query(trx).where('user_id', input.user_id).whereNull('used_at').delete();
  const token = newToken();
  const expires_at = new Date(input.now.getTime() + ENROLMENT_LINK_TTL_MINUTES * 60_000);
  await EnrolmentLink.query(trx).insert({
    user_id: input.user_id,
    token_hash: hashToken(token),
    expires_at,
    used_at: null,
    created_at: input.now,
  });
  await writeAudit(trx, {
    actor_user_id: null,
    action: 'enrolment.link_issued',
    entity: 'user',
    entity_id: input.user_id,
    before: null,
    after: { expires_at: expires_at.toISOString(), source: input.source },
    ip: null,
    now: input.now,
  });
  return { result: { token, expires_at }, events: [] };
}

/**
 * Spends a link (guarded: unused and unexpired), so of two enrolments with one link at once exactly one goes on;
 * the other gets the refusal {@link findEnrolmentLink} gives now.
 */
export async function spendEnrolmentLink(trx: Knex, token: string, now: Date): Promise<EnrolmentLinkRow> {
  const row = await findEnrolmentLink(trx, token, now);
  const spent = await EnrolmentLink.query(trx)
    .where({ id: row.id })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .patch({ used_at: now });
  if (spent !== 1) throw new CommandRejected('conflict', 'enrolmentLinkUsed');
  return row;
}
