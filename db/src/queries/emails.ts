import type { Knex } from 'knex';
import type { Email } from '../models/Email.ts';

/** One stored e-mail as the sender reads it, or null. */
export async function findEmail(
  knex: Knex,
  id: number,
): Promise<Pick<Email, 'id' | 'to_address' | 'subject' | 'text_body' | 'unsubscribe_url' | 'sent_at'> | null> {
  return (
    (await knex<Email>('emails')
      .where('id', id)
      .first('id', 'to_address', 'subject', 'text_body', 'unsubscribe_url', 'sent_at')) ?? null
  );
}

/** Unsent e-mails older than this whose job may have been lost (Redis flushed, enqueue failed) get queued again. */
const STALE_MS = 30_000;

/**
 * E-mails whose rows say they still need sending; the worker queues them by their fixed job ids, so an e-mail
 * whose job still exists is not queued twice.
 */
export async function unsentEmailIds(knex: Knex, now: Date, limit = 500): Promise<number[]> {
  return knex<Email>('emails')
    .whereNull('sent_at')
    .where('created_at', '<', new Date(now.getTime() - STALE_MS))
    .orderBy('id')
    .limit(limit)
    .pluck('id');
}
