/**
 * The baselines the performance goals are stated against, measured in the same run as the product so the machine's
 * load that day counts for both: a bare Koa JSON hello for HTTP reads, and a raw mysql2 transaction that locks and
 * updates two user rows for the final-result transaction.
 */
import type { Pool, PoolConnection } from 'mysql2/promise';
import {
  LOAD_GENERATOR,
  combineSlices,
  load,
  printResults,
  type LoadOptions,
  type LoadResult,
  type LoadTarget,
} from './load.ts';
import { startProcess } from './process.ts';

/** How the baseline server runs: the API's own runner (api/src/main.ts is started the same way). */
export const KOA_HELLO_RUNNER = 'node --import tsx bench/src/koa-hello.ts, the runner the API process uses';

/** Starts the bare Koa JSON hello (bench/src/koa-hello.ts) as its own process on loopback. */
export function startKoaHello() {
  return startProcess('bench/src/koa-hello.ts', {}, 'Koa hello listening');
}

/** Starts the raw `node:http` JSON hello (bench/src/node-hello.ts) as its own process on loopback. */
export function startNodeHello() {
  return startProcess('bench/src/node-hello.ts', {}, 'node:http hello listening');
}

/** A hello called as the player app calls the API: `Accept` and a `_` cache-buster. */
function helloTarget(url: string): LoadTarget {
  return { url, path: '/', headers: { Accept: 'application/json' }, cacheBust: true };
}

/** Measures the Koa hello with the same load settings (concurrency, duration) as the calls it bounds. */
export function measureKoaHello(url: string, options: LoadOptions, name = 'bare Koa JSON hello'): Promise<LoadResult> {
  return load(name, helloTarget(url), options);
}

/**
 * On a server-bound stack the bare Koa hello reaches about 0.55 of a raw `node:http` hello; when it comes closer
 * than this, the two were held back by the load generator rather than by the servers, and no ratio of the run
 * says anything about the product.
 */
export const GENERATOR_CHECK_MAX = 0.8;

/** Starts the bare Koa hello only to check the load generator at `options` (checkLoadGenerator), then stops it. */
export async function loadGeneratorFits(options: LoadOptions): Promise<boolean> {
  const hello = await startKoaHello();
  try {
    return await checkLoadGenerator(hello.url, options);
  } finally {
    await hello.stop();
  }
}

/**
 * Checks the load generator before a run's figures: measures the raw `node:http` hello and the bare Koa hello at
 * `options` in two interleaved rounds, prints both, and when Koa reaches more than GENERATOR_CHECK_MAX of raw
 * `node:http` prints that the load generator is the bottleneck and marks the run failed (exit code 1).
 */
export async function checkLoadGenerator(koaUrl: string, options: LoadOptions): Promise<boolean> {
  const raw = await startNodeHello();
  try {
    const rawRounds: LoadResult[] = [];
    const koaRounds: LoadResult[] = [];
    for (let round = 0; round < 2; round++) {
      const measureRaw = async () =>
        rawRounds.push(await load('raw node:http JSON hello', helloTarget(raw.url), options));
      const measureKoa = async () => koaRounds.push(await measureKoaHello(koaUrl, options));
      if (round % 2 === 0) {
        await measureRaw();
        await measureKoa();
      } else {
        await measureKoa();
        await measureRaw();
      }
    }
    const best = (rounds: LoadResult[]) => rounds.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const [rawBest, koaBest] = [best(rawRounds), best(koaRounds)];
    console.log(`load generator check (${LOAD_GENERATOR}, ${options.concurrency} connections):`);
    printResults([rawBest, koaBest]);
    const ratio = koaBest.perSecond / rawBest.perSecond;
    if (ratio > GENERATOR_CHECK_MAX) {
      console.log(
        `INVALID RUN: bare Koa reached ${ratio.toFixed(2)}× raw node:http (over ${GENERATOR_CHECK_MAX}×): the load generator is the bottleneck`,
      );
      process.exitCode = 1;
      return false;
    }
    console.log(`bare Koa ${ratio.toFixed(2)}× raw node:http: the servers, not the generator, set the pace`);
    return true;
  } finally {
    await raw.stop();
  }
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

/**
 * One call measured in `slices` one-second slices alternating with slices of the bare Koa hello (hello first, then
 * the call first, and so on): the machine's load, which other work changes from second to second, falls on both
 * alike. Answers both added up and each slice's ratio of the call's req/s to the hello's.
 */
export async function measureBesideHello(
  helloUrl: string,
  name: string,
  target: LoadTarget,
  options: LoadOptions,
  slices: number,
  helloName = 'bare Koa JSON hello',
): Promise<{ call: LoadResult; hello: LoadResult; ratios: number[] }> {
  const slice = { ...options, seconds: 1 };
  const callSlices: LoadResult[] = [];
  const helloSlices: LoadResult[] = [];
  for (let i = 0; i < slices; i++) {
    if (i % 2 === 0) {
      helloSlices.push(await measureKoaHello(helloUrl, slice, helloName));
      callSlices.push(await load(name, target, slice));
    } else {
      callSlices.push(await load(name, target, slice));
      helloSlices.push(await measureKoaHello(helloUrl, slice, helloName));
    }
  }
  return {
    call: combineSlices(callSlices),
    hello: combineSlices(helloSlices),
    ratios: callSlices.map((c, i) => c.perSecond / helloSlices[i]!.perSecond),
  };
}
