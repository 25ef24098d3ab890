import type { Knex } from 'knex';
import { deleteEndedSessions } from '@ecup/db';

/**
 * The daily clean-up (docs/decisions.md#minors-safety): deletes sessions that have ended (unused too long or too old, the console's
 * with its shorter limits, as the `settings` table sets them) and password-reset links that were used or have run
 * out. Idempotent: a second run at the same moment finds nothing more to delete.
 */
export async function cleanSessions(knex: Knex, now: Date): Promise<{ sessions: number; resets: number }> {
  return (await deleteEndedSessions(knex, { now })).result;
}
