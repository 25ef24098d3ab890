import type Router from '@koa/router';
import type { Redis } from 'ioredis';
import type { AdminDashboard } from '@ecup/domain';
import {
  adminCreatedPerDay,
  adminDashboardCounts,
  adminOldestConflicts,
  dashboardChartRange,
  presentAdminDashboard,
} from '@ecup/db';
import type { AppDeps, AppState } from '../context.ts';
import { currentSeason } from '../services/season.ts';
import { presenceKey } from '../services/presence.ts';
import { requireConsole } from './access.ts';

/**
 * Players online: the presence keys the real-time layer keeps alive (docs/decisions.md#real-time). SCAN does not add the client's
 * key prefix to its pattern, so the prefix is added here; nobody reads as online while Redis is away.
 */
async function playersOnline(redis: Redis): Promise<number> {
  const prefix = typeof redis.options.keyPrefix === 'string' ? redis.options.keyPrefix : '';
  const pattern = `${prefix}${presenceKey(0).replace(/0$/, '*')}`;
  try {
    let cursor = '0';
    let count = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  } catch {
    return 0;
  }
}

/** The dashboard's figures: counters, the longest-waiting conflicts and the per-day charts. */
export async function dashboard(deps: AppDeps, now: Date): Promise<AdminDashboard> {
  const { knex } = deps;
  const season = await currentSeason(knex, now.getTime());
  const range = dashboardChartRange(season, now);
  const seasonId = season?.id ?? null;
  const [players_online, counts, conflicts, signups, games] = await Promise.all([
    playersOnline(deps.redis),
    adminDashboardCounts(knex, seasonId),
    adminOldestConflicts(knex),
    adminCreatedPerDay(knex, 'users', seasonId, range.from, range.to),
    adminCreatedPerDay(knex, 'games', seasonId, range.from, range.to),
  ]);
  return presentAdminDashboard({ season, players_online, counts, conflicts, range, signups, games }, now);
}

/** GET /admin/api/dashboard: any staff member who passed the console gate. */
export function routeDashboard(router: Router<AppState>, deps: AppDeps): void {
  router.get('/admin/api/dashboard', async (ctx) => {
    requireConsole(ctx);
    ctx.body = await dashboard(deps, deps.now());
  });
}
