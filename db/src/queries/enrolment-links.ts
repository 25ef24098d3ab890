import type { Knex } from 'knex';
import { CommandRejected } from '../commands/types.ts';
import { EnrolmentLink } from '../models/EnrolmentLink.ts';
import { hashToken } from '@ecup/security';

/** The columns of an enrolment link that enrolment reads. */
export type EnrolmentLinkRow = Pick<EnrolmentLink, 'id' | 'user_id' | 'expires_at' | 'used_at'>;

/**
 * The live link of a token, or a refusal saying why not: unknown or replaced (400 enrolmentLinkInvalid), used
 * (409 enrolmentLinkUsed), older than its 30 minutes (409 enrolmentLinkExpired).
 */
export async function findEnrolmentLink(knex: Knex, token: string, now: Date): Promise<EnrolmentLinkRow> {
  const row = /^[0-9a-f]{64}$/.test(token)
    ? await EnrolmentLink.query(knex)
        .findOne('token_hash', hashToken(token))
        .select('id', 'user_id', 'expires_at', 'used_at')
    : undefined;
  if (!row) throw new CommandRejected('invalid', 'enrolmentLinkInvalid');
  if (row.used_at) throw new CommandRejected('conflict', 'enrolmentLinkUsed');
  if (row.expires_at.getTime() <= now.getTime()) {
    throw new CommandRejected('conflict', 'enrolmentLinkExpired');
  }
  return row;
}
