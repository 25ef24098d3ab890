/**
 * Season time rules (docs/product.md#what-it-does, docs/decisions.md#season-and-time): qualifiers run between two instants, and inside them play is open
 * during a weekly window stated in the season's local time (default Monday 00:00 to Saturday 00:00
 * Europe/Stockholm). Every function takes `now`; nothing reads the clock.
 */
import {
  DEFAULT_TIME_ZONE,
  MAX_GAMES_PER_WEEK,
  MINUTES_PER_WEEK,
  PRODUCT_NAME_DEFAULT,
  WINDOW_END_MINUTE_DEFAULT,
  WINDOW_START_MINUTE_DEFAULT,
} from './constants.ts';
import { CHAT_MODES, CHAT_MODE_DEFAULT, isChatMode, type ChatMode } from './chat.ts';
import { isValidTimeZone, localParts, localTimeToInstant } from './time.ts';
import type { OperatorValidation } from './validation/result.ts';

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
 * The window's minutes with defaults applied (docs/decisions.md#season-and-time). A missing or out-of-range value falls back to its
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

/**
 * The year of the season's final at Gothia Cup in July (docs/product.md#what-it-does: qualifiers from November 2019, a trip to the final in
 * July 2020, the "2020 edition"): the first July after the qualifiers end. It names the season and its prize texts.
 */
export function seasonFinalYear(qualifiersEnd: Date): number {
  const year = qualifiersEnd.getUTCFullYear();
  return qualifiersEnd.getUTCMonth() >= 6 ? year + 1 : year;
}

/** Local calendar date (year, month 1-12, day) of the Monday of the week containing `now`. */
function mondayOf(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const p = localParts(now, timeZone);
  const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() };
}

/** Monday 00:00 local time of the week containing `now`, as an instant (docs/decisions.md#trophy-hunt: the weekly pool reset). */
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
 * Whether play is open at `now` (docs/product.md#what-it-does, docs/decisions.md#season-and-time, docs/decisions.md#matchmaking): inside the qualifiers (start inclusive, end exclusive)
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

// --- Season fields as operators edit them (docs/decisions.md#season-and-time: `scripts` creates and edits the season) ---

/** Every editable field of a season row (docs/decisions.md#season-and-time), in its stored form: instants in UTC, window in minutes. */
export interface SeasonFields {
  name: string;
  product_name: string;
  qualifiers_start: Date;
  qualifiers_end: Date;
  time_zone: string;
  window_start_minute: number;
  window_end_minute: number;
  finals_date: Date | null;
  trophy_hunt_end: Date;
  prizes_text: string;
  max_games_per_week: number;
  /** The start button counts down to this instant (docs/product.md#constants); defaults to the qualifiers' start. */
  start_countdown_at: Date | null;
  /** What a game chat between an adult and a minor allows (docs/decisions.md#minors-safety); `presets` by default. */
  chat_mode: ChatMode;
}

/** The fields as an operator types them; each key names one input (a CLI option, a form field). */
export interface SeasonInput {
  name?: string;
  product_name?: string;
  qualifiers_start?: string;
  qualifiers_end?: string;
  time_zone?: string;
  window_opens?: string;
  window_closes?: string;
  finals_date?: string;
  trophy_hunt_end?: string;
  prizes_text?: string;
  max_games_per_week?: string;
  start_countdown_at?: string;
  chat_mode?: string;
}

export type SeasonInputKey = keyof SeasonInput;

/** How an error names an input: the CLI passes its option names (`--qualifiers-end`), the default is the key. */
export type SeasonLabel = (key: SeasonInputKey) => string;

/** Column limits of the seasons table, and a sane upper bound on the weekly cap. */
export const SEASON_LIMITS = {
  nameMax: 100,
  productNameMax: 50,
  timeZoneMax: 64,
  prizesTextMax: 10_000,
  maxGamesPerWeekMax: 1000,
} as const;

/** Not in the spec: operator-facing wording of the season rules (listed in docs/cli.md). */
export const SEASON_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  textLength: (label: string, max: number) => `${label} must be 1 to ${max} characters.`,
  textTooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  notADate: (label: string, text: string) =>
    `${label} must be a date such as 2020-11-25, 2020-11-25T18:00 (season time zone) or 2020-11-24T23:00:00Z; got '${text}'.`,
  notAWeekTime: (label: string, text: string) =>
    `${label} must be a weekday and a time such as 'Mon 00:00' or 'Sat 18:30'; got '${text}'.`,
  unknownTimeZone: (label: string, text: string) =>
    `${label} must be an IANA time zone such as Europe/Stockholm or UTC; got '${text}'.`,
  mustBeAfter: (later: string, earlier: string) => `${later} must be after ${earlier}.`,
  mustNotBeBefore: (later: string, earlier: string) => `${later} must not be before ${earlier}.`,
  emptyWindow: (closes: string, opens: string) =>
    `${closes} must differ from ${opens}: a window that closes when it opens is never open.`,
  maxGames: (label: string, max: number) => `${label} must be a whole number from 1 to ${max}.`,
  chatMode: (label: string, text: string) => `${label} must be one of ${CHAT_MODES.join(', ')}; got '${text}'.`,
} as const;

