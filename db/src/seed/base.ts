import type { Knex } from 'knex';
import {
  COUNTRIES,
  DEFAULT_TIME_ZONE,
  MAX_GAMES_PER_WEEK,
  MINUTES_PER_WEEK,
  PRODUCT_NAME_DEFAULT,
  forumCategories,
  seasonFinalYear,
} from '@ecup/domain';
import { TEAMS } from '../../seeds/teams.ts';
import { findCurrentSeason } from '../queries/seasons.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How long a second process waits for a seed that another process is running (npm start on several nodes). */
const SEED_LOCK_TIMEOUT_S = 120;

/**
 * Prizes of a seeded season whose final is in July of `finalYear`, from the marketing facts of docs/product.md#what-it-does. Operators
 * rewrite it with `scripts`.
 */
export const seasonPrizesText = (finalYear: number) =>
  [
    `Winner: 36 000 FIFA points and a trip to the final in July ${finalYear}.`,
    'Second place: 24 000 FIFA points.',
    'Third place: 12 000 FIFA points.',
    'All three also win eCup apparel.',
    'Weekly round winners: 12 000 FIFA points.',
    'Coca-Cola Trophy Hunt: 12 000 FIFA points for each weekly winner.',
  ].join('\n');

/**
 * Runs `work` in one transaction while holding a MariaDB named lock, so two processes that start at the same time
 * (docs/decisions.md#shape: any number of api and worker processes) cannot both see "nothing seeded yet" and seed twice.
 * The lock is named after the database too (named locks are server-wide), taken on the transaction's own
 * connection and released only after the commit. Given a transaction
 * instead of a knex instance, the work simply runs inside it.
 */
export async function withSeedLock<T>(
  knex: Knex,
  name: string,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (knex.isTransaction) return work(knex as Knex.Transaction);
  const connection: unknown = await knex.client.acquireConnection();
  try {
    const [rows] = (await knex
      .raw("SELECT GET_LOCK(CONCAT(?, '.', DATABASE()), ?) AS got", [name, SEED_LOCK_TIMEOUT_S])
      .connection(connection)) as [{ got: number | null }[]];
    if (rows[0]?.got !== 1) throw new Error(`Another process held the seed lock ${name} for ${SEED_LOCK_TIMEOUT_S} s`);
    try {
      return await knex.transaction(work, { connection });
    } finally {
      await knex.raw("SELECT RELEASE_LOCK(CONCAT(?, '.', DATABASE()))", [name]).connection(connection);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** The season columns the seeds read. */
export interface SeedSeason {
  id: number;
  product_name: string;
  time_zone: string;
  qualifiers_start: Date;
  qualifiers_end: Date;
  window_start_minute: number;
  window_end_minute: number;
  max_games_per_week: number;
}

/** Whole seconds, because several season columns are DATETIME without fractions. */
function toSecond(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}

/**
 * The rows every installation needs (docs/product.md#screens-and-routes, docs/product.md#entities, docs/decisions.md#season-and-time): the 245 countries, the current season, the four
 * forum categories (category 1 named after the season's product) and the team names.
 *
 * The season is created only when no season is active, open at `now` so that a new user can play at once:
 * qualifiers from 14 days before `now` to 35 days after, and a weekly window of the whole week (minute 0 to
 * 10080). A real season uses the spec's Monday 00:00 to Saturday 00:00 window (minutes 0 to 7200, the column
 * defaults); operators set it with `scripts`.
 *
 * Idempotent: every row is inserted only when missing (INSERT IGNORE on the unique keys, a check for the
 * season), so a second run changes nothing and an operator's edits to the season, the categories or the teams
 * are never overwritten.
 */
export async function seedBase(knex: Knex, options: { now: Date }): Promise<{ season_id: number }> {
  return withSeedLock(knex, 'ecup_seed_base', async (trx) => {
    await trx('countries')
      .insert(COUNTRIES.map(({ id, code, name }) => ({ id, code, name })))
      .onConflict('id')
      .ignore();

    let season: Pick<SeedSeason, 'id' | 'product_name'> | undefined = (await findCurrentSeason(trx)) ?? undefined;
    if (!season) {
      const qualifiersStart = toSecond(options.now.getTime() - 14 * DAY_MS);
      const qualifiersEnd = toSecond(options.now.getTime() + 35 * DAY_MS);
      const [id] = await trx('seasons').insert({
        // Named after the year of its final (docs/product.md#what-it-does: the 2020 edition's final was in July 2020).
        name: `${PRODUCT_NAME_DEFAULT} ${seasonFinalYear(qualifiersEnd)}`,
        product_name: PRODUCT_NAME_DEFAULT,
        qualifiers_start: qualifiersStart,
        qualifiers_end: qualifiersEnd,
        time_zone: DEFAULT_TIME_ZONE,
        window_start_minute: 0,
        window_end_minute: MINUTES_PER_WEEK,
        finals_date: new Date(qualifiersEnd.getTime() + 14 * DAY_MS),
        trophy_hunt_end: qualifiersEnd,
        prizes_text: seasonPrizesText(seasonFinalYear(qualifiersEnd)),
        max_games_per_week: MAX_GAMES_PER_WEEK,
        start_countdown_at: qualifiersStart,
        active: true,
      });
      season = { id: id!, product_name: PRODUCT_NAME_DEFAULT };
    }

    await trx('forum_categories')
      .insert(
        forumCategories(season.product_name).map(({ id, slug, title, description }) => ({
          id,
          slug,
          title,
          description,
        })),
      )
      .onConflict('id')
      .ignore();

    await trx('teams')
      .insert(TEAMS.map(({ name, is_irl, is_fifa }) => ({ name, is_irl, is_fifa })))
      .onConflict('name')
      .ignore();

    return { season_id: season.id };
  });
}
