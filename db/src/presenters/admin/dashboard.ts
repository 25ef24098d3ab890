import { ADMIN_DASHBOARD_DAYS_MAX, type AdminDashboard, type AdminDashboardDay } from '@ecup/domain';
import type { Season } from '../../models/Season.ts';
import type {
  AdminDashboardConflictRow,
  AdminDashboardCounts,
  AdminDayCountRow,
} from '../../queries/admin/dashboard.ts';
import { isoAlways, userRef } from './common.ts';

const DAY_MS = 86_400_000;
const FALLBACK_DAYS = 30;

/** The season columns the dashboard reads. */
export type DashboardSeason = Pick<
  Season,
  | 'id'
  | 'name'
  | 'chat_mode'
  | 'qualifiers_start'
  | 'start_countdown_at'
  | 'qualifiers_end'
  | 'trophy_hunt_end'
  | 'finals_date'
>;

/** What the dashboard's reads gave. */
export interface AdminDashboardParts {
  season: DashboardSeason | null;
  players_online: number;
  counts: AdminDashboardCounts;
  conflicts: AdminDashboardConflictRow[];
  range: { from: string; to: string };
  signups: AdminDayCountRow[];
  games: AdminDayCountRow[];
}

/** The UTC calendar day of a time, `YYYY-MM-DD`. */
function day(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/**
 * The chart range: the active season from its start (the countdown, when that is earlier) to today or its last day,
 * at most ADMIN_DASHBOARD_DAYS_MAX days; the last 30 days without a season or before it starts.
 */
export function dashboardChartRange(season: DashboardSeason | null, now: Date): { from: string; to: string } {
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

/** Every day of the range with its count, 0 for days without rows. */
function everyDay(rows: AdminDayCountRow[], from: string, to: string): AdminDashboardDay[] {
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  const days: AdminDashboardDay[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    const date = day(new Date(time));
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  return days;
}

export function presentAdminDashboard(parts: AdminDashboardParts, now: Date): AdminDashboard {
  const { season, counts } = parts;
  const { from, to } = parts.range;
  return {
    season: season ? { id: season.id, name: season.name, chat_mode: season.chat_mode } : null,
    players_online: parts.players_online,
    in_queue: counts.in_queue,
    games_in_progress: counts.games_in_progress,
    open_conflicts: counts.open_conflicts,
    open_reports: counts.open_reports,
    open_flags: counts.open_flags,
    conflicts: parts.conflicts.map((row) => {
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
    signups_per_day: everyDay(parts.signups, from, to),
    games_per_day: everyDay(parts.games, from, to),
  };
}
