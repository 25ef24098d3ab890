import test from 'ava';
import { createShiftableClock } from './clock.ts';

test('a shiftable clock follows its source and keeps its offset when moved or set', (t) => {
  let source = 1_000_000;
  const clock = createShiftableClock(() => source);
  t.is(clock.now().getTime(), 1_000_000);
  clock.advance(720_000);
  t.is(clock.now().getTime(), 1_720_000);
  source += 5_000;
  t.is(clock.now().getTime(), 1_725_000);
  clock.set(new Date(2_000_000));
  t.is(clock.now().getTime(), 2_000_000);
  t.is(clock.offsetMs(), 2_000_000 - source);
});
