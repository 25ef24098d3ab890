import test from 'ava';
import { isWindowOpen, nextWeekStart, nextWindowOpening, weekStart, windowClosesAt, windowMinutes } from './season.ts';
import type { SeasonWindow } from './season.ts';

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
