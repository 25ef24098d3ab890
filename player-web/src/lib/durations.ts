/**
 * Pure time arithmetic for the play loop's timers and countdowns (docs/product.md#screens-and-routes start button, docs/product.md#states queue timer, accept
 * countdown and result entry) and the trophy hunt's times (docs/product.md#screens-and-routes, docs/product.md#states Trophy). Words are added by the screens
 * through the i18n dictionary.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * A stopwatch or countdown as the screen shows it: "mm:ss", or "h:mm:ss" from one hour on. Negative durations
 * show as 00:00. `round` says how a part second counts: a timer since an instant floors (0.9 s is 00:00), a
 * countdown to one rounds up (0.1 s left is still 00:01), so it never shows 00:00 before the end.
 */
export function formatClock(ms: number, round: 'floor' | 'ceil' = 'floor'): string {
  const total = Math.max(0, round === 'ceil' ? Math.ceil(ms / SECOND) : Math.floor(ms / SECOND));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Whole seconds left until a deadline, rounded up and never below 0 (the accept countdown's ring). */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / SECOND));
}

export interface WeeksDaysHours {
  weeks: number;
  days: number;
  hours: number;
}

/**
 * The start button's countdown (docs/product.md#screens-and-routes: weeks, days and hours until the start). Hours are rounded up, so the
 * button reads "1 hour" during the last hour rather than nothing; null once the start has come.
 */
export function weeksDaysHours(ms: number): WeeksDaysHours | null {
  if (!(ms > 0)) return null;
  const totalHours = Math.ceil(ms / HOUR);
  return {
    weeks: Math.floor(totalHours / (WEEK / HOUR)),
    days: Math.floor((totalHours % (WEEK / HOUR)) / 24),
    hours: totalHours % 24,
  };
}

export interface CountdownParts {
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * A countdown split the way the trophy hunt shows its times (docs/product.md#screens-and-routes: "weeks, days, hours, minutes, seconds").
 * Seconds are rounded up like every countdown here, so it reads 0 in every part only once the moment has come;
 * negative or unknown durations count as 0.
 */
export function countdownParts(ms: number): CountdownParts {
  const total = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / SECOND)) : 0;
  return {
    weeks: Math.floor(total / (WEEK / SECOND)),
    days: Math.floor((total % (WEEK / SECOND)) / (DAY / SECOND)),
    hours: Math.floor((total % (DAY / SECOND)) / (HOUR / SECOND)),
    minutes: Math.floor((total % (HOUR / SECOND)) / (MINUTE / SECOND)),
    seconds: total % (MINUTE / SECOND),
  };
}
