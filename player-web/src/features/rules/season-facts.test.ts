import test from 'ava';
import type { SeasonPayload } from '@ecup/domain';
import { playWindow, seasonFacts, weekMinuteLabel } from './season-facts.ts';

test('names minutes of the week in the reader’s language', (t) => {
  t.is(weekMinuteLabel(0, 'en-GB'), 'Monday 00:00');
  t.is(weekMinuteLabel(7200, 'en-GB'), 'Saturday 00:00');
  t.is(weekMinuteLabel(7200 + 90, 'sv-SE'), 'lördag 01:30');
  t.is(weekMinuteLabel(10080, 'en-GB'), 'Monday 00:00');
});

test('the default window runs Monday 00:00 to Saturday 00:00 in the season’s zone, named in the reader’s language', (t) => {
  const facts = seasonFacts(null, 'eCup', 'en-GB');
  t.deepEqual(facts.window, {
    kind: 'span',
    from: { day: 'Monday', time: '00:00' },
    to: { day: 'Saturday', time: '00:00' },
    toNextWeek: false,
    zone: 'Central European Time',
  });
  t.is(facts.maxGamesPerWeek, 30);
  t.like(seasonFacts(null, 'eCup', 'sv-SE').window, { from: { day: 'måndag' }, zone: 'centraleuropeisk tid' });
});

test('tells every kind of window apart: all week, never, within a day, over the week’s end, back to the same weekday', (t) => {
  const en = (start: number, end: number) => playWindow(start, end, 'Europe/Stockholm', 'en-GB');
  t.deepEqual(en(0, 10080), { kind: 'allWeek' });
  t.deepEqual(en(0, 0), { kind: 'never' });
  t.deepEqual(en(600, 600), { kind: 'never' });
  t.deepEqual(en(10080, 0), { kind: 'never' });
  t.deepEqual(en(7200 + 600, 7200 + 1110), {
    kind: 'sameDay',
    day: 'Saturday',
    from: '10:00',
    to: '18:30',
    zone: 'Central European Time',
  });
  t.like(en(4 * 1440 + 1080, 360), {
    kind: 'span',
    from: { day: 'Friday', time: '18:00' },
    to: { day: 'Monday', time: '06:00' },
    toNextWeek: false,
  });
  t.like(en(7200, 10080), { kind: 'span', to: { day: 'Monday', time: '00:00' }, toNextWeek: false });
  t.like(en(1080, 360), { kind: 'span', from: { day: 'Monday' }, to: { day: 'Monday' }, toNextWeek: true });
  t.like(en(1080, 1440 + 360), { kind: 'span', to: { day: 'Tuesday', time: '06:00' }, toNextWeek: false });
});

test('a window of the whole week reads as all week, and dates are formatted for the locale', (t) => {
  const season = {
    name: 'eCup 2027',
    product_name: 'eCup',
    qualifiers_start: Date.UTC(2026, 10, 25) / 1000,
    qualifiers_end: Date.UTC(2026, 11, 23) / 1000,
    finals_date: null,
    trophy_hunt_end: Date.UTC(2026, 11, 23) / 1000,
    time_zone: 'Europe/Stockholm',
    window_start_minute: 0,
    window_end_minute: 10080,
    max_games_per_week: 25,
  } as unknown as SeasonPayload;
  const facts = seasonFacts(season, 'eCup', 'en-GB');
  t.deepEqual(facts.window, { kind: 'allWeek' });
  t.is(facts.qualifiersStart, '25 November 2026');
  t.is(facts.finals, null);
  t.is(facts.maxGamesPerWeek, 25);
});