/** Weekday abbreviations from Monday (weekday 0), as the window is written: 'Mon 00:00'. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const identity: SeasonLabel = (key) => key;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Reads a time of the week as 'Mon 00:00' (weekday abbreviated or in full, any case; hour 0-23) or as a bare
 * number of minutes since Monday 00:00 (0 to 10080), the stored form (docs/decisions.md#season-and-time).
 */
export function parseWeekTime(text: string, label = 'The time'): OperatorValidation<number> {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const n = Number(trimmed);
    return isValidWindowMinute(n)
      ? { ok: true, value: n }
      : { ok: false, error: SEASON_MESSAGES.notAWeekTime(label, text) };
  }
  const m = /^([a-z]+)\.?\s+(\d{1,2}):(\d{2})$/i.exec(trimmed);
  const word = m?.[1]?.toLowerCase() ?? '';
  const day = word.length >= 3 ? WEEKDAY_NAMES.findIndex((name) => name.startsWith(word)) : -1;
  const hour = Number(m?.[2]);
  const minute = Number(m?.[3]);
  if (!m || day < 0 || hour > 23 || minute > 59) return { ok: false, error: SEASON_MESSAGES.notAWeekTime(label, text) };
  return { ok: true, value: day * 1440 + hour * 60 + minute };
}

