import test from 'ava';
import {
  applySeasonInput,
  changedSeasonFields,
  describeWindow,
  formatWeekMinute,
  isWindowOpen,
  nextWeekStart,
  nextWindowOpening,
  parseSeasonInstant,
  parseWeekTime,
  seasonDefaults,
  seasonFinalYear,
  validateSeason,
  weekStart,
  windowClosesAt,
  windowMinutes,
} from './season.ts';
import type { SeasonFields, SeasonWindow } from './season.ts';

const STOCKHOLM = 'Europe/Stockholm';
const at = (s: string) => new Date(s);

/** The spec's 2019 qualifiers: 25 Nov 00:00 CET to 23 Dec 00:00 CET, Monday 00:00 to Saturday 00:00. */
const qualifiers2019: SeasonWindow = {
  time_zone: STOCKHOLM,
  qualifiers_start: at('2019-11-24T23:00:00Z'),
  qualifiers_end: at('2019-12-22T23:00:00Z'),
};

/** A long season across both 2025 DST changes, with the default window. */
const season2025: SeasonWindow = {
  time_zone: STOCKHOLM,
  window_start_minute: 0,
  window_end_minute: 7200,
  qualifiers_start: at('2025-01-01T00:00:00Z'),
  qualifiers_end: at('2026-01-01T00:00:00Z'),
};

const openCases: [string, SeasonWindow, string, boolean][] = [
  ['one second before the qualifiers start', qualifiers2019, '2019-11-24T22:59:59Z', false],
  ['at the first Monday 00:00 CET', qualifiers2019, '2019-11-24T23:00:00Z', true],
  ['on Friday 23:59:59 CET', qualifiers2019, '2019-11-29T22:59:59Z', true],
  ['at Saturday 00:00 CET', qualifiers2019, '2019-11-29T23:00:00Z', false],
  ['on Sunday afternoon', qualifiers2019, '2019-12-01T14:00:00Z', false],
  ['at the next Monday 00:00 CET', qualifiers2019, '2019-12-01T23:00:00Z', true],
  ['after the qualifiers end', qualifiers2019, '2019-12-23T10:00:00Z', false],
  // Spring: clocks go forward on Sunday 30 March 2025; Monday 00:00 is now CEST (22:00 UTC).
  ['on Sunday 23:59:59 CEST after spring-forward', season2025, '2025-03-30T21:59:59Z', false],
  ['at Monday 00:00 CEST after spring-forward', season2025, '2025-03-30T22:00:00Z', true],
  ['at Friday 23:59 CET before spring-forward', season2025, '2025-03-28T22:59:00Z', true],
  ['at Saturday 00:00 CET before spring-forward', season2025, '2025-03-28T23:00:00Z', false],
  // Autumn: clocks go back on Sunday 26 October 2025; Monday 00:00 is CET again (23:00 UTC).
  ['at Friday 23:59 CEST before fall-back', season2025, '2025-10-24T21:59:00Z', true],
  ['at Saturday 00:00 CEST before fall-back', season2025, '2025-10-24T22:00:00Z', false],
  ['on Sunday 23:30 CET after fall-back', season2025, '2025-10-26T22:30:00Z', false],
  ['at Monday 00:00 CET after fall-back', season2025, '2025-10-26T23:00:00Z', true],
];
for (const [what, season, instant, open] of openCases) {
  test(`the window is ${open ? 'open' : 'closed'} ${what}`, (t) => {
    t.is(isWindowOpen(season, at(instant)), open);
  });
}

test('a Sunday-only window lasts 23 hours on the spring-forward Sunday and 25 on the fall-back one', (t) => {
  const sunday: SeasonWindow = { ...season2025, window_start_minute: 6 * 1440, window_end_minute: 7 * 1440 };
  const spring = nextWindowOpening(sunday, at('2025-03-28T12:00:00Z'));
  t.is(spring?.toISOString(), '2025-03-29T23:00:00.000Z');
  t.is(windowClosesAt(sunday, at('2025-03-30T12:00:00Z'))?.toISOString(), '2025-03-30T22:00:00.000Z');
  const autumn = nextWindowOpening(sunday, at('2025-10-24T12:00:00Z'));
  t.is(autumn?.toISOString(), '2025-10-25T22:00:00.000Z');
  t.is(windowClosesAt(sunday, at('2025-10-26T12:00:00Z'))?.toISOString(), '2025-10-26T23:00:00.000Z');
});

