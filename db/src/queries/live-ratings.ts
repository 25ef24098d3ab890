import type { Knex } from 'knex';
import { findCurrentSeason } from './seasons.ts';

/**
 * The season the rating columns of `users` belong to (`live_ratings`); before any activation named one, the
 * current season (the newest active one, docs/cli.md). Null with neither.
 */
export async function liveRatingsSeasonId(knex: Knex): Promise<number | null> {
  const live = await knex('live_ratings').where('id', 1).first('season_id');
  if (live?.season_id != null) return live.season_id;
  return (await findCurrentSeason(knex))?.id ?? null;
}