/** Minutes since Monday 00:00 as 'Mon 00:00' (10080, the end of the week, reads as the next 'Mon 00:00'). */
export function formatWeekMinute(minute: number): string {
  const m = ((minute % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return `${WEEKDAYS[Math.floor(m / 1440)]} ${pad2(Math.floor((m % 1440) / 60))}:${pad2(m % 60)}`;
}

/** The weekly window in words: 'Mon 00:00 to Sat 00:00', 'the whole week', or one that runs into the next week. */
export function describeWindow(start: number, end: number): string {
  if (start === 0 && end === MINUTES_PER_WEEK) return 'the whole week (Mon 00:00 to Mon 00:00)';
  if (start === end) return 'never open';
  const wraps = end < start || end === MINUTES_PER_WEEK;
  return `${formatWeekMinute(start)} to ${formatWeekMinute(end)}${wraps ? ' (next week)' : ''}`;
}

/**
 * The closing minute as stored: a window from Monday 00:00 that closes at Monday 00:00 is the whole week (0 to
 * 10080, as the demo season has); any other closing minute is kept.
 */
export function windowEndMinute(start: number, end: number): number {
  return start === 0 && end === 0 ? MINUTES_PER_WEEK : end;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 date for a season (docs/decisions.md#season-and-time: stored in UTC). With a zone designator ('Z', '+01:00') it is
 * that instant; without one it is wall-clock time in the season's `timeZone`, so '2019-11-25' is 25 November 00:00
 * Stockholm time. Seconds are kept, fractions are not (the columns hold whole seconds).
 */
export function parseSeasonInstant(text: string, timeZone: string, label = 'The date'): OperatorValidation<Date> {
  const m = INSTANT.exec(text.trim());
  const bad = { ok: false as const, error: SEASON_MESSAGES.notADate(label, text) };
  if (!m) return bad;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return bad;
  if (hour > 23 || minute > 59 || second > 59) return bad;
  const zone = m[7];
  if (zone) {
    const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    const offsetMinutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    if (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)) return bad;
    return { ok: true, value: new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000) };
  }
  const local = localTimeToInstant(timeZone, year, month, day, hour * 60 + minute);
  return { ok: true, value: new Date(local.getTime() + second * 1000) };
}

/** The docs/decisions.md#season-and-time defaults of a new season, given the fields an operator must always give. */
export function seasonDefaults(
  required: Pick<SeasonFields, 'name' | 'qualifiers_start' | 'qualifiers_end'>,
): SeasonFields {
  return {
    product_name: PRODUCT_NAME_DEFAULT,
    time_zone: DEFAULT_TIME_ZONE,
    window_start_minute: WINDOW_START_MINUTE_DEFAULT,
    window_end_minute: WINDOW_END_MINUTE_DEFAULT,
    finals_date: null,
    trophy_hunt_end: required.qualifiers_end,
    prizes_text: '',
    max_games_per_week: MAX_GAMES_PER_WEEK,
    start_countdown_at: required.qualifiers_start,
    chat_mode: CHAT_MODE_DEFAULT,
    ...required,
  };
}

/**
 * Checks a whole season (docs/decisions.md#season-and-time): names within the column sizes, a known IANA zone, qualifiers that end
 * after they start, a trophy hunt that ends after the qualifiers start, finals not before the qualifiers end, a
 * weekly window that opens at all, and a weekly cap from 1 to 1000. Answers the trimmed fields or the first
 * failing rule, naming the input with `label`.
 */
export function validateSeason(fields: SeasonFields, label: SeasonLabel = identity): OperatorValidation<SeasonFields> {
  const name = fields.name.trim();
  const product = fields.product_name.trim();
  const prizes = fields.prizes_text.trim();
  const fail = (error: string): OperatorValidation<SeasonFields> => ({ ok: false, error });
  if (name === '' || name.length > SEASON_LIMITS.nameMax) {
    return fail(SEASON_MESSAGES.textLength(label('name'), SEASON_LIMITS.nameMax));
  }
  if (product === '' || product.length > SEASON_LIMITS.productNameMax) {
    return fail(SEASON_MESSAGES.textLength(label('product_name'), SEASON_LIMITS.productNameMax));
  }
  if (!isValidTimeZone(fields.time_zone) || fields.time_zone.length > SEASON_LIMITS.timeZoneMax) {
    return fail(SEASON_MESSAGES.unknownTimeZone(label('time_zone'), fields.time_zone));
  }
  for (const key of ['qualifiers_start', 'qualifiers_end', 'trophy_hunt_end'] as const) {
    if (Number.isNaN(fields[key].getTime())) return fail(SEASON_MESSAGES.notADate(label(key), String(fields[key])));
  }
  if (fields.qualifiers_end <= fields.qualifiers_start) {
    return fail(SEASON_MESSAGES.mustBeAfter(label('qualifiers_end'), label('qualifiers_start')));
  }
  if (fields.trophy_hunt_end <= fields.qualifiers_start) {
    return fail(SEASON_MESSAGES.mustBeAfter(label('trophy_hunt_end'), label('qualifiers_start')));
  }
  if (fields.finals_date && fields.finals_date < fields.qualifiers_end) {
    return fail(SEASON_MESSAGES.mustNotBeBefore(label('finals_date'), label('qualifiers_end')));
  }
  if (!isValidWindowMinute(fields.window_start_minute) || fields.window_start_minute === MINUTES_PER_WEEK) {
    return fail(SEASON_MESSAGES.notAWeekTime(label('window_opens'), String(fields.window_start_minute)));
  }
  if (!isValidWindowMinute(fields.window_end_minute)) {
    return fail(SEASON_MESSAGES.notAWeekTime(label('window_closes'), String(fields.window_end_minute)));
  }
  if (fields.window_start_minute === fields.window_end_minute) {
    return fail(SEASON_MESSAGES.emptyWindow(label('window_closes'), label('window_opens')));
  }
  const cap = fields.max_games_per_week;
  if (!Number.isInteger(cap) || cap < 1 || cap > SEASON_LIMITS.maxGamesPerWeekMax) {
    return fail(SEASON_MESSAGES.maxGames(label('max_games_per_week'), SEASON_LIMITS.maxGamesPerWeekMax));
  }
  if (prizes.length > SEASON_LIMITS.prizesTextMax) {
    return fail(SEASON_MESSAGES.textTooLong(label('prizes_text'), SEASON_LIMITS.prizesTextMax));
  }
  if (!isChatMode(fields.chat_mode))
    return fail(SEASON_MESSAGES.chatMode(label('chat_mode'), String(fields.chat_mode)));
  return { ok: true, value: { ...fields, name, product_name: product, prizes_text: prizes } };
}

/**
 * Applies what an operator typed to a season: over `base` (an update: only the given inputs change) or, when
 * `base` is null, over the docs/decisions.md#season-and-time defaults (a create: name and both qualifier dates are required; the trophy
 * hunt ends with the qualifiers and the countdown targets their start unless given). Dates without a zone are read
 * in the resulting time zone; 'none' clears the finals date or the countdown. Then {@link validateSeason}.
 */
export function applySeasonInput(
  base: SeasonFields | null,
  input: SeasonInput,
  label: SeasonLabel = identity,
): OperatorValidation<SeasonFields> {
  const given = (key: SeasonInputKey): string | undefined => input[key];
  if (!base) {
    for (const key of ['name', 'qualifiers_start', 'qualifiers_end'] as const) {
      if (given(key) === undefined) return { ok: false, error: SEASON_MESSAGES.required(label(key)) };
    }
  }
  const zone = (given('time_zone') ?? base?.time_zone ?? DEFAULT_TIME_ZONE).trim();
  if (!isValidTimeZone(zone)) return { ok: false, error: SEASON_MESSAGES.unknownTimeZone(label('time_zone'), zone) };

  const dates: Partial<Record<SeasonInputKey, Date | null>> = {};
  for (const key of [
    'qualifiers_start',
    'qualifiers_end',
    'finals_date',
    'trophy_hunt_end',
    'start_countdown_at',
  ] as const) {
    const text = given(key);
    if (text === undefined) continue;
    if ((key === 'finals_date' || key === 'start_countdown_at') && text.trim().toLowerCase() === 'none') {
      dates[key] = null;
      continue;
    }
    const parsed = parseSeasonInstant(text, zone, label(key));
    if (!parsed.ok) return parsed;
    dates[key] = parsed.value;
  }

  const minutes: Partial<Record<'window_opens' | 'window_closes', number>> = {};
  for (const key of ['window_opens', 'window_closes'] as const) {
    const text = given(key);
    if (text === undefined) continue;
    const parsed = parseWeekTime(text, label(key));
    if (!parsed.ok) return parsed;
    minutes[key] = parsed.value;
  }

  let cap: number | undefined;
  const capText = given('max_games_per_week');
  if (capText !== undefined) {
    if (!/^\s*\d+\s*$/.test(capText)) {
      return {
        ok: false,
        error: SEASON_MESSAGES.maxGames(label('max_games_per_week'), SEASON_LIMITS.maxGamesPerWeekMax),
      };
    }
    cap = Number(capText);
  }

  const modeText = given('chat_mode');
  const chatMode = modeText === undefined ? undefined : modeText.trim().toLowerCase();
  if (chatMode !== undefined && !isChatMode(chatMode)) {
    return { ok: false, error: SEASON_MESSAGES.chatMode(label('chat_mode'), String(modeText)) };
  }

  const start = base ?? {
    ...seasonDefaults({
      name: '',
      qualifiers_start: dates.qualifiers_start as Date,
      qualifiers_end: dates.qualifiers_end as Date,
    }),
    time_zone: zone,
  };
  const opens = minutes.window_opens ?? start.window_start_minute;
  const closes = minutes.window_closes ?? start.window_end_minute;
  const pick = <K extends keyof SeasonFields>(key: K, value: SeasonFields[K] | undefined): SeasonFields[K] =>
    value === undefined ? start[key] : value;
  const fields: SeasonFields = {
    name: pick('name', given('name')),
    product_name: pick('product_name', given('product_name')),
    qualifiers_start: pick('qualifiers_start', dates.qualifiers_start ?? undefined),
    qualifiers_end: pick('qualifiers_end', dates.qualifiers_end ?? undefined),
    time_zone: zone,
    window_start_minute: opens,
    window_end_minute: windowEndMinute(opens, closes),
    finals_date: pick('finals_date', dates.finals_date),
    trophy_hunt_end: pick('trophy_hunt_end', dates.trophy_hunt_end ?? undefined),
    prizes_text: pick('prizes_text', given('prizes_text')),
    max_games_per_week: pick('max_games_per_week', cap),
    start_countdown_at: pick('start_countdown_at', dates.start_countdown_at),
    chat_mode: pick('chat_mode', chatMode),
  };
  return validateSeason(fields, label);
}

/** The editable fields whose values differ between two versions of a season, in field order. */
export function changedSeasonFields(before: SeasonFields, after: SeasonFields): (keyof SeasonFields)[] {
  const keys = Object.keys(after) as (keyof SeasonFields)[];
  return keys.filter((key) => {
    const a = before[key];
    const b = after[key];
    if (a instanceof Date || b instanceof Date) {
      return (a instanceof Date ? a.getTime() : a) !== (b instanceof Date ? b.getTime() : b);
    }
    return a !== b;
  });
}
