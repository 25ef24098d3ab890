import type { Knex } from 'knex';
import { TROPHY_POOL_SIZE, isHuntOpen, weekStart, type HuntSeason } from '@ecup/domain';
import type { Season } from '../models/Season.ts';
import type { Trophy } from '../models/Trophy.ts';
import type { TrophyPool } from '../models/TrophyPool.ts';

/*
 * The trophy hunt's rows (docs/decisions.md#trophy-hunt) as the results, the sweeps and the hunt's pages read them: the season's hunt
 * columns, a week's pool (opened on first need, by a read too) and trophies under their row locks.
 */

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
  const user = await trx('users').where('id', userId).forUpdate().first('unsecured_trophies');
  return user ? user.unsecured_trophies : null;
}

/** Trophies by id under their row locks, locked in id order. */
export async function lockTrophies(trx: Knex, ids: readonly number[]): Promise<Map<number, TrophyRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = await trx('trophies')
    .whereIn('id', unique)
    .orderBy('id')
    .forUpdate()
    .select(...TROPHY_COLUMNS);
  return new Map(rows.map((row) => [row.id, row]));
}

const POOL_COLUMNS = ['id', 'season_id', 'week_start', 'size'] as const;

/** A `trophy_pools` row: the pool of one season's week, opened with `size` trophies (the TrophyPool model's). */
export type PoolRow = Pick<TrophyPool, (typeof POOL_COLUMNS)[number]>;

/** A pool by its week, with a plain read (no lock; inside a transaction, as of its snapshot). */
async function findPool(knex: Knex, seasonId: number, week: Date): Promise<PoolRow | null> {
  const pool = (await knex('trophy_pools').where({ season_id: seasonId, week_start: week }).first(POOL_COLUMNS)) as
    PoolRow | undefined;
  return pool ?? null;
}

/**
 * Opens a week's pool once, in one transaction (a savepoint inside the caller's), and answers its id. The row is
 * upserted with size 0 (an upsert that finds the week's row locks it exclusively, through the primary key too, and
 * hands back its id; racers queue on it, and none holds a shared lock it would later have to upgrade, the classic
 * deadlock of INSERT IGNORE), then read again under that lock and filled with its trophies only while its size is
 * still 0. Two workers, or a worker and API processes, racing for the same week make one pool of 25.
 */
async function createPool(knex: Knex, seasonId: number, week: Date, now: Date): Promise<number> {
  return knex.transaction(async (trx) => {
    const [result] = (await trx.raw(
      'INSERT INTO trophy_pools (season_id, week_start, size, created_at) VALUES (?, ?, 0, ?) ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id)',
      [seasonId, week, now],
    )) as [{ insertId: number }];
    const id = result.insertId;
    // The row the upsert just wrote or found, under its lock.
    const pool = await trx('trophy_pools').where('id', id).forUpdate().first('size');
    if (pool?.size === 0) {
      await trx('trophies').insert(
        Array.from({ length: TROPHY_POOL_SIZE }, () => ({ pool_id: id, state: 'pool', updated_at: now })),
      );
      await trx('trophy_pools').where('id', id).update({ size: TROPHY_POOL_SIZE });
    }
    return id;
  });
}

/**
 * This week's pool of a season (docs/decisions.md#trophy-hunt: a pool of 25 opens every week, Monday 00:00 in the season's zone),
 * created on first need by whoever comes first: a result, the stats call or the worker's reset sweep. Null outside
 * the hunt (before the qualifiers start, from the hunt's end on).
 *
 * With `lock`, the pool's row is locked (FOR UPDATE), which results take before they look for a free trophy: it
 * queues the results of one week one after the other, so two of them never claim trophies side by side (which
 * deadlocks in the pool's index) and the last trophy goes to exactly one. A pool row is locked through its primary
 * key (the creating upsert takes the week key first, then the primary key, never the other way round), so no two
 * transactions take the two keys in opposite orders.
 */
