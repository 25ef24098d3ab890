import { browserName, shortAddress } from '@ecup/domain';
import { sessionLimits } from '@ecup/db';
import type { AppDeps } from '../context.ts';

const SESSION_COLUMNS = ['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'console'] as const;

/** The most sessions "Where you're signed in" lists (a list, not a history). */
const SESSIONS_SHOWN = 100;

/** One session that has not ended, ready to show: browser name and shortened address, never the whole address. */
export interface LiveSession {
  id: number;
  browser: string;
  address: string | null;
  created_at: Date;
  last_seen_at: Date;
  console: boolean;
}

/**
 * A user's sessions that have not ended at `now` (the limits of the `settings` table, decisions §10), most recently
 * used first: "Where you're signed in" in settings and on the console's user page.
 */
export async function liveSessions(deps: AppDeps, userId: number, now: Date): Promise<LiveSession[]> {
  const limits = await sessionLimits(deps.knex, now);
  const since = (ms: number) => new Date(now.getTime() - ms);
  const rows = await deps
    .knex('sessions')
    .where('user_id', userId)
    .where((any) => {
      for (const kind of ['player', 'console'] as const) {
        any.orWhere((q) =>
          q
            .where('console', kind === 'console')
            .where('last_seen_at', '>=', since(limits[kind].idle_ms))
            .where('created_at', '>=', since(limits[kind].max_ms)),
        );
      }
    })
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SESSIONS_SHOWN)
    .select(...SESSION_COLUMNS);
  return rows.map((row) => ({
    id: row.id,
    browser: browserName(row.user_agent),
    address: shortAddress(row.ip),
    created_at: new Date(row.created_at),
    last_seen_at: new Date(row.last_seen_at),
    console: Boolean(row.console),
  }));
}
