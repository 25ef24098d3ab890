import type { Knex } from 'knex';
import type { CommandOutcome } from '../types.ts';

/**
 * Sign out from the session making the call: deletes it, so its token stops working at once. The caller forgets the
 * verified token itself; the session's sockets are left to notice on their own, as before.
 */
export async function endSession(trx: Knex, input: { session_id: number }): Promise<CommandOutcome<null>> {
  await trx('sessions').where('id', input.session_id).delete();
  return { result: null, events: [] };
}

/**
 * Writes a session's last use. The guard on the stored time keeps concurrent calls of one session to one write
 * (the caller writes at most once a minute per session).
 */
export async function touchSession(
  trx: Knex,
  input: { session_id: number; stale: Date; now: Date },
): Promise<CommandOutcome<null>> {
  await trx('sessions')
    .where('id', input.session_id)
    .where('last_seen_at', '<', input.stale)
    .update({ last_seen_at: input.now });
  return { result: null, events: [] };
}
