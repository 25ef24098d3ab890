import type { Knex } from 'knex';
import { sessionLimits } from '@ecup/db';

/**
 * The daily clean-up (decisions §10): deletes sessions that have ended (unused too long or too old, the console's
 * with its shorter limits, as the `settings` table sets them) and password-reset links that were used or have run
 * out. Idempotent: a second run at the same moment finds nothing more to delete.
 */
export async function cleanSessions(knex: Knex, now: Date): Promise<{ sessions: number; resets: number }> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  let sessions = 0;
  const limits = await sessionLimits(knex, now);
  for (const [isConsole, kindLimits] of [
    [false, limits.player],
    [true, limits.console],
  ] as const) {
    sessions += await knex('sessions')
      .where('console', isConsole)
      .where((q) =>
        q.where('last_seen_at', '<', before(kindLimits.idle_ms)).orWhere('created_at', '<', before(kindLimits.max_ms)),
      )
      .delete();
  }
  const resets = await knex('password_resets')
    .where((q) => q.whereNotNull('used_at').orWhere('expires_at', '<', now))
    .delete();
  return { sessions, resets };
}
