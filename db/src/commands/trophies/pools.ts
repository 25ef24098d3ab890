import type { Knex } from 'knex';
import { TROPHY_POOL_SIZE, isHuntOpen, weekStart } from '@ecup/domain';
import type { TrophyPool } from '../../models/TrophyPool.ts';
import type { TrophySeason } from './rows.ts';

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
    const { size } = (await trx('trophy_pools').where('id', id).forUpdate().first('size')) as { size: number };
    if (size === 0) {
      await trx('trophies').insert(
        Array.from({ length: TROPHY_POOL_SIZE }, () => ({ pool_id: id, state: 'pool', updated_at: now })),
      );
      await trx('trophy_pools').where('id', id).update({ size: TROPHY_POOL_SIZE });
    }
    return id;
  });
}

/**
 * This week's pool of a season (decisions §7: a pool of 25 opens every week, Monday 00:00 in the season's zone),
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
  return (await (options.lock ? query.forUpdate() : query.forShare()).first(POOL_COLUMNS)) as PoolRow;
}

/** This week's pool of a season as this transaction's snapshot sees it (no lock), or null when none is open yet. */
export async function findTrophyPool(knex: Knex, season: TrophySeason, now: Date): Promise<PoolRow | null> {
  return findPool(knex, season.id, weekStart(now, season.time_zone));
}

/** A pool found by {@link findTrophyPool}, under its row lock (FOR UPDATE), as `ensureTrophyPool` locks it. */
export async function lockTrophyPool(knex: Knex, id: number): Promise<PoolRow> {
  return (await knex('trophy_pools').where('id', id).forUpdate().first(POOL_COLUMNS)) as PoolRow;
}

/** Trophies left in a pool (still in state 'pool'). */
export async function trophiesLeftIn(knex: Knex, poolId: number): Promise<number> {
  const [{ left }] = (await knex('trophies').where({ pool_id: poolId, state: 'pool' }).count({ left: '*' })) as [
    { left: number },
  ];
  return left;
}
