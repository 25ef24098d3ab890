/**
 * The worker's calendar (decisions §1, §7, §10): the weekly and nightly jobs run once per period of the season's
 * local wall clock, and each period has an id that names it, so any number of workers queue one job for it (a
 * BullMQ job id) and a worker that was down knows which period it still owes.
 */
import { localParts } from './time.ts';

/** Local hour of the nightly clean-ups: after the DST changes of Europe/Stockholm (02:00 and 03:00), so every night has one. */
export const NIGHTLY_CLEANUP_HOUR = 4;

/** The calendar's jobs, with the local moment each period begins (node-cron syntax, in the season's zone). */
export const CALENDAR_CRON = {
  /** Monday 00:00 (decisions §7: "the pool resets at the start of every week"). */
  'reset-trophy-pools': '0 0 * * 1',
  /** Every night at NIGHTLY_CLEANUP_HOUR:00 (decisions §10). */
  'clean-sessions': `0 ${NIGHTLY_CLEANUP_HOUR} * * *`,
  /** Every night at NIGHTLY_CLEANUP_HOUR:00 (issue 18). */
  'clean-chat-originals': `0 ${NIGHTLY_CLEANUP_HOUR} * * *`,
} as const;

export type CalendarJobName = keyof typeof CALENDAR_CRON;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 week of a calendar date: the year that holds its Thursday, and the week number in that year. */
function isoWeek(year: number, month: number, day: number): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const firstOfYear = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return {
    year: thursday.getUTCFullYear(),
    week: Math.floor((thursday.getTime() - firstOfYear) / 86_400_000 / 7) + 1,
  };
}

/** The local week holding `now`, as an ISO week label such as '2026-W48' (Monday to Sunday in `timeZone`). */
export function weekPeriod(now: Date, timeZone: string): string {
  const p = localParts(now, timeZone);
  const { year, week } = isoWeek(p.year, p.month, p.day);
  return `${year}-W${pad(week)}`;
}

/**
 * The night whose clean-up period holds `now`, as the local date it began ('2026-11-26'): from NIGHTLY_CLEANUP_HOUR
 * local on that date to the same hour the next day, so before that hour it is still the previous day's.
 */
export function nightPeriod(now: Date, timeZone: string): string {
  const p = localParts(now, timeZone);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day - (p.hour < NIGHTLY_CLEANUP_HOUR ? 1 : 0)));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The BullMQ job id of a calendar job's period holding `now` (CONVENTIONS §7: fixed, without ':'), e.g.
 * 'pool-reset-2026-W48' or 'clean-sessions-2026-11-26'.
 */
export function calendarJobId(name: CalendarJobName, now: Date, timeZone: string): string {
  if (name === 'reset-trophy-pools') return `pool-reset-${weekPeriod(now, timeZone)}`;
  return `${name}-${nightPeriod(now, timeZone)}`;
}
