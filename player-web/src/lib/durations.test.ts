import test from 'ava';
import { countdownParts, formatClock, secondsLeft, weeksDaysHours } from './durations.ts';

test('formatClock shows mm:ss, and h:mm:ss from one hour on', (t) => {
  t.is(formatClock(0), '00:00');
  t.is(formatClock(59_999), '00:59');
  t.is(formatClock(61_000), '01:01');
  t.is(formatClock(12 * 60_000), '12:00');
  t.is(formatClock(3_600_000 + 5_000), '1:00:05');
  t.is(formatClock(-5_000), '00:00');
});

test('formatClock rounds a countdown up, so it shows 00:00 only at the end', (t) => {
  t.is(formatClock(100, 'ceil'), '00:01');
  t.is(formatClock(0, 'ceil'), '00:00');
  t.is(formatClock(719_001, 'ceil'), '12:00');
  t.is(formatClock(100, 'floor'), '00:00');
});

test('secondsLeft rounds up and stops at 0', (t) => {
  t.is(secondsLeft(30_000, 0), 30);
  t.is(secondsLeft(30_000, 1), 30);
  t.is(secondsLeft(30_000, 29_001), 1);
  t.is(secondsLeft(30_000, 30_000), 0);
  t.is(secondsLeft(30_000, 32_500), 0);
});

test('weeksDaysHours splits the time to the start into weeks, days and hours, hours rounded up', (t) => {
  const hour = 3_600_000;
  t.deepEqual(weeksDaysHours(2 * 168 * hour + 3 * 24 * hour + 4 * hour), { weeks: 2, days: 3, hours: 4 });
  t.deepEqual(weeksDaysHours(1), { weeks: 0, days: 0, hours: 1 });
  t.deepEqual(weeksDaysHours(24 * hour), { weeks: 0, days: 1, hours: 0 });
  t.deepEqual(weeksDaysHours(24 * hour + 1), { weeks: 0, days: 1, hours: 1 });
  t.deepEqual(weeksDaysHours(168 * hour - 1), { weeks: 1, days: 0, hours: 0 });
  t.is(weeksDaysHours(0), null);
  t.is(weeksDaysHours(-1), null);
  t.is(weeksDaysHours(Number.NaN), null);
});

test('countdownParts splits a countdown into weeks, days, hours, minutes and seconds, seconds rounded up', (t) => {
  const second = 1_000;
  const week = 7 * 24 * 3_600 * second;
  t.deepEqual(countdownParts(2 * week + 3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6 * second), {
    weeks: 2,
    days: 3,
    hours: 4,
    minutes: 5,
    seconds: 6,
  });
  t.deepEqual(countdownParts(1), { weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 1 });
  t.deepEqual(countdownParts(59_001), { weeks: 0, days: 0, hours: 0, minutes: 1, seconds: 0 });
  t.deepEqual(countdownParts(2 * 86_400_000), { weeks: 0, days: 2, hours: 0, minutes: 0, seconds: 0 });
  t.deepEqual(countdownParts(week - 1), { weeks: 1, days: 0, hours: 0, minutes: 0, seconds: 0 });
  const zero = { weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };
  t.deepEqual(countdownParts(0), zero);
  t.deepEqual(countdownParts(-5_000), zero);
  t.deepEqual(countdownParts(Number.NaN), zero);
});
