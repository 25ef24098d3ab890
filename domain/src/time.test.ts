import test from 'ava';
import { formatDateTime, isValidTimeZone, localParts, localTimeToInstant, minuteOfWeek, zoneOffsetMs } from './time.ts';

const STOCKHOLM = 'Europe/Stockholm';
const iso = (d: Date) => d.toISOString();

const instants: [string, string, [number, number, number, number], string][] = [
  ['a winter midnight', STOCKHOLM, [2025, 1, 6, 0], '2025-01-05T23:00:00.000Z'],
  ['a summer midnight', STOCKHOLM, [2025, 7, 7, 0], '2025-07-06T22:00:00.000Z'],
  ['Monday after spring-forward', STOCKHOLM, [2025, 3, 31, 0], '2025-03-30T22:00:00.000Z'],
  ['02:30 in the spring gap, moved to 03:30 CEST', STOCKHOLM, [2025, 3, 30, 150], '2025-03-30T01:30:00.000Z'],
  ['02:30 that occurs twice in autumn, the first time', STOCKHOLM, [2025, 10, 26, 150], '2025-10-26T00:30:00.000Z'],
  ['a day overflowing into the next month', STOCKHOLM, [2025, 1, 32, 0], '2025-01-31T23:00:00.000Z'],
  ['minutes overflowing into the next day', 'UTC', [2025, 1, 1, 1500], '2025-01-02T01:00:00.000Z'],
  // Chile moves its clocks at midnight: 00:00 does not exist on 8 September 2024.
  ['a midnight that does not exist (Santiago)', 'America/Santiago', [2024, 9, 8, 0], '2024-09-08T04:00:00.000Z'],
];
for (const [what, zone, [y, m, d, minute], expected] of instants) {
  test(`localTimeToInstant: ${what}`, (t) => {
    t.is(iso(localTimeToInstant(zone, y, m, d, minute)), expected);
  });
}

test('localParts gives the wall clock and a Monday-based weekday', (t) => {
  t.deepEqual(localParts(new Date('2025-03-30T01:30:00Z'), STOCKHOLM), {
    year: 2025,
    month: 3,
    day: 30,
    hour: 3,
    minute: 30,
    second: 0,
    weekday: 6,
  });
  t.is(localParts(new Date('2025-03-31T00:00:00Z'), STOCKHOLM).weekday, 0);
  t.is(localParts(new Date('2025-03-30T22:00:00Z'), STOCKHOLM).hour, 0);
});

test('zoneOffsetMs is +1 h in Stockholm winter and +2 h in summer', (t) => {
  t.is(zoneOffsetMs(new Date('2025-01-15T12:00:00Z'), STOCKHOLM), 3_600_000);
  t.is(zoneOffsetMs(new Date('2025-07-15T12:00:00Z'), STOCKHOLM), 7_200_000);
  t.is(zoneOffsetMs(new Date('2025-07-15T12:00:00.999Z'), 'UTC'), 0);
});

test('minuteOfWeek counts from Monday 00:00 local', (t) => {
  t.is(minuteOfWeek(new Date('2025-01-05T23:00:00Z'), STOCKHOLM), 0);
  t.is(minuteOfWeek(new Date('2025-01-10T23:00:00Z'), STOCKHOLM), 7200);
  t.is(minuteOfWeek(new Date('2025-01-12T22:59:00Z'), STOCKHOLM), 10079);
});

test('isValidTimeZone knows IANA names and refuses the rest', (t) => {
  t.true(isValidTimeZone(STOCKHOLM));
  t.true(isValidTimeZone('UTC'));
  t.false(isValidTimeZone('Europe/Nowhere'));
  t.false(isValidTimeZone(''));
  t.false(isValidTimeZone(42));
});

test('formatDateTime writes day, month, year and 24-hour time with the zone as people read it', (t) => {
  t.is(formatDateTime(new Date('2025-03-01T17:05:00Z'), STOCKHOLM), '1 Mar 2025, 18:05 CET');
  t.is(formatDateTime(new Date('2025-07-01T17:05:00Z'), STOCKHOLM), '1 Jul 2025, 19:05 CEST');
  t.is(formatDateTime(new Date('2025-03-01T17:05:00Z')), '1 Mar 2025, 17:05 UTC');
  t.is(formatDateTime(new Date('2026-11-26T06:34:00Z'), STOCKHOLM, 'sv-SE'), '26 nov. 2026 07:34 CET');
  t.is(formatDateTime(new Date('2026-11-26T23:04:00Z'), 'UTC'), '26 Nov 2026, 23:04 UTC', 'no AM/PM after noon');
  t.notRegex(formatDateTime(Date.UTC(2026, 0, 1), STOCKHOLM), /Europe|Stockholm/, 'never the raw IANA name');
});
