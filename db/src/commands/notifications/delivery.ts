import type { Knex } from 'knex';
import type { Email } from '../../models/Email.ts';
import type { CommandOutcome } from '../types.ts';

/** A push service accepted a message for this browser: its last success moves to now. */
export async function recordPushDelivered(
  trx: Knex,
  input: { subscription_id: number; now: Date },
): Promise<CommandOutcome<null>> {
  await trx('push_subscriptions').where('id', input.subscription_id).update({ last_success_at: input.now });
  return { result: null, events: [] };
}

/**
 * Forgets a browser the notification job can no longer reach (docs/rules.md "Push subscriptions"): the push service
 * answered that it is gone (404, 410), or its endpoint is not a browser's push service.
 */
export async function dropPushSubscription(
  trx: Knex,
  input: { subscription_id: number },
): Promise<CommandOutcome<{ removed: boolean }>> {
  const removed = await trx('push_subscriptions').where('id', input.subscription_id).delete();
  return { result: { removed: removed > 0 }, events: [] };
}

/** Stores a notification e-mail in the outbox; the event asks for it to be sent. */
export async function storeNotificationEmail(
  trx: Knex,
  input: Pick<Email, 'user_id' | 'to_address' | 'subject' | 'text_body' | 'unsubscribe_url'> & { kind: string },
): Promise<CommandOutcome<{ email_id: number }>> {
  const [id] = await trx('emails').insert({
    kind: `notification-${input.kind}`,
    user_id: input.user_id,
    to_address: input.to_address,
    subject: input.subject,
    text_body: input.text_body,
    unsubscribe_url: input.unsubscribe_url,
  });
  return { result: { email_id: id! }, events: [{ type: 'email', email_id: id! }] };
}