export async function ensureTrophyPool(
  knex: Knex,
  season: TrophySeason,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<PoolRow | null> {
  if (!isHuntOpen(season, now)) return null;
  const week = weekStart(now, season.time_zone);
  const seen = await findPool(knex, season.id, week);
  if (seen && !options.lock) return seen;
  const id = seen?.id ?? (await createPool(knex, season.id, week, now));
  const query = knex('trophy_pools').where('id', id);
  return existingPool(id, await (options.lock ? query.forUpdate() : query.forShare()).first(...POOL_COLUMNS));
}

/** A pool row read by its id, which pools are never deleted under: it is there. */
function existingPool(id: number, row: PoolRow | undefined): PoolRow {
  if (!row) throw new Error(`trophy pool ${id} is missing`);
  return row;
}

/** This week's pool of a season as this transaction's snapshot sees it (no lock), or null when none is open yet. */
export async function findTrophyPool(knex: Knex, season: TrophySeason, now: Date): Promise<PoolRow | null> {
  return findPool(knex, season.id, weekStart(now, season.time_zone));
}

/** A pool found by {@link findTrophyPool}, under its row lock (FOR UPDATE), as `ensureTrophyPool` locks it. */
export async function lockTrophyPool(knex: Knex, id: number): Promise<PoolRow> {
  return existingPool(
    id,
    await knex('trophy_pools')
      .where('id', id)
      .forUpdate()
      .first(...POOL_COLUMNS),
  );
}

/** Trophies left in a pool (still in state 'pool'). */
export async function trophiesLeftIn(knex: Knex, poolId: number): Promise<number> {
  const [{ left }] = (await knex('trophies').where({ pool_id: poolId, state: 'pool' }).count({ left: '*' })) as [
    { left: number },
  ];
  return left;
}

/** A player's held trophy as the hunt's one read gives it, with its pool's season and week. */
export type HeldTrophyRow = TrophyRow & Pick<TrophyPool, 'season_id' | 'week_start'>;

/** What a final result reads of the hunt before it decides the trophy moves (see {@link readHuntState}). */
export interface HuntState {
  /** The game's season, or null. */
  season: TrophySeason | null;
  /** The newest pool of the game's season (the caller checks that it is this week's), or null. */
  pool: PoolRow | null;
  /** Whether that pool had a trophy left when read (checked again under the pool's lock before one is taken). */
  pool_has_trophy: boolean;
  /** The players' held trophies (state 'held'), by holder. */
  held: Map<number, HeldTrophyRow>;
  /** The current season's time zone (the players' cards decide who is a minor in it), null without one. */
  current_time_zone: string | null;
}

interface HuntStateRow extends SeasonColumns {
  current_time_zone: string | null;
  p_id: number | null;
  p_season_id: number | null;
  p_week_start: Date | null;
  p_size: number | null;
  free_id: number | null;
  t_id: number | null;
  t_pool_id: number;
  t_state: TrophyRow['state'];
  t_holder_user_id: number | null;
  t_wins: number;
  t_taken_at: Date | null;
  t_expires_at: Date | null;
  t_secured_at: Date | null;
  t_last_move_id: number | null;
  t_season_id: number;
  t_week_start: Date;
}

/**
 * Everything the hunt reads for a final result, in one plain statement: the game's season, its newest pool and
 * whether a trophy is left in it, both players' held trophies with their pools, and the current season's zone. Read
 * after the players' row locks, so it is the transaction's first plain read and its snapshot is younger than those
 * locks: a player's trophy only changes under the player's lock, so it is read here as it is (the guarded writes
 * check it again). The pool and the free trophy are only a plan; a take locks them (`lockTrophyPool`).
 */
export async function readHuntState(
  knex: Knex,
  game: { season_id: number; user_1_id: number; user_2_id: number },
): Promise<HuntState> {
  const [rows = []] = await knex.raw<[HuntStateRow[]]>(
    `SELECT s.id, s.time_zone, s.qualifiers_start, s.trophy_hunt_end, s.active,
       (SELECT c.time_zone FROM seasons c WHERE c.active = 1 ORDER BY c.id DESC LIMIT 1) AS current_time_zone,
       p.id AS p_id, p.season_id AS p_season_id, p.week_start AS p_week_start, p.size AS p_size,
       (SELECT f.id FROM trophies f FORCE INDEX (trophies_pool_id_state_index)
         WHERE f.pool_id = p.id AND f.state = 'pool' LIMIT 1) AS free_id,
       t.id AS t_id, t.pool_id AS t_pool_id, t.state AS t_state, t.holder_user_id AS t_holder_user_id,
       t.wins AS t_wins, t.taken_at AS t_taken_at, t.expires_at AS t_expires_at, t.secured_at AS t_secured_at,
       t.last_move_id AS t_last_move_id, tp.season_id AS t_season_id, tp.week_start AS t_week_start
     FROM (SELECT 1 AS one) AS one
     LEFT JOIN seasons s ON s.id = ?
     LEFT JOIN trophy_pools p ON p.id = (
       SELECT n.id FROM trophy_pools n WHERE n.season_id = s.id ORDER BY n.week_start DESC LIMIT 1)
     LEFT JOIN trophies t ON t.held_by IN (?, ?)
     LEFT JOIN trophy_pools tp ON tp.id = t.pool_id`,
    [game.season_id, game.user_1_id, game.user_2_id],
  );
  const [first] = rows;
  const held = new Map<number, HeldTrophyRow>();
  for (const row of rows) {
    if (row.t_id === null || row.t_holder_user_id === null) continue;
    held.set(row.t_holder_user_id, {
      id: row.t_id,
      pool_id: row.t_pool_id,
      state: row.t_state,
      holder_user_id: row.t_holder_user_id,
      wins: row.t_wins,
      taken_at: row.t_taken_at,
      expires_at: row.t_expires_at,
      secured_at: row.t_secured_at,
      last_move_id: row.t_last_move_id,
      season_id: row.t_season_id,
      week_start: row.t_week_start,
    });
  }
  return {
    season: first && first.id !== null ? seasonOf(first) : null,
    pool:
      first && first.p_id !== null
        ? { id: first.p_id, season_id: first.p_season_id!, week_start: first.p_week_start!, size: first.p_size! }
        : null,
    pool_has_trophy: first?.free_id !== null && first?.free_id !== undefined,
    held,
    current_time_zone: first?.current_time_zone ?? null,
  };
}
