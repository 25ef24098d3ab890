import {
  DEFAULT_TIME_ZONE,
  MINUTES_PER_WEEK,
  localParts,
  localTimeToInstant,
  weekStart,
  windowMinutes,
  type SeasonPayload,
} from '@ecup/domain';

export interface SeasonTimes {
  qualifiersStart: Date;
  qualifiersEnd: Date;
  /**
   * One week's opening and closing instants, from which the reader's weekday and time are shown; 'all-week' when
   * play is open around the clock, null when the season has no weekly window.
   */
  window: { opens: Date; closes: Date } | 'all-week' | null;
  finals: Date | null;
}

const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The season's qualifier dates and its weekly window (docs/product.md#what-it-does: Monday 00:00 to Saturday 00:00 in the season's zone;
 * docs/decisions.md#season-and-time) as instants, taken from the first week of the qualifiers so the reader sees them in their own zone.
 * Null when the season is missing or incomplete.
 */
export function seasonTimes(season: SeasonPayload | null): SeasonTimes | null {
  if (!season || !isSeconds(season.qualifiers_start) || !isSeconds(season.qualifiers_end)) return null;
  const zone = typeof season.time_zone === 'string' && season.time_zone !== '' ? season.time_zone : DEFAULT_TIME_ZONE;
  const qualifiersStart = new Date(season.qualifiers_start * 1000);
  const { start, end } = windowMinutes(season);
  let window: SeasonTimes['window'] = null;
  if (start === 0 && end === MINUTES_PER_WEEK) {
    window = 'all-week';
  } else if (start !== end) {
    try {
      const monday = localParts(weekStart(qualifiersStart, zone), zone);
      const closing = end > start ? end : end + MINUTES_PER_WEEK;
      window = {
        opens: localTimeToInstant(zone, monday.year, monday.month, monday.day, start),
        closes: localTimeToInstant(zone, monday.year, monday.month, monday.day, closing),
      };
    } catch {
      // An unknown time zone: the dates are still worth showing without the weekly window.
    }
  }
  return {
    qualifiersStart,
    qualifiersEnd: new Date(season.qualifiers_end * 1000),
    window,
    finals: isSeconds(season.finals_date) ? new Date(season.finals_date * 1000) : null,
  };
}
