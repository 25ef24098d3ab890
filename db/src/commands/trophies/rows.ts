import type { Knex } from 'knex';
import {
  countdownSeconds,
  isCurrentPoolWeek,
  isHuntOpen,
  push,
  USER_STATS_FIELDS,
  userRoom,
  type HeldTrophyPayload,
  type HuntSeason,
  type Push,
  type UserStats,
} from '@ecup/domain';

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

/**
 * A player's unsecured trophies in play at `now` (spec §3 Trophy stats: id, wins, time_active): held, inside its
 * 2-day window, from this week's pool of a season whose hunt runs. A trophy the worker has not yet sent back (it ran
 * out a moment ago, or its week ended) is not listed.
 */
export async function heldTrophiesOf(knex: Knex, userId: number, now: Date): Promise<HeldTrophyPayload[]> {
  return (await heldTrophiesOfPlayers(knex, [userId], now)).get(userId) ?? [];
}

/** {@link heldTrophiesOf} for several players in one query, by player id (an empty list for one holding none). */
export async function heldTrophiesOfPlayers(
  knex: Knex,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, HeldTrophyPayload[]>> {
  const byPlayer = new Map(userIds.map((id) => [id, [] as HeldTrophyPayload[]]));
  if (userIds.length === 0) return byPlayer;
  const rows = (await knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .join('seasons as s', 's.id', 'p.season_id')
    .whereIn('t.held_by', [...new Set(userIds)])
    .select(
      't.held_by',
      't.id',
      't.wins',
      't.expires_at',
      'p.week_start',
      's.id as season_id',
      's.time_zone',
      's.qualifiers_start',
      's.trophy_hunt_end',
      's.active',
    )) as Record<string, unknown>[];
  const nowMs = now.getTime();
  for (const row of rows) {
    const season = seasonOf({ ...row, id: row.season_id });
    const expiresMs = new Date(row.expires_at as Date).getTime();
    if (!isHuntOpen(season, now) || expiresMs <= nowMs) continue;
    if (!isCurrentPoolWeek(new Date(row.week_start as Date), season.time_zone, now)) continue;
    byPlayer
      .get(Number(row.held_by))
      ?.push({ id: Number(row.id), wins: Number(row.wins), time_active: countdownSeconds(expiresMs - nowMs) });
  }
  return byPlayer;
}

/** A player's stats as the `stats` event carries them (spec §3 User). */
export async function userStatsOf(knex: Knex, userId: number): Promise<UserStats> {
  return statsFrom((await knex('users').where('id', userId).first(USER_STATS_FIELDS)) as Record<string, unknown>);
}

/** The stats fields of a row that has them: a `users` row, or a player card (GamePlayer) read in this transaction. */
export function statsFrom(row: Record<(typeof USER_STATS_FIELDS)[number], unknown>): UserStats {
  return Object.fromEntries(USER_STATS_FIELDS.map((field) => [field, Number(row[field])])) as unknown as UserStats;
}

/**
 * The `stats` event for one player (spec §7; spec §4: "score update events update goals, wins, losses, ties of
 * both players and trophies of the winner"): their stats and unsecured trophies as this transaction leaves them.
 * `gameId` is null when no game caused the change (a trophy expired or was reset).
 */
export async function statsPush(knex: Knex, userId: number, gameId: number | null, now: Date): Promise<Push> {
  const stats = await userStatsOf(knex, userId);
  const trophies = await heldTrophiesOf(knex, userId, now);
  return push(userRoom(userId), 'stats', { user_id: userId, game_id: gameId, stats, trophies });
}
