import type { Knex } from 'knex';
import { Season } from '@ecup/db';

const CACHE_MS = 5_000;
const cache = new WeakMap<Knex, { at: number; season: Season | null }>();

/** The active season (decisions §4), cached for a few seconds per database. */
export async function currentSeason(knex: Knex, now = Date.now()): Promise<Season | null> {
  const hit = cache.get(knex);
  if (hit && now - hit.at < CACHE_MS) return hit.season;
  const season = (await Season.query(knex).where('active', true).orderBy('id', 'desc').first()) ?? null;
  cache.set(knex, { at: now, season });
  return season;
}

/** Forgets the cached season (after an operator edits it). */
export function forgetSeason(knex: Knex): void {
  cache.delete(knex);
}

export const DEFAULT_PRODUCT_NAME = 'eCup';
