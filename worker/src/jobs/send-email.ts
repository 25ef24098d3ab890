import type { Knex } from 'knex';
import { UnrecoverableError } from 'bullmq';
import type { MailTransport } from '@ecup/mail';

/**
 * Sends one stored e-mail and marks it sent. Idempotent: an e-mail already marked sent is skipped, so a job
 * delivered twice sends once (a crash between sending and marking can repeat one SMTP send; the outbox file is
 * overwritten).
 */
export async function sendEmail(
  deps: { knex: Knex; transport: MailTransport; from: string },
  data: { email_id: number },
): Promise<'sent' | 'already-sent'> {
  const email = await deps.knex('emails').where('id', data.email_id).first();
  if (!email) throw new UnrecoverableError(`e-mail ${data.email_id} does not exist`);
  if (email.sent_at) return 'already-sent';
  await deps.knex('emails').where('id', email.id).increment('attempts', 1);
  try {
    await deps.transport.send({
      id: email.id,
      from: deps.from,
      to: email.to_address,
      subject: email.subject,
      text: email.text_body,
      unsubscribeUrl: email.unsubscribe_url,
    });
  } catch (error) {
    await deps
      .knex('emails')
      .where('id', email.id)
      .update({ last_error: String((error as Error).message).slice(0, 1000) });
    throw error;
  }
  await deps
    .knex('emails')
    .where('id', email.id)
    .whereNull('sent_at')
    .update({ sent_at: new Date(), last_error: null });
  return 'sent';
}
