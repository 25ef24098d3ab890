import {
  MAX_GAMES_PER_WEEK,
  MINUTES_PER_WEEK,
  PRODUCT_NAME_DEFAULT,
  WINDOW_END_MINUTE_DEFAULT,
  WINDOW_START_MINUTE_DEFAULT,
  windowMinutes,
  type SeasonPayload,
} from '@ecup/domain';
import type { SeasonFacts } from './content-types.ts';

// 1 January 2024 was a Monday: a fixed reference for naming weekdays in any locale.
const REFERENCE_MONDAY_UTC = Date.UTC(2024, 0, 1);

/** A minute of the week (0 = Monday 00:00) as "Monday 00:00" in the reader's language. */
export function weekMinuteLabel(minute: number, locale: string): string {
  const day = Math.floor(minute / 1440) % 7;
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(REFERENCE_MONDAY_UTC + day * 86_400_000),
  );
  const hh = String(Math.floor((minute % 1440) / 60)).padStart(2, '0');
  const mm = String(minute % 60).padStart(2, '0');
  return `${weekday} ${hh}:${mm}`;
}

/**
 * The season facts the rules and terms quote, formatted for the reader (dates in their locale; the weekly window in
 * the season's own zone, which the text names).
 */
export function seasonFacts(
  season: SeasonPayload | null,
  productName: string,
  locale: string,
  labels: { range(from: string, to: string, zone: string): string; allWeek(zone: string): string },
): SeasonFacts {
  const date = (seconds: number | null | undefined) =>
    seconds ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(seconds * 1000)) : null;
  const { start, end } = windowMinutes(
    season ?? { window_start_minute: WINDOW_START_MINUTE_DEFAULT, window_end_minute: WINDOW_END_MINUTE_DEFAULT },
  );
  const zone = season?.time_zone ?? 'Europe/Stockholm';
  return {
    product: productName || PRODUCT_NAME_DEFAULT,
    seasonName: season?.name ?? productName,
    qualifiersStart: date(season?.qualifiers_start) ?? '',
    qualifiersEnd: date(season?.qualifiers_end) ?? '',
    finals: date(season?.finals_date),
    trophyHuntEnd: date(season?.trophy_hunt_end) ?? '',
    window:
      end - start >= MINUTES_PER_WEEK
        ? labels.allWeek(zone)
        : labels.range(weekMinuteLabel(start, locale), weekMinuteLabel(end, locale), zone),
    maxGamesPerWeek: season?.max_games_per_week ?? MAX_GAMES_PER_WEEK,
  };
}
