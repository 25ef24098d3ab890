/**
 * Season time rules (spec §1, decisions §4): qualifiers run between two instants, and inside them play is open
 * during a weekly window stated in the season's local time (default Monday 00:00 to Saturday 00:00
 * Europe/Stockholm). Every function takes `now`; nothing reads the clock.
 */
import { MINUTES_PER_WEEK, WINDOW_END_MINUTE_DEFAULT, WINDOW_START_MINUTE_DEFAULT } from './constants.ts';
import { localParts, localTimeToInstant } from './time.ts';

/** The fields of a season row that the window rules read. */
export interface SeasonWindow {
  /** IANA time zone of the weekly window, e.g. 'Europe/Stockholm'. */
  time_zone: string;
  /** Minutes since Monday 00:00 local at which the window opens (default 0). */
  window_start_minute?: number | null;
  /** Minutes since Monday 00:00 local at which it closes (default 7200 = Saturday 00:00); exclusive. */
  window_end_minute?: number | null;
  qualifiers_start: Date;
  qualifiers_end: Date;
}

interface Interval {
  start: number;
  end: number;
}

/** True for a whole number of minutes from 0 (Monday 00:00) to 10080 (the next Monday 00:00). */
export function isValidWindowMinute(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MINUTES_PER_WEEK;
}

/**
 * The window's minutes with defaults applied (decisions §4). A missing or out-of-range value falls back to its
 * default, so a half-filled season row still gives the spec's Monday-to-Saturday window.
 */
export function windowMinutes(season: Pick<SeasonWindow, 'window_start_minute' | 'window_end_minute'>): {
  start: number;
  end: number;
} {
  const start = isValidWindowMinute(season.window_start_minute)
    ? season.window_start_minute
    : WINDOW_START_MINUTE_DEFAULT;
  const end = isValidWindowMinute(season.window_end_minute) ? season.window_end_minute : WINDOW_END_MINUTE_DEFAULT;
  return { start, end };
}

/** Local calendar date (year, month 1-12, day) of the Monday of the week containing `now`. */
function mondayOf(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const p = localParts(now, timeZone);
  const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() };
}

/** Monday 00:00 local time of the week containing `now`, as an instant (decisions §7: the weekly pool reset). */
export function weekStart(now: Date, timeZone: string): Date {
  const m = mondayOf(now, timeZone);
  return localTimeToInstant(timeZone, m.year, m.month, m.day, 0);
}

/** Monday 00:00 local time of the week after the one containing `now` (the next trophy-pool reset). */
export function nextWeekStart(now: Date, timeZone: string): Date {
  const m = mondayOf(now, timeZone);
  return localTimeToInstant(timeZone, m.year, m.month, m.day + 7, 0);
}

/**
 * The window of the week that starts `weeks` weeks after the Monday (year, month, day), as instants. A window whose
 * end minute is below its start minute runs over Monday 00:00 into the next week; equal minutes give no window.
 */
function weeklyInterval(
  season: SeasonWindow,
  monday: { year: number; month: number; day: number },
  weeks: number,
): Interval | null {
  const { start, end } = windowMinutes(season);
  if (start === end) return null;
  const day = monday.day + 7 * weeks;
  const closing = end > start ? end : end + MINUTES_PER_WEEK;
  return {
    start: localTimeToInstant(season.time_zone, monday.year, monday.month, day, start).getTime(),
    end: localTimeToInstant(season.time_zone, monday.year, monday.month, day, closing).getTime(),
  };
}

function inQualifiers(season: SeasonWindow, t: number): boolean {
  return t >= season.qualifiers_start.getTime() && t < season.qualifiers_end.getTime();
}

/** The weekly window interval containing `t`, if any (this week's, or last week's when it runs over Monday). */
function containingInterval(season: SeasonWindow, t: number): Interval | null {
  const monday = mondayOf(new Date(t), season.time_zone);
  for (const weeks of [0, -1]) {
    const interval = weeklyInterval(season, monday, weeks);
    if (interval && t >= interval.start && t < interval.end) return interval;
  }
  return null;
}

/**
 * Whether play is open at `now` (spec §1, decisions §4/§5): inside the qualifiers (start inclusive, end exclusive)
 * and inside the weekly window in the season's time zone (opening minute inclusive, closing minute exclusive).
 * The window follows the local wall clock, so across a DST change it still opens at local Monday 00:00.
 */
export function isWindowOpen(season: SeasonWindow, now: Date): boolean {
  const t = now.getTime();
  return inQualifiers(season, t) && containingInterval(season, t) !== null;
}

/** When the open window containing `now` closes (the weekly close or the qualifiers' end); null when closed. */
export function windowClosesAt(season: SeasonWindow, now: Date): Date | null {
  const t = now.getTime();
  if (!inQualifiers(season, t)) return null;
  const interval = containingInterval(season, t);
  if (!interval) return null;
  return new Date(Math.min(interval.end, season.qualifiers_end.getTime()));
}

/**
 * The first instant at or after `now` at which play is open: `now` itself when open, else the next weekly opening
 * (or the qualifiers' start, when that falls inside a window); null when the qualifiers end before that.
 */
export function nextWindowOpening(season: SeasonWindow, now: Date): Date | null {
  const from = Math.max(now.getTime(), season.qualifiers_start.getTime());
  const until = season.qualifiers_end.getTime();
  if (from >= until) return null;
  if (containingInterval(season, from)) return new Date(from);
  const monday = mondayOf(new Date(from), season.time_zone);
  // Bounded: a season longer than ten years is a data error, not a reason to loop forever.
  for (let weeks = 0; weeks < 520; weeks++) {
    const interval = weeklyInterval(season, monday, weeks);
    if (!interval) return null;
    if (interval.start >= until) return null;
    if (interval.start >= from) return new Date(interval.start);
  }
  return null;
}
