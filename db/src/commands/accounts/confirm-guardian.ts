import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { guardianLinkExpired } from '@ecup/domain';

import { hashToken } from '@ecup/security';
import { CommandRejected, notifyEvents, type CommandOutcome } from '../types.ts';

/**
 * A parent or guardian approves a minor's account from the e-mailed link (docs/decisions.md#permissions); the player is notified. A
 * link older than GUARDIAN_LINK_MS is refused with its own message, which tells the guardian how to get a new one.
 */
export async function confirmGuardian(
  trx: Knex,
  input: { uid: number; token: string; now: Date },
): Promise<CommandOutcome<{ username: string; already: boolean }>> {
  const user = await trx('users')
    .where('id', input.uid)
    .whereNull('erased_at')
    .first('id', 'username', 'guardian_token_hash', 'guardian_token_issued_at', 'guardian_confirmed_at')
    .forUpdate();
  const given = Buffer.from(hashToken(input.token), 'hex');
  if (!user || !user.guardian_token_hash || !timingSafeEqual(Buffer.from(user.guardian_token_hash, 'hex'), given)) {
    throw new CommandRejected('not_found', 'guardianLinkInvalid');
  }
  if (user.guardian_confirmed_at) return { result: { username: user.username, already: true }, events: [] };
  // An old link no longer approves (docs/rules.md "Guardian e-mail and link"); the player can send a new one.
  if (guardianLinkExpired(user.guardian_token_issued_at, input.now)) {
    throw new CommandRejected('not_found', 'guardianLinkExpired');
  }
  await trx('users')
    .where('id', user.id)
    .whereNull('guardian_confirmed_at')
    .update({ guardian_confirmed_at: input.now });
  return {
    result: { username: user.username, already: false },
    events: notifyEvents('guardian_approved', [user.id], null),
  };
}
