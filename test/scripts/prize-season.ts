import { COUNTRIES, DEFAULT_TIME_ZONE } from '@ecup/domain';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** Week 1 of the prize tests' season starts Monday 24 November 2025 00:00 in Stockholm (23 November 23:00 UTC). */
export const WEEK_1 = new Date('2025-11-23T23:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

/**
 * A database with the countries and one active four-week season from WEEK_1, whose weekly window closes at
 * `windowEndMinute` (minutes after Monday 00:00): the season the prize export tests read.
 */
export async function prizeSeasonDatabase(
  label: string,
  windowEndMinute: number,
): Promise<{ db: TestDatabase; seasonId: number }> {
  const db = await createTestDatabase(label);
  await db.knex('countries').insert(COUNTRIES.map(({ id, code, name }) => ({ id, code, name })));
  const [id] = await db.knex('seasons').insert({
    name: 'Winter 2025',
    product_name: 'eCup',
    qualifiers_start: WEEK_1,
    qualifiers_end: new Date(WEEK_1.getTime() + 4 * WEEK),
    trophy_hunt_end: new Date(WEEK_1.getTime() + 4 * WEEK),
    time_zone: DEFAULT_TIME_ZONE,
    window_start_minute: 0,
    window_end_minute: windowEndMinute,
    prizes_text: '',
    active: true,
  });
  return { db, seasonId: Number(id) };
}
