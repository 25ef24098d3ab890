/**
 * Wall-clock helpers over IANA time zones, built on `Intl.DateTimeFormat` only (docs/decisions.md#season-and-time: times are stored in
 * UTC, rules such as the weekly window are stated in the season's local time). Pure: every instant is a parameter.
 */

/** A local calendar date and time of day; month 1-12, weekday 0 = Monday ... 6 = Sunday. */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA zone name this runtime knows (e.g. 'Europe/Stockholm', 'UTC'). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time of `instant` in `timeZone`. Throws RangeError for an unknown zone. */
export function localParts(instant: Date | number, timeZone: string): LocalParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const year = values.year ?? NaN;
  const month = values.month ?? NaN;
  const day = values.day ?? NaN;
  // Date.UTC(...).getUTCDay() is 0 = Sunday; shift so that Monday is 0 (the week starts on Monday, docs/product.md#what-it-does).
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return {
    year,
    month,
    day,
    hour: values.hour ?? NaN,
    minute: values.minute ?? NaN,
    second: values.second ?? NaN,
    weekday,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (Stockholm in winter: +3 600 000). */
export function zoneOffsetMs(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant at which the wall clock in `timeZone` shows the given local date and minute of the day.
 * Day and minute may overflow (day 32, minute 1500): they roll over like `Date.UTC`. When a local time occurs
 * twice (autumn) the earlier instant is returned; in a spring-forward gap the time is moved forward by the length
 * of the gap (02:30 becomes 03:30 in Stockholm), as Temporal's 'compatible' disambiguation does.
 */
export function localTimeToInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  minuteOfDay: number = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const target = localParts(wall, 'UTC');
  // Around `wall` the zone has at most two offsets (zones change at most once in any 24 hours).
  const offsets = new Set([
    zoneOffsetMs(wall - DAY_MS / 2, timeZone),
    zoneOffsetMs(wall, timeZone),
    zoneOffsetMs(wall + DAY_MS / 2, timeZone),
  ]);
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.filter((c) => sameWallClock(localParts(c, timeZone), target));
  if (exact.length > 0) return new Date(Math.min(...exact));
  // A gap: wall - (offset before the change) lands after the change, shifted forward by the gap.
  return new Date(Math.max(...candidates));
}

function sameWallClock(a: LocalParts, b: LocalParts): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

/** Minutes since Monday 00:00 local time of the week containing `instant` (0 ... 10079). */
export function minuteOfWeek(instant: Date | number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return p.weekday * 24 * 60 + p.hour * 60 + p.minute;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way the product writes an instant with its time: day, short month, year, 24-hour time and
 * the zone as people read it, e.g. '26 Nov 2026, 07:34 CET' (en-GB) or '26 nov. 2026 07:34 CEST' (sv-SE). The
 * server's messages, the player app and the console all call it, so a date reads the same everywhere; the zone is
 * its short name ('CET', 'CEST', 'UTC'; 'GMT-5' where the language has no abbreviation), never an IANA id such as
 * 'Europe/Stockholm' (docs/decisions.md#season-and-time: the zone is named where a time matters). `locale` is the reader's language.
 */
export function formatDateTime(instant: Date | number, timeZone: string = 'UTC', locale: string = 'en-GB'): string {
  const key = `${locale} ${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(typeof instant === 'number' ? instant : instant.getTime());
}
