import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import {
  ADMIN_DASHBOARD_CONFLICTS_MAX,
  ADMIN_DASHBOARD_DAYS_MAX,
  OPEN_GAME_STATES,
  type AdminDashboard,
  type AdminDashboardDay,
} from '@ecup/domain';
import type { Game, User } from '@ecup/db';
import type { AppDeps, AppState } from '../context.ts';
import { currentSeason } from '../services/season.ts';
import { presenceKey } from '../services/presence.ts';
import { requireConsole } from './access.ts';
import { isoAlways, userRef } from './present.ts';

const DAY_MS = 86_400_000;
const FALLBACK_DAYS = 30;

/** An open conflict with both players' and the claimer's usernames joined. */
type ConflictRow = Pick<Game, 'id' | 'submitted_at' | 'created_at' | 'claimed_by_user_id'> & {
  u1_id: User['id'];
  u1_username: User['username'];
  u2_id: User['id'];
  u2_username: User['username'];
  claimer_username: string | null;
};

/** The rows a query matches (COUNT(*) arrives as a number, issue 19). */
async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number } | undefined;
  return row?.n ?? 0;
}

/** The UTC calendar day of a time, `YYYY-MM-DD`. */
function day(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/**
 * Players online: the presence keys the real-time layer keeps alive (decisions §3). SCAN does not add the client's
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

/** Rows counted per UTC day of `column` from `from` (inclusive) to `to` (inclusive), every day present. */
async function perDay(
  knex: Knex,
  query: Knex.QueryBuilder,
  column: string,
  from: string,
  to: string,
): Promise<AdminDashboardDay[]> {
  const rows = (await query
    .where(column, '>=', `${from} 00:00:00`)
    .where(column, '<', day(new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)))
    .groupBy('day')
    .select(knex.raw(`DATE_FORMAT(??, '%Y-%m-%d') AS day`, [column]))
    .count({ count: '*' })) as { day: string; count: number }[];
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  const days: AdminDashboardDay[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    const date = day(new Date(time));
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  return days;
}

/**
 * The chart range: the active season from its start (the countdown, when that is earlier) to today or its last day,
 * at most ADMIN_DASHBOARD_DAYS_MAX days; the last 30 days without a season or before it starts.
 */
function chartRange(season: Awaited<ReturnType<typeof currentSeason>>, now: Date): { from: string; to: string } {
  const today = day(now);
  const fallback = { from: day(new Date(now.getTime() - (FALLBACK_DAYS - 1) * DAY_MS)), to: today };
  if (!season) return fallback;
  const starts = [season.qualifiers_start, season.start_countdown_at].filter((d): d is Date => d !== null);
  const ends = [season.qualifiers_end, season.trophy_hunt_end, season.finals_date].filter((d): d is Date => d !== null);
  const from = day(new Date(Math.min(...starts.map((d) => new Date(d).getTime()))));
  const end = day(new Date(Math.max(...ends.map((d) => new Date(d).getTime()))));
  if (from > today) return fallback;
  const to = end < today ? end : today;
  const earliest = day(new Date(Date.parse(`${to}T00:00:00Z`) - (ADMIN_DASHBOARD_DAYS_MAX - 1) * DAY_MS));
  return { from: from < earliest ? earliest : from, to };
}

/** The dashboard's figures (issue 7 "Dashboard"). */
export async function dashboard(deps: AppDeps, now: Date): Promise<AdminDashboard> {
  const { knex } = deps;
  const season = await currentSeason(knex, now.getTime());
  const { from, to } = chartRange(season, now);
  const queue = knex('queue_entries');
  if (season) queue.where('season_id', season.id);
  const games = knex('games');
  if (season) games.where('season_id', season.id);
  const [online, queued, playing, open, reports, flags, oldest, signups, gamesPerDay] = await Promise.all([
    playersOnline(deps.redis),
    countOf(queue),
    countOf(knex('games').whereIn('state', OPEN_GAME_STATES)),
    countOf(knex('games').where({ conflict: true, conflict_solved: false })),
    countOf(knex('reports').whereNull('resolved_at').whereNot('kind', 'flag')),
    countOf(knex('reports').whereNull('resolved_at').where('kind', 'flag')),
    knex('games as g')
      .join('users as u1', 'u1.id', 'g.user_1_id')
      .join('users as u2', 'u2.id', 'g.user_2_id')
      .leftJoin('users as claimer', 'claimer.id', 'g.claimed_by_user_id')
      .where({ 'g.conflict': true, 'g.conflict_solved': false })
      .orderByRaw('COALESCE(g.submitted_at, g.created_at) ASC, g.id ASC')
      .limit(ADMIN_DASHBOARD_CONFLICTS_MAX)
      .select(
        'g.id',
        'g.submitted_at',
        'g.created_at',
        'g.claimed_by_user_id',
        'u1.id as u1_id',
        'u1.username as u1_username',
        'u2.id as u2_id',
        'u2.username as u2_username',
        'claimer.username as claimer_username',
      ) as Promise<ConflictRow[]>,
    perDay(knex, knex('users'), 'created_at', from, to),
    perDay(knex, games, 'created_at', from, to),
  ]);
  return {
    season: season ? { id: season.id, name: season.name, chat_mode: season.chat_mode } : null,
    players_online: online,
    in_queue: queued,
    games_in_progress: playing,
    open_conflicts: open,
    open_reports: reports,
    open_flags: flags,
    conflicts: oldest.map((row) => {
      const since = row.submitted_at ?? row.created_at;
      return {
        id: row.id,
        user_1: userRef(row.u1_id, row.u1_username)!,
        user_2: userRef(row.u2_id, row.u2_username)!,
        waiting_since: isoAlways(since),
        age_seconds: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)),
        claimed_by: userRef(row.claimed_by_user_id, row.claimer_username),
      };
    }),
    from,
    to,
    signups_per_day: signups,
    games_per_day: gamesPerDay,
  };
}

/** GET /admin/api/dashboard: any staff member who passed the console gate. */
export function routeDashboard(router: Router<AppState>, deps: AppDeps): void {
  router.get('/admin/api/dashboard', async (ctx) => {
    requireConsole(ctx);
    ctx.body = await dashboard(deps, deps.now());
  });
}
