import test from 'ava';
import type { SeasonPayload } from '@ecup/domain';
import { seasonFacts, weekMinuteLabel } from './season-facts.ts';

const labels = {
  range: (from: string, to: string, zone: string) => `${from} to ${to} (${zone})`,
  allWeek: (zone: string) => `all week (${zone})`,
};

test('names minutes of the week in the reader’s language', (t) => {
  t.is(weekMinuteLabel(0, 'en-GB'), 'Monday 00:00');
  t.is(weekMinuteLabel(7200, 'en-GB'), 'Saturday 00:00');
  t.is(weekMinuteLabel(7200 + 90, 'sv-SE'), 'lördag 01:30');
});

test('the default window reads Monday 00:00 to Saturday 00:00 in the season’s zone', (t) => {
  const facts = seasonFacts(null, 'eCup', 'en-GB', labels);
  t.is(facts.window, 'Monday 00:00 to Saturday 00:00 (Europe/Stockholm)');
  t.is(facts.maxGamesPerWeek, 30);
});

test('a window of the whole week reads as all week, and dates are formatted for the locale', (t) => {
  const season = {
    name: 'eCup 2020',
    product_name: 'eCup',
    qualifiers_start: Date.UTC(2019, 10, 25) / 1000,
    qualifiers_end: Date.UTC(2019, 11, 23) / 1000,
    finals_date: null,
    trophy_hunt_end: Date.UTC(2019, 11, 23) / 1000,
    time_zone: 'Europe/Stockholm',
    window_start_minute: 0,
    window_end_minute: 10080,
    max_games_per_week: 25,
  } as unknown as SeasonPayload;
  const facts = seasonFacts(season, 'eCup', 'en-GB', labels);
  t.is(facts.window, 'all week (Europe/Stockholm)');
  t.is(facts.qualifiersStart, '25 November 2019');
  t.is(facts.finals, null);
  t.is(facts.maxGamesPerWeek, 25);
});
