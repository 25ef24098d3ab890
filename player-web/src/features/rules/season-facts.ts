import {
  DEFAULT_TIME_ZONE,
  MAX_GAMES_PER_WEEK,
  MINUTES_PER_WEEK,
  PRODUCT_NAME_DEFAULT,
  WINDOW_END_MINUTE_DEFAULT,
  WINDOW_START_MINUTE_DEFAULT,
  windowMinutes,
  type SeasonPayload,
} from '@ecup/domain';
import type { PlayWindow, SeasonFacts, WeekMoment } from './content-types.ts';

// 1 January 2024 was a Monday: a fixed reference for naming weekdays in any locale.
const REFERENCE_MONDAY_UTC = Date.UTC(2024, 0, 1);
const MINUTES_PER_DAY = 1440;

/** A minute of the week (0 = Monday 00:00; 10080 is the next Monday 00:00) as its weekday and time. */
export function weekMoment(minute: number, locale: string): WeekMoment {
  const inWeek = ((minute % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(REFERENCE_MONDAY_UTC + Math.floor(inWeek / MINUTES_PER_DAY) * 86_400_000),
  );
  const hh = String(Math.floor((inWeek % MINUTES_PER_DAY) / 60)).padStart(2, '0');
  const mm = String(inWeek % 60).padStart(2, '0');
  return { day, time: `${hh}:${mm}` };
}

/** A minute of the week (0 = Monday 00:00) as "Monday 00:00" in the reader's language. */
export function weekMinuteLabel(minute: number, locale: string): string {
  const { day, time } = weekMoment(minute, locale);
  return `${day} ${time}`;
}

/** The time zone's name in the reader's language ('Central European Time', 'centraleuropeisk tid'). */
export function zoneName(timeZone: string, locale: string): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(REFERENCE_MONDAY_UTC))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * Which kind of window the season's minutes make (docs/decisions.md#season-and-time, as `domain`'s season rules read them): equal
 * minutes are never open, 0 to 10080 is the whole week, a closing minute below the opening one runs over
 * Monday 00:00 into the next week.
 */
export function playWindow(start: number, end: number, timeZone: string, locale: string): PlayWindow {
  const closing = end > start ? end : end + MINUTES_PER_WEEK;
  const length = closing - start;
  if (start === end || length <= 0) return { kind: 'never' };
  if (length >= MINUTES_PER_WEEK) return { kind: 'allWeek' };
  const zone = zoneName(timeZone, locale);
  const from = weekMoment(start, locale);
  const to = weekMoment(closing, locale);
  if (from.day === to.day && length < MINUTES_PER_DAY)
    return { kind: 'sameDay', day: from.day, from: from.time, to: to.time, zone };
  return { kind: 'span', from, to, toNextWeek: from.day === to.day, zone };
}

/**
 * The season facts the rules and terms quote, formatted for the reader (dates in their locale; the weekly window in
 * the season's own zone, which the text names).
 */
export function seasonFacts(season: SeasonPayload | null, productName: string, locale: string): SeasonFacts {
  const date = (seconds: number | null | undefined) =>
    seconds ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(seconds * 1000)) : null;
  const { start, end } = windowMinutes(
    season ?? { window_start_minute: WINDOW_START_MINUTE_DEFAULT, window_end_minute: WINDOW_END_MINUTE_DEFAULT },
  );
  return {
    product: productName || PRODUCT_NAME_DEFAULT,
    seasonName: season?.name ?? productName,
    qualifiersStart: date(season?.qualifiers_start) ?? '',
    qualifiersEnd: date(season?.qualifiers_end) ?? '',
    finals: date(season?.finals_date),
    trophyHuntEnd: date(season?.trophy_hunt_end) ?? '',
    window: playWindow(start, end, season?.time_zone ?? DEFAULT_TIME_ZONE, locale),
    maxGamesPerWeek: season?.max_games_per_week ?? MAX_GAMES_PER_WEEK,
  };
}