test('a window that runs over Monday 00:00 (Sunday 00:00 to Monday 01:00) is open on both sides', (t) => {
  const wrap: SeasonWindow = { ...season2025, window_start_minute: 6 * 1440, window_end_minute: 60 };
  t.true(isWindowOpen(wrap, at('2025-01-12T11:00:00Z'))); // Sunday 12:00 CET
  t.true(isWindowOpen(wrap, at('2025-01-12T23:30:00Z'))); // Monday 00:30 CET
  t.false(isWindowOpen(wrap, at('2025-01-13T00:00:00Z'))); // Monday 01:00 CET
  t.false(isWindowOpen(wrap, at('2025-01-10T11:00:00Z'))); // Friday
  t.is(windowClosesAt(wrap, at('2025-01-12T11:00:00Z'))?.toISOString(), '2025-01-13T00:00:00.000Z');
});

test('a window whose start equals its end is never open', (t) => {
  const none: SeasonWindow = { ...season2025, window_start_minute: 100, window_end_minute: 100 };
  t.false(isWindowOpen(none, at('2025-01-06T12:00:00Z')));
  t.is(nextWindowOpening(none, at('2025-01-06T12:00:00Z')), null);
});

test('a whole-week window (0 to 10080) is always open inside the qualifiers', (t) => {
  const always: SeasonWindow = { ...season2025, window_start_minute: 0, window_end_minute: 10080 };
  for (const instant of [
    '2025-01-04T12:00:00Z',
    '2025-01-05T22:59:59Z',
    '2025-01-05T23:00:00Z',
    '2025-03-30T01:00:00Z',
  ]) {
    t.true(isWindowOpen(always, at(instant)), instant);
  }
});

test('window minutes default to Monday 00:00 and Saturday 00:00 when missing or out of range', (t) => {
  t.deepEqual(windowMinutes({}), { start: 0, end: 7200 });
  t.deepEqual(windowMinutes({ window_start_minute: null, window_end_minute: null }), { start: 0, end: 7200 });
  t.deepEqual(windowMinutes({ window_start_minute: -5, window_end_minute: 10081 }), { start: 0, end: 7200 });
  t.deepEqual(windowMinutes({ window_start_minute: 60, window_end_minute: 1.5 }), { start: 60, end: 7200 });
});

test('the window opens and closes at the qualifiers bounds too', (t) => {
  // The qualifiers end on a Wednesday: the window closes then, not on Saturday.
  const midweek: SeasonWindow = { ...qualifiers2019, qualifiers_end: at('2019-12-18T11:00:00Z') };
  t.is(windowClosesAt(midweek, at('2019-12-17T12:00:00Z'))?.toISOString(), '2019-12-18T11:00:00.000Z');
  t.false(isWindowOpen(midweek, at('2019-12-18T11:00:00Z')));
  // The qualifiers start on a Wednesday: play opens then.
  const lateStart: SeasonWindow = { ...qualifiers2019, qualifiers_start: at('2019-11-27T10:00:00Z') };
  t.is(nextWindowOpening(lateStart, at('2019-11-20T00:00:00Z'))?.toISOString(), '2019-11-27T10:00:00.000Z');
});

const nextOpenings: [string, string, string | null][] = [
  ['before the qualifiers: their first Monday', '2019-11-01T00:00:00Z', '2019-11-24T23:00:00.000Z'],
  ['while open: now', '2019-11-26T09:15:00Z', '2019-11-26T09:15:00.000Z'],
  ['on a weekend: the next Monday 00:00 CET', '2019-11-30T12:00:00Z', '2019-12-01T23:00:00.000Z'],
  ['on the last weekend: none, the qualifiers end first', '2019-12-21T12:00:00Z', null],
  ['after the qualifiers: none', '2020-01-10T12:00:00Z', null],
];
for (const [what, now, expected] of nextOpenings) {
  test(`nextWindowOpening ${what}`, (t) => {
    t.is(nextWindowOpening(qualifiers2019, at(now))?.toISOString() ?? null, expected);
  });
}

