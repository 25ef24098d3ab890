/** A season's dates as its pages show them: the day, without the time. */
export const SEASON_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
