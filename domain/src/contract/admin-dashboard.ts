import type { ChatMode } from '../chat.ts';

/**
 * `GET /admin/api/dashboard` (docs/api.md, "Admin API", "Dashboard"): what the console's first page shows to
 * any staff member. Days are UTC calendar dates (`YYYY-MM-DD`), every day of the range present (0 when none).
 */
export interface AdminDashboardConflict {
  id: number;
  user_1: { id: number; username: string };
  user_2: { id: number; username: string };
  /** When the disputed result was entered (the queue's order). */
  waiting_since: string;
  age_seconds: number;
  claimed_by: { id: number; username: string } | null;
}

export interface AdminDashboardDay {
  date: string;
  count: number;
}

export interface AdminDashboard {
  /** The active season and what its game chats between an adult and a minor allow; null without one. */
  season: { id: number; name: string; chat_mode: ChatMode } | null;
  /** Players with a live presence key (a connected socket, docs/decisions.md#real-time). */
  players_online: number;
  /** Queue entries of the active season. */
  in_queue: number;
  /** Games in playing, submitted or dropped. */
  games_in_progress: number;
  /** Unsolved conflicts. */
  open_conflicts: number;
  /** Unsettled reports by players: of chat lines, players and forum posts. */
  open_reports: number;
  /** Open automatic flags (adults whose lines to minors were masked for contact details). */
  open_flags: number;
  /** The oldest unsolved conflicts first (at most ADMIN_DASHBOARD_CONFLICTS_MAX). */
  conflicts: AdminDashboardConflict[];
  /** The range of the charts: the active season from its start to today (or its end), else the last 30 days. */
  from: string;
  to: string;
  signups_per_day: AdminDashboardDay[];
  games_per_day: AdminDashboardDay[];
}

export const ADMIN_DASHBOARD_CONFLICTS_MAX = 10;
/** The longest chart range, in days. */
export const ADMIN_DASHBOARD_DAYS_MAX = 400;
