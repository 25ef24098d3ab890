import type { Knex } from 'knex';

import { isUsableReset } from '../../queries/accounts.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { createSession, type NewSession } from './create-session.ts';

/**
 * Uses a reset link once (docs/product.md#calls /user/reset_password): sets the new password, revokes every session and signs
 * the player in with a new token. A used, expired or unknown link is refused; two uses at once succeed once.
 */
export async function resetPassword(
  trx: Knex,
  input: {
    id: number;
    uid: number;
    token: string;
    password_hash: string;
    now: Date;
    ip: string | null;
    user_agent: string | null;
  },
): Promise<CommandOutcome<NewSession>> {
  if (!(await isUsableReset(trx, input))) throw new CommandRejected('invalid', 'resetLinkInvalid');
  const used = await trx('password_resets').where({ id: input.id }).whereNull('used_at').update({ used_at: input.now });
  if (used !== 1) throw new CommandRejected('invalid', 'resetLinkInvalid');
  await trx('users')
    .where('id', input.uid)
    .update({ password_hash: input.password_hash, updated_at: trx.fn.now(3) });
  await trx('sessions').where('user_id', input.uid).delete();
  // Other open links of this account stop working too.
  await trx('password_resets').where('user_id', input.uid).whereNull('used_at').update({ used_at: input.now });
  const session = await createSession(trx, {
    user_id: input.uid,
    ip: input.ip,
    user_agent: input.user_agent,
    now: input.now,
  });
  return {
    result: session.result,
    events: [{ type: 'sessions-revoked', user_id: input.uid, kept_session_id: session.result.session_id }],
  };
}
