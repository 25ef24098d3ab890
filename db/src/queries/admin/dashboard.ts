import type { Knex } from 'knex';
import { ADMIN_DASHBOARD_CONFLICTS_MAX, OPEN_GAME_STATES } from '@ecup/domain';
import type { Game } from '../../models/Game.ts';
import type { User } from '../../models/User.ts';

/** An open conflict with both players' and the claimer's usernames joined. */
export type AdminDashboardConflictRow = Pick<Game, 'id' | 'submitted_at' | 'created_at' | 'claimed_by_user_id'> & {
  u1_id: User['id'];
  u1_username: User['username'];
  u2_id: User['id'];
  u2_username: User['username'];
  claimer_username: string | null;
};

/** The dashboard's counters (the queue of the given season, or every queue without one). */
export interface AdminDashboardCounts {
  in_queue: number;
  games_in_progress: number;
  open_conflicts: number;
  open_reports: number;
  open_flags: number;
}

/** Rows counted on one UTC day, `YYYY-MM-DD`. */
export interface AdminDayCountRow {
  day: string;
  count: number;
}

const DAY_MS = 86_400_000;

/** The rows a query matches (COUNT(*) arrives as a number). */
async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row: { n: number } | undefined = await query.count({ n: '*' }).first();
  return row?.n ?? 0;
}

export async function adminDashboardCounts(knex: Knex, seasonId: number | null): Promise<AdminDashboardCounts> {
  const queue = knex('queue_entries');
  if (seasonId !== null) queue.where('season_id', seasonId);
  const [in_queue, games_in_progress, open_conflicts, open_reports, open_flags] = await Promise.all([
    countOf(queue),
    countOf(knex('games').whereIn('state', OPEN_GAME_STATES)),
    countOf(knex('games').where({ conflict: true, conflict_solved: false })),
    countOf(knex('reports').whereNull('resolved_at').whereNot('kind', 'flag')),
    countOf(knex('reports').whereNull('resolved_at').where('kind', 'flag')),
  ]);
  return { in_queue, games_in_progress, open_conflicts, open_reports, open_flags };
}

/** The open conflicts that have waited longest (at most ADMIN_DASHBOARD_CONFLICTS_MAX). */
export async function adminOldestConflicts(knex: Knex): Promise<AdminDashboardConflictRow[]> {
  const rows: AdminDashboardConflictRow[] = await knex('games as g')
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
    );
  return rows;
}

/**
 * Sign-ups (`users`) or games (`games`, of the season when one is given) created per UTC day from `from` to `to`
 * (inclusive, `YYYY-MM-DD`); days without any are left out.
 */
export async function adminCreatedPerDay(
  knex: Knex,
  table: 'users' | 'games',
  seasonId: number | null,
  from: string,
  to: string,
): Promise<AdminDayCountRow[]> {
  const query = knex(table);
  if (table === 'games' && seasonId !== null) query.where('season_id', seasonId);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const rows: AdminDayCountRow[] = await query
    .where('created_at', '>=', `${from} 00:00:00`)
    .where('created_at', '<', end)
    .groupBy('day')
    .select(knex.raw(`DATE_FORMAT(??, '%Y-%m-%d') AS day`, ['created_at']))
    .count({ count: '*' });
  return rows;
}
