import { browserName, shortAddress } from '@ecup/domain';
import { liveSessionRows } from '@ecup/db';
import type { AppDeps } from '../context.ts';

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
  const rows = await liveSessionRows(deps.knex, userId, now);
  return rows.map((row) => ({
    id: row.id,
    browser: browserName(row.user_agent),
    address: shortAddress(row.ip),
    created_at: new Date(row.created_at),
    last_seen_at: new Date(row.last_seen_at),
    console: Boolean(row.console),
  }));
}
