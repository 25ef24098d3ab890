import type { Knex } from 'knex';
import type { HuntSeason } from '@ecup/domain';
import type { Season } from '../../models/Season.ts';
import type { Trophy } from '../../models/Trophy.ts';

export const SEASON_COLUMNS = ['id', 'time_zone', 'qualifiers_start', 'trophy_hunt_end', 'active'] as const;

/** The season columns the hunt reads, as the driver gives them (`active` a TINYINT). */
export type SeasonColumns = Omit<Pick<Season, (typeof SEASON_COLUMNS)[number]>, 'active'> & {
  active: boolean | number;
};

/** The season fields the hunt reads (the Season model's). */
export type TrophySeason = Pick<Season, (typeof SEASON_COLUMNS)[number]> & HuntSeason;

export function seasonOf(row: SeasonColumns): TrophySeason {
  const { id, time_zone, qualifiers_start, trophy_hunt_end, active } = row;
  return { id, time_zone, qualifiers_start, trophy_hunt_end, active: Boolean(active) };
}

/** One season, or null. */
export async function loadTrophySeason(knex: Knex, seasonId: number): Promise<TrophySeason | null> {
  const row = (await knex('seasons').where('id', seasonId).first(SEASON_COLUMNS)) as SeasonColumns | undefined;
  return row ? seasonOf(row) : null;
}

const TROPHY_COLUMNS = [
  'id',
  'pool_id',
  'state',
  'holder_user_id',
  'wins',
  'taken_at',
  'expires_at',
  'secured_at',
  'last_move_id',
] as const;

/** The columns of a `trophies` row the hunt reads and writes (the Trophy model's). */
export type TrophyRow = Pick<Trophy, (typeof TROPHY_COLUMNS)[number]>;

/**
 * The unsecured trophy a player holds, under its row lock (at most one: the unique `held_by` key). The caller holds
 * the player's `users` row lock, so nothing else moves the player's trophy meanwhile. The player's counter, read
 * again under that lock (a locking read sees the latest row), says whether there is one: looking for a missing
 * `held_by` with FOR UPDATE would lock the gap around it in the unique index, and two results that each locked a
 * gap and then gave their winner a trophy inside the other's would deadlock. A caller that read the counter under
 * that lock itself (a final result locks both players' rows first) passes it and saves the read.
 */
export async function lockHeldTrophyOf(
  trx: Knex,
  userId: number,
  /** The counter, when the caller has just read it under the player's lock and not changed it since. */
  unsecured?: number,
): Promise<TrophyRow | null> {
  const counter = unsecured ?? (await lockedUnsecuredCounter(trx, userId));
  if (counter === null || counter === 0) return null;
  const row = (await trx('trophies').where('held_by', userId).forUpdate().first(TROPHY_COLUMNS)) as
    TrophyRow | undefined;
  return row ?? null;
}

/** A player's unsecured-trophy counter under the player's row lock; null for no such player. */
async function lockedUnsecuredCounter(trx: Knex, userId: number): Promise<number | null> {
  const user = (await trx('users').where('id', userId).forUpdate().first('unsecured_trophies')) as
    { unsecured_trophies: number } | undefined;
  return user ? user.unsecured_trophies : null;
}

/** Trophies by id under their row locks, locked in id order. */
export async function lockTrophies(trx: Knex, ids: readonly number[]): Promise<Map<number, TrophyRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = (await trx('trophies')
    .whereIn('id', unique)
    .orderBy('id')
    .forUpdate()
    .select(TROPHY_COLUMNS)) as TrophyRow[];
  return new Map(rows.map((row) => [row.id, row]));
}
