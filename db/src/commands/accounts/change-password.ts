import type { Knex } from 'knex';
import type { CommandOutcome } from '../types.ts';
import { createSession, type NewSession } from './create-session.ts';

/**
 * Sets a new password hash, revokes every other session and open password-reset link, and returns a fresh token
 * for this one (docs/decisions.md#api-contract: password change revokes the other sessions; a link mailed before the change must not
 * undo it).
 */
export async function changePassword(
  trx: Knex,
  input: { user_id: number; password_hash: string; ip: string | null; user_agent: string | null },
): Promise<CommandOutcome<NewSession>> {
  await trx('users')
    .where('id', input.user_id)
    .update({ password_hash: input.password_hash, updated_at: trx.fn.now(3) });
  await trx('password_resets').where('user_id', input.user_id).whereNull('used_at').update({ used_at: trx.fn.now() });
  const session = await createSession(trx, input);
  await trx('sessions').where('user_id', input.user_id).whereNot('id', session.result.session_id).delete();
  return {
    result: session.result,
    events: [{ type: 'sessions-revoked', user_id: input.user_id, kept_session_id: session.result.session_id }],
  };
}
