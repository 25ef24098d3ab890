/**
 * The worker's calendar (docs/decisions.md#shape, docs/decisions.md#trophy-hunt, docs/decisions.md#minors-safety): the weekly and nightly jobs run once per period of the season's
 * local wall clock, and each period has an id that names it, so any number of workers queue one job for it (a
 * BullMQ job id) and a worker that was down knows which period it still owes.
 */
import { MINUTES_PER_WEEK } from './constants.ts';
import { windowMinutes, type SeasonWindow } from './season.ts';
import { localParts, localTimeToInstant } from './time.ts';

/** Local hour of the nightly clean-ups: after the DST changes of Europe/Stockholm (02:00 and 03:00), so every night has one. */
export const NIGHTLY_CLEANUP_HOUR = 4;

/** The calendar's jobs at fixed local moments, with the moment each period begins (node-cron syntax, season's zone). */
export const CALENDAR_CRON = {
  /** Monday 00:00 (docs/decisions.md#trophy-hunt: "the pool resets at the start of every week"). */
  'reset-trophy-pools': '0 0 * * 1',
  /** Every night at NIGHTLY_CLEANUP_HOUR:00 (docs/decisions.md#minors-safety). */
  'clean-sessions': `0 ${NIGHTLY_CLEANUP_HOUR} * * *`,
  /** Every night at NIGHTLY_CLEANUP_HOUR:00 (CHAT_ORIGINAL_RETENTION_DAYS). */
  'clean-chat-originals': `0 ${NIGHTLY_CLEANUP_HOUR} * * *`,
  /** Every night at NIGHTLY_CLEANUP_HOUR:00 (SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS). */
  'clean-evidence': `0 ${NIGHTLY_CLEANUP_HOUR} * * *`,
} as const;

/**
 * The calendar's jobs at the season's weekly window (docs/product.md#what-it-does, docs/decisions.md#season-and-time): its opening and its closing, at the
 * minutes the season row sets (default Monday 00:00 and Saturday 00:00 local).
 */
export const WINDOW_JOB_NAMES = ['open-window', 'close-window'] as const;

export type WindowJobName = (typeof WINDOW_JOB_NAMES)[number];
export type CalendarJobName = keyof typeof CALENDAR_CRON | WindowJobName;

/** Every calendar job, the fixed ones first. */
export const CALENDAR_JOB_NAMES: readonly CalendarJobName[] = [
  ...(Object.keys(CALENDAR_CRON) as (keyof typeof CALENDAR_CRON)[]),
  ...WINDOW_JOB_NAMES,
];

/** The season's window fields the calendar reads; a missing minute takes its default (`windowMinutes`). */
export type CalendarWindow = Pick<SeasonWindow, 'window_start_minute' | 'window_end_minute'>;

const isWindowJob = (name: CalendarJobName): name is WindowJobName =>
  (WINDOW_JOB_NAMES as readonly string[]).includes(name);

/**
 * Minutes after its week's Monday 00:00 local at which a window job's period begins: the opening minute, or the
 * closing one (a closing minute at or below the opening one closes in the next week, as `isWindowOpen` reads it).
 */
function windowJobMinute(name: WindowJobName, window: CalendarWindow): number {
  const { start, end } = windowMinutes(window);
  if (name === 'open-window') return start;
  return end > start ? end : end + MINUTES_PER_WEEK;
}

/**
 * The node-cron pattern of a calendar job in the season's zone: fixed for the nightly and weekly jobs, and from the
 * season's window minutes for the window's opening and closing.
 */
export function calendarCron(name: CalendarJobName, window: CalendarWindow = {}): string {
  if (!isWindowJob(name)) return CALENDAR_CRON[name];
  const minute = windowJobMinute(name, window) % MINUTES_PER_WEEK;
  const weekday = Math.floor(minute / 1440);
  return `${minute % 60} ${Math.floor((minute % 1440) / 60)} * * ${(weekday + 1) % 7}`;
}

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

const instants = new Map<string, number>();

/**
 * `localTimeToInstant` remembered for the last few hundred wall-clock moments: the calendar asks for the same few
 * (this week's and last week's opening and closing) on every play tick and schedule check.
 */
function instantOf(timeZone: string, year: number, month: number, day: number, minute: number): number {
  const key = `${timeZone} ${year} ${month} ${day} ${minute}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    if (instants.size >= 512) instants.clear();
    instant = localTimeToInstant(timeZone, year, month, day, minute).getTime();
    instants.set(key, instant);
  }
  return instant;
}

/**
 * Monday 00:00 local of the week whose window opening (or closing) is the latest at or before `now`: from that
 * moment until the next week's, the period is that week's. A closing that falls in the next week (a window over
 * Monday 00:00) still belongs to the week the window opened in.
 */
export function lastWindowWeek(name: WindowJobName, now: Date, timeZone: string, window: CalendarWindow = {}): Date {
  const p = localParts(now, timeZone);
  const minute = windowJobMinute(name, window);
  // The event of this week's Monday, or of one of the two before it (a closing lies less than two weeks on).
  for (const weeks of [0, -1, -2]) {
    const day = p.day - p.weekday + 7 * weeks;
    if (instantOf(timeZone, p.year, p.month, day, minute) <= now.getTime()) {
      return new Date(instantOf(timeZone, p.year, p.month, day, 0));
    }
  }
  throw new Error(`no window period before ${now.toISOString()}`);
}

/** The period of a window job holding `now`: the ISO week label of `lastWindowWeek`, such as '2026-W48'. */
export function windowPeriod(name: WindowJobName, now: Date, timeZone: string, window: CalendarWindow = {}): string {
  return weekPeriod(lastWindowWeek(name, now, timeZone, window), timeZone);
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
 * The BullMQ job id of a calendar job's period holding `now` (docs/conventions.md#jobs: fixed, without ':'), e.g.
 * 'pool-reset-2026-W48', 'window-close-2026-W48' or 'clean-sessions-2026-11-26'. The window jobs read the
 * season's window minutes.
 */
export function calendarJobId(name: CalendarJobName, now: Date, timeZone: string, window: CalendarWindow = {}): string {
  if (name === 'reset-trophy-pools') return `pool-reset-${weekPeriod(now, timeZone)}`;
  if (name === 'open-window') return `window-open-${windowPeriod(name, now, timeZone, window)}`;
  if (name === 'close-window') return `window-close-${windowPeriod(name, now, timeZone, window)}`;
  return `${name}-${nightPeriod(now, timeZone)}`;
}
