/**
 * The baselines the issue 10 goals are stated against, measured in the same run as the product so the machine's
 * load that day counts for both: a bare Koa JSON hello for HTTP reads, and a raw mysql2 transaction that locks and
 * updates two user rows for the final-result transaction.
 */
import type { Pool, PoolConnection } from 'mysql2/promise';
import { load, type LoadResult } from './load.ts';
import { startProcess } from './process.ts';

/** How the baseline server runs: the API's own runner (api/src/main.ts is started the same way). */
export const KOA_HELLO_RUNNER = 'node --import tsx bench/src/koa-hello.ts, the runner the API process uses';

/** Starts the bare Koa JSON hello (bench/src/koa-hello.ts) as its own process on loopback. */
export function startKoaHello() {
  return startProcess('bench/src/koa-hello.ts', {}, 'Koa hello listening');
}

/** Measures the Koa hello with the same load settings (concurrency, duration, request cap) as the calls it bounds. */
export function measureKoaHello(
  url: string,
  options: Parameters<typeof load>[2],
  name = 'bare Koa JSON hello',
): Promise<LoadResult> {
  return load(name, () => fetch(`${url}/?_=${Date.now()}`, { headers: { Accept: 'application/json' } }), options);
}

/** One figure against its goal: `ratio` = figure / baseline, and whether it reaches `goal` times the baseline. */
export interface Versus {
  name: string;
  ratio: number;
  /** Null for a figure shown for comparison only. */
  goal: number | null;
}

export function versus(name: string, figure: number, baseline: number, goal: number | null): Versus {
  return { name, ratio: baseline > 0 ? figure / baseline : 0, goal };
}

/** One line per figure: its ratio to the baseline, the goal and PASS or MISS. */
export function printVersus(rows: Versus[], baselineName: string): void {
  for (const row of rows) {
    const verdict =
      row.goal === null ? '(no goal)' : `goal ≥ ${row.goal}×   ${row.ratio >= row.goal ? 'PASS' : 'MISS'}`;
    console.log(`${row.name.padEnd(40)} ${row.ratio.toFixed(2)}× ${baselineName}   ${verdict}`);
  }
}

/**
 * The raw transaction the final result is compared with: lock two users' rows in id order (`SELECT … FOR UPDATE`),
 * update both, commit. Plain mysql2 on its own pool, no knex.
 */
export async function rawTwoRowLock(pool: Pool, userA: number, userB: number): Promise<void> {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  const connection: PoolConnection = await pool.getConnection();
  try {
    await connection.query('START TRANSACTION');
    await connection.query('SELECT id, elo, games_played FROM users WHERE id IN (?, ?) ORDER BY id FOR UPDATE', [
      low,
      high,
    ]);
    await connection.query('UPDATE users SET elo = elo + 1, games_played = games_played + 1 WHERE id = ?', [low]);
    await connection.query('UPDATE users SET elo = elo - 1, games_played = games_played + 1 WHERE id = ?', [high]);
    await connection.query('COMMIT');
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}