test('windowClosesAt is null while the window is closed', (t) => {
  t.is(windowClosesAt(qualifiers2019, at('2019-11-30T12:00:00Z')), null);
  t.is(windowClosesAt(qualifiers2019, at('2019-11-01T12:00:00Z')), null);
  t.is(windowClosesAt(qualifiers2019, at('2019-11-26T12:00:00Z'))?.toISOString(), '2019-11-29T23:00:00.000Z');
});

const weeks: [string, string, string, string, string][] = [
  ['a winter Wednesday', STOCKHOLM, '2025-01-08T12:00:00Z', '2025-01-05T23:00:00.000Z', '2025-01-12T23:00:00.000Z'],
  ['Monday 00:00 itself', STOCKHOLM, '2025-01-05T23:00:00Z', '2025-01-05T23:00:00.000Z', '2025-01-12T23:00:00.000Z'],
  ['Sunday 23:59:59', STOCKHOLM, '2025-01-12T22:59:59Z', '2025-01-05T23:00:00.000Z', '2025-01-12T23:00:00.000Z'],
  // The week of the spring change starts in CET and the next one in CEST: it is 167 hours long.
  [
    'the spring-forward Sunday',
    STOCKHOLM,
    '2025-03-30T12:00:00Z',
    '2025-03-23T23:00:00.000Z',
    '2025-03-30T22:00:00.000Z',
  ],
  // The week of the autumn change is 169 hours long.
  ['the fall-back Sunday', STOCKHOLM, '2025-10-26T12:00:00Z', '2025-10-19T22:00:00.000Z', '2025-10-26T23:00:00.000Z'],
  ['a UTC Sunday', 'UTC', '2025-01-12T23:59:59Z', '2025-01-06T00:00:00.000Z', '2025-01-13T00:00:00.000Z'],
  [
    'New Year across a month and year',
    STOCKHOLM,
    '2025-12-31T12:00:00Z',
    '2025-12-28T23:00:00.000Z',
    '2026-01-04T23:00:00.000Z',
  ],
];
for (const [what, zone, now, start, next] of weeks) {
  test(`weekStart and nextWeekStart on ${what}`, (t) => {
    t.is(weekStart(at(now), zone).toISOString(), start);
    t.is(nextWeekStart(at(now), zone).toISOString(), next);
  });
}

// --- Season fields as operators edit them ---

const weekTimes: [string, number][] = [
  ['Mon 00:00', 0],
  ['Sat 00:00', 7200],
  ['sat 18:30', 5 * 1440 + 18 * 60 + 30],
  ['Saturday 9:05', 5 * 1440 + 9 * 60 + 5],
  ['SUN 23:59', 10079],
  ['7200', 7200],
  ['10080', 10080],
];
for (const [text, minute] of weekTimes) {
  test(`parseWeekTime('${text}') is minute ${minute}`, (t) => {
    t.deepEqual(parseWeekTime(text), { ok: true, value: minute });
  });
}

test('parseWeekTime refuses other text and names the input', (t) => {
  for (const text of ['Mo 00:00', 'Mon 24:00', 'Mon 10:60', 'Funday 10:00', '10081', 'Mon', '']) {
    t.deepEqual(
      parseWeekTime(text, '--window-opens'),
      {
        ok: false,
        error: `--window-opens must be a weekday and a time such as 'Mon 00:00' or 'Sat 18:30'; got '${text}'.`,
      },
      text,
    );
  }
});

test('formatWeekMinute and describeWindow read back the stored window', (t) => {
  t.is(formatWeekMinute(0), 'Mon 00:00');
  t.is(formatWeekMinute(7200), 'Sat 00:00');
  t.is(formatWeekMinute(10079), 'Sun 23:59');
  t.is(formatWeekMinute(10080), 'Mon 00:00');
  t.is(describeWindow(0, 7200), 'Mon 00:00 to Sat 00:00');
  t.is(describeWindow(0, 10080), 'the whole week (Mon 00:00 to Mon 00:00)');
  t.is(describeWindow(8640, 60), 'Sun 00:00 to Mon 01:00 (next week)');
});

