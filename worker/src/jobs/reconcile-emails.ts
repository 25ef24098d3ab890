import type { Knex } from 'knex';
import type { Email } from '@ecup/db';

/** Unsent e-mails older than this whose job may have been lost (Redis flushed, enqueue failed) get queued again. */
const STALE_MS = 30_000;

/**
 * Finds e-mails whose rows say they still need sending; the caller queues them by their fixed job ids, so an
 * e-mail whose job still exists is not queued twice.
 */
export async function unsentEmailIds(knex: Knex, now: Date, limit = 500): Promise<number[]> {
  const ids = (await knex('emails')
    .whereNull('sent_at')
    .where('created_at', '<', new Date(now.getTime() - STALE_MS))
    .orderBy('id')
    .limit(limit)
    .pluck('id')) as Email['id'][];
  return ids;
}
