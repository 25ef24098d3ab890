import type { Knex } from 'knex';
import type { HuntSeason } from '@ecup/domain';

/** The season fields the hunt reads (db/migrations/20260101000001_countries_seasons.ts). */
export interface TrophySeason extends HuntSeason {
  id: number;
  active: boolean;
}

export const SEASON_COLUMNS = ['id', 'time_zone', 'qualifiers_start', 'trophy_hunt_end', 'active'] as const;

export function seasonOf(raw: Record<string, unknown>): TrophySeason {
  return {
    id: Number(raw.id),
    time_zone: String(raw.time_zone),
    qualifiers_start: new Date(raw.qualifiers_start as Date),
    trophy_hunt_end: new Date(raw.trophy_hunt_end as Date),
    active: Boolean(raw.active),
  };
}

/** One season, or null. */
export async function loadTrophySeason(knex: Knex, seasonId: number): Promise<TrophySeason | null> {
  const raw = (await knex('seasons').where('id', seasonId).first(SEASON_COLUMNS)) as
    Record<string, unknown> | undefined;
  return raw ? seasonOf(raw) : null;
}

export type TrophyStateName = 'pool' | 'held' | 'secured';

/** A `trophies` row (db/migrations/20260101000007_trophies.ts, 20260101000011_trophy_reversal.ts). */
export interface TrophyRow {
  id: number;
  pool_id: number;
  state: TrophyStateName;
  holder_user_id: number | null;
  wins: number;
  taken_at: Date | null;
  expires_at: Date | null;
  secured_at: Date | null;
  last_move_id: number | null;
}

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as Date));

export function trophyRowOf(raw: Record<string, unknown>): TrophyRow {
  return {
    id: Number(raw.id),
    pool_id: Number(raw.pool_id),
    state: raw.state as TrophyStateName,
    holder_user_id: idOrNull(raw.holder_user_id),
    wins: Number(raw.wins),
    taken_at: dateOrNull(raw.taken_at),
    expires_at: dateOrNull(raw.expires_at),
    secured_at: dateOrNull(raw.secured_at),
    last_move_id: idOrNull(raw.last_move_id),
  };
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
  const raw = (await trx('trophies').where('held_by', userId).forUpdate().first(TROPHY_COLUMNS)) as
    Record<string, unknown> | undefined;
  return raw ? trophyRowOf(raw) : null;
}

/** A player's unsecured-trophy counter under the player's row lock; null for no such player. */
async function lockedUnsecuredCounter(trx: Knex, userId: number): Promise<number | null> {
  const user = (await trx('users').where('id', userId).forUpdate().first('unsecured_trophies')) as
    { unsecured_trophies: number } | undefined;
  return user ? Number(user.unsecured_trophies) : null;
}

/** Trophies by id under their row locks, locked in id order. */
export async function lockTrophies(trx: Knex, ids: readonly number[]): Promise<Map<number, TrophyRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = (await trx('trophies').whereIn('id', unique).orderBy('id').forUpdate().select(TROPHY_COLUMNS)) as Record<
    string,
    unknown
  >[];
  return new Map(rows.map((raw) => [Number(raw.id), trophyRowOf(raw)]));
}
