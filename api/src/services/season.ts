import type { Knex } from 'knex';
import { findCurrentSeason, type SeasonRecord } from '@ecup/db';
import { DEFAULT_TIME_ZONE } from '@ecup/domain';

const CACHE_MS = 5_000;
const cache = new WeakMap<Knex, { at: number; season: SeasonRecord | null }>();

/** The current season (the db's `findCurrentSeason`), cached for a few seconds per database. */
export async function currentSeason(knex: Knex, now = Date.now()): Promise<SeasonRecord | null> {
  const hit = cache.get(knex);
  if (hit && now - hit.at < CACHE_MS) return hit.season;
  const season = await findCurrentSeason(knex);
  cache.set(knex, { at: now, season });
  return season;
}

/** Forgets the cached season (after an operator edits it). */
export function forgetSeason(knex: Knex): void {
  cache.delete(knex);
}

export const DEFAULT_PRODUCT_NAME = 'eCup';

/** The current season's time zone, which decides when a birthday counts; the default before a season exists. */
export async function seasonZone(knex: Knex): Promise<string> {
  return (await currentSeason(knex))?.time_zone ?? DEFAULT_TIME_ZONE;
}
