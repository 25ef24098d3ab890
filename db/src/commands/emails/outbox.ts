import type { Knex } from 'knex';
import type { CommandOutcome } from '../types.ts';

/** The sender is about to hand a stored e-mail to the transport: one more attempt is counted. */
export async function countEmailAttempt(trx: Knex, input: { email_id: number }): Promise<CommandOutcome<null>> {
  await trx('emails').where('id', input.email_id).increment('attempts', 1);
  return { result: null, events: [] };
}

/** The transport refused an e-mail: its error is kept (the first 1000 characters) for the operator. */
export async function recordEmailFailure(
  trx: Knex,
  input: { email_id: number; error: string },
): Promise<CommandOutcome<null>> {
  await trx('emails')
    .where('id', input.email_id)
    .update({ last_error: input.error.slice(0, 1000) });
  return { result: null, events: [] };
}

/** The transport took an e-mail: it is marked sent once (a second mark changes nothing) and its error cleared. */
export async function markEmailSent(
  trx: Knex,
  input: { email_id: number; now: Date },
): Promise<CommandOutcome<{ marked: boolean }>> {
  const marked = await trx('emails')
    .where('id', input.email_id)
    .whereNull('sent_at')
    .update({ sent_at: input.now, last_error: null });
  return { result: { marked: marked > 0 }, events: [] };
}