const instants: [string, string, string][] = [
  ['a date alone is 00:00 in the season zone (CET in winter)', '2019-11-25', '2019-11-24T23:00:00.000Z'],
  ['a local time in summer is CEST', '2020-07-01T18:00', '2020-07-01T16:00:00.000Z'],
  ['Z is UTC', '2019-11-24T23:00:00Z', '2019-11-24T23:00:00.000Z'],
  ['an offset is applied', '2019-11-25T00:00:00+01:00', '2019-11-24T23:00:00.000Z'],
  ['a negative offset without a colon', '2019-11-24T18:00-0500', '2019-11-24T23:00:00.000Z'],
  ['seconds are kept', '2019-11-25 00:00:30', '2019-11-24T23:00:30.000Z'],
];
for (const [what, text, iso] of instants) {
  test(`parseSeasonInstant: ${what}`, (t) => {
    const parsed = parseSeasonInstant(text, 'Europe/Stockholm');
    t.true(parsed.ok);
    if (parsed.ok) t.is(parsed.value.toISOString(), iso);
  });
}

test('parseSeasonInstant refuses what is not an ISO date', (t) => {
  for (const text of ['2019-13-01', '2019-02-30', '25/11/2019', '2019-11-25T25:00', 'tomorrow', '1969-12-31']) {
    t.deepEqual(
      parseSeasonInstant(text, 'UTC', '--qualifiers-start'),
      {
        ok: false,
        error: `--qualifiers-start must be a date such as 2020-11-25, 2020-11-25T18:00 (season time zone) or 2020-11-24T23:00:00Z; got '${text}'.`,
      },
      text,
    );
  }
});

const label = (key: string) => `--${key.replace(/_/g, '-')}`;

test('applySeasonInput creates a season with the docs/decisions.md#season-and-time defaults', (t) => {
  const applied = applySeasonInput(null, {
    name: ' eCup 2020 ',
    qualifiers_start: '2019-11-25',
    qualifiers_end: '2019-12-23',
  });
  t.deepEqual(applied, {
    ok: true,
    value: {
      name: 'eCup 2020',
      product_name: 'eCup',
      qualifiers_start: at('2019-11-24T23:00:00Z'),
      qualifiers_end: at('2019-12-22T23:00:00Z'),
      time_zone: 'Europe/Stockholm',
      window_start_minute: 0,
      window_end_minute: 7200,
      finals_date: null,
      trophy_hunt_end: at('2019-12-22T23:00:00Z'),
      prizes_text: '',
      max_games_per_week: 30,
      start_countdown_at: at('2019-11-24T23:00:00Z'),
      chat_mode: 'presets',
    },
  });
});

test('applySeasonInput reads dates without a zone in the given time zone', (t) => {
  const applied = applySeasonInput(null, {
    name: 'Oslo',
    qualifiers_start: '2021-01-04',
    qualifiers_end: '2021-02-01T12:00:00Z',
    time_zone: 'UTC',
    window_opens: 'Mon 00:00',
    window_closes: 'Mon 00:00',
  });
  t.true(applied.ok);
  if (!applied.ok) return;
  t.is(applied.value.qualifiers_start.toISOString(), '2021-01-04T00:00:00.000Z');
  // Monday 00:00 to Monday 00:00 is the whole week, stored as 0 to 10080.
  t.is(applied.value.window_end_minute, 10080);
});

test('applySeasonInput requires the name and both qualifier dates for a new season', (t) => {
  t.deepEqual(applySeasonInput(null, { qualifiers_start: '2021-01-04', qualifiers_end: '2021-02-01' }, label), {
    ok: false,
    error: '--name is required.',
  });
  t.deepEqual(applySeasonInput(null, { name: 'x', qualifiers_start: '2021-01-04' }, label), {
    ok: false,
    error: '--qualifiers-end is required.',
  });
});

const base: SeasonFields = seasonDefaults({
  name: 'eCup 2020',
  qualifiers_start: at('2019-11-24T23:00:00Z'),
  qualifiers_end: at('2019-12-22T23:00:00Z'),
});

test('applySeasonInput changes only the given inputs of an existing season', (t) => {
  const applied = applySeasonInput(base, { max_games_per_week: '25', finals_date: '2020-01-11' });
  t.true(applied.ok);
  if (!applied.ok) return;
  t.deepEqual(changedSeasonFields(base, applied.value), ['finals_date', 'max_games_per_week']);
  t.is(applied.value.finals_date?.toISOString(), '2020-01-10T23:00:00.000Z');
  t.deepEqual(changedSeasonFields(base, { ...base }), []);
});

