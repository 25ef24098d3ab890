import type { Knex } from 'knex';
import { UnrecoverableError } from 'bullmq';
import { countEmailAttempt, findEmail, markEmailSent, recordEmailFailure } from '@ecup/db';
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
  const email = await findEmail(deps.knex, data.email_id);
  if (!email) throw new UnrecoverableError(`e-mail ${data.email_id} does not exist`);
  if (email.sent_at) return 'already-sent';
  await countEmailAttempt(deps.knex, { email_id: email.id });
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
    await recordEmailFailure(deps.knex, { email_id: email.id, error: String((error as Error).message) });
    throw error;
  }
  await markEmailSent(deps.knex, { email_id: email.id, now: new Date() });
  return 'sent';
}