test("'none' clears the finals date and the countdown", (t) => {
  const applied = applySeasonInput(
    { ...base, finals_date: at('2020-01-10T23:00:00Z') },
    {
      finals_date: 'none',
      start_countdown_at: 'NONE',
    },
  );
  t.true(applied.ok);
  if (applied.ok) {
    t.is(applied.value.finals_date, null);
    t.is(applied.value.start_countdown_at, null);
  }
});

const refusals: [string, SeasonFields | null, Record<string, string>, string][] = [
  [
    'an unknown time zone',
    base,
    { time_zone: 'Mars/Olympus' },
    "--time-zone must be an IANA time zone such as Europe/Stockholm or UTC; got 'Mars/Olympus'.",
  ],
  [
    'qualifiers that end before they start',
    base,
    { qualifiers_end: '2019-11-01' },
    '--qualifiers-end must be after --qualifiers-start.',
  ],
  [
    'qualifiers that end when they start',
    null,
    { name: 'x', qualifiers_start: '2021-01-04', qualifiers_end: '2021-01-04' },
    '--qualifiers-end must be after --qualifiers-start.',
  ],
  [
    'a trophy hunt that ends before the qualifiers start',
    base,
    { trophy_hunt_end: '2019-11-20' },
    '--trophy-hunt-end must be after --qualifiers-start.',
  ],
  [
    'finals before the qualifiers end',
    base,
    { finals_date: '2019-12-01' },
    '--finals-date must not be before --qualifiers-end.',
  ],
  [
    'a window that closes when it opens',
    base,
    { window_opens: 'Wed 10:00', window_closes: 'Wed 10:00' },
    '--window-closes must differ from --window-opens: a window that closes when it opens is never open.',
  ],
  [
    'a weekly cap of 0',
    base,
    { max_games_per_week: '0' },
    '--max-games-per-week must be a whole number from 1 to 1000.',
  ],
  [
    'a weekly cap of 2.5',
    base,
    { max_games_per_week: '2.5' },
    '--max-games-per-week must be a whole number from 1 to 1000.',
  ],
  ['an empty name', base, { name: '  ' }, '--name must be 1 to 100 characters.'],
  [
    'a product name over 50 characters',
    base,
    { product_name: 'x'.repeat(51) },
    '--product-name must be 1 to 50 characters.',
  ],
];
for (const [what, from, input, error] of refusals) {
  test(`applySeasonInput refuses ${what}`, (t) => {
    t.deepEqual(applySeasonInput(from, input, label), { ok: false, error });
  });
}

test('validateSeason accepts the seeded shape and trims the texts', (t) => {
  const checked = validateSeason({ ...base, prizes_text: '  Winner: 36 000 FIFA points.\n' });
  t.true(checked.ok);
  if (checked.ok) t.is(checked.value.prizes_text, 'Winner: 36 000 FIFA points.');
});

test('a season is named after the July of its final: qualifiers ending in December 2019 give 2020 (docs/product.md#what-it-does), in 2026 give 2027', (t) => {
  t.is(seasonFinalYear(new Date('2019-12-23T00:00:00Z')), 2020);
  t.is(seasonFinalYear(new Date('2026-12-31T12:00:00Z')), 2027);
  t.is(seasonFinalYear(new Date('2027-01-10T00:00:00Z')), 2027);
  t.is(seasonFinalYear(new Date('2027-06-30T23:59:59Z')), 2027);
  t.is(seasonFinalYear(new Date('2027-07-01T00:00:00Z')), 2028);
});

test('applySeasonInput sets the chat mode, any case, and refuses an unknown one naming the option', (t) => {
  const base = applySeasonInput(null, {
    name: 'eCup',
    qualifiers_start: '2020-11-23',
    qualifiers_end: '2020-12-21',
  });
  if (!base.ok) return t.fail(base.error);
  t.is(base.value.chat_mode, 'presets');
  const filtered = applySeasonInput(base.value, { chat_mode: ' Filtered ' });
  t.deepEqual(filtered.ok && filtered.value.chat_mode, 'filtered');
  t.deepEqual(
    applySeasonInput(base.value, { chat_mode: 'free' }, () => '--chat-mode'),
    {
      ok: false,
      error: "--chat-mode must be one of presets, filtered, off; got 'free'.",
    },
  );
});
