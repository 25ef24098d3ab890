import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import {
  DEMO_ACCOUNTS,
  bindModels,
  createKnex,
  dropDatabase,
  ensureDatabase,
  loadConfig,
  migrateLatest,
  parseDatabaseUrl,
  seedBase,
  seedDemo,
} from '@ecup/db';
import { createDiskImageStore } from '@ecup/storage';
import { startKoaHello } from './baselines.ts';
import { processMemory, startProcess } from './process.ts';

/** Load settings shared by the benchmarks: BENCH_CONCURRENCY (32) clients for BENCH_SECONDS (4) per call. */
export function loadOptions() {
  return {
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
    seconds: Number(process.env.BENCH_SECONDS ?? 4),
  };
}

export interface BenchDatabase {
  knex: Knex;
  /** A folder for uploads and the outbox. */
  dir: string;
  /** The environment an API process needs to use this database and its own Redis prefix. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh, migrated database with the base seeds (season, countries, forum categories), removed by `drop`. */
export async function benchDatabase(pool = { min: 1, max: 20 }): Promise<BenchDatabase> {
  const base = parseDatabaseUrl(process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/ecup_bench');
  const database = `ecup_bench_${randomBytes(3).toString('hex')}`;
  const target = { ...base, database };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-bench-'));
  await ensureDatabase(target);
  const knex = createKnex(target, { pool });
  bindModels(knex);
  await migrateLatest(knex);
  await seedBase(knex, { now: new Date() });
  const env = {
    DATABASE_URL: `mysql://${base.user}@${base.host}:${base.port}/${database}`,
    REDIS_PREFIX: `ecup-bench:${randomBytes(3).toString('hex')}:`,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX: path.join(dir, 'outbox'),
  };
  loadConfig(env);
  return {
    knex,
    dir,
    env,
    async drop() {
      await knex.destroy();
      await dropDatabase(target);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the API as its own process (as `npm run api` does) on this database. */
/**
 * Seeds the demo into a bench database: BENCH_PLAYERS players (default 2,000) with their games, news and forum
 * threads, their images in the database's upload folder. Prints what it wrote and how long it took.
 */
export async function seedBenchDemo(db: BenchDatabase, options: { forumThreads?: number } = {}) {
  const started = performance.now();
  const summary = await seedDemo(db.knex, {
    now: new Date(),
    store: createDiskImageStore(path.join(db.dir, 'uploads')),
    players: Number(process.env.BENCH_PLAYERS ?? 2000),
    ...options,
  });
  console.log(
    `seeded ${summary.players} players, ${summary.games} games, ${summary.news} news articles, ${summary.forum_threads} forum threads and ${summary.forum_posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return summary;
}

export async function startApiProcess(db: BenchDatabase, extra: Record<string, string> = {}) {
  const api = await startProcess('api/src/main.ts', { ...db.env, ...extra }, 'eCup API listening');
  return {
    ...api,
    /** Prints the process's memory, then stops it. */
    async stopAndReport() {
      const memory = await processMemory(api.pid);
      console.log(`API process memory after the run: rss ${memory.rssMiB} MiB, peak ${memory.peakMiB} MiB`);
      await api.stop();
    },
  };
}

/**
 * The demo data (with `forumThreads` threads), the bare Koa hello as the baseline and the API as its own process,
 * for `measure`; stops both processes and drops the database after it, however it ends.
 */
export async function withDemoApi(
  measure: (stack: { api: ApiProcess; hello: Awaited<ReturnType<typeof startKoaHello>> }) => Promise<void>,
): Promise<void> {
  const db = await benchDatabase();
  try {
    await seedBenchDemo(db, { forumThreads: 200 });
    const hello = await startKoaHello();
    const api = await startApiProcess(db);
    try {
      await measure({ api, hello });
    } finally {
      await api.stopAndReport();
      await hello.stop();
    }
  } finally {
    await db.drop();
  }
}

type ApiProcess = Awaited<ReturnType<typeof startApiProcess>>;

/** The demo player's session pair, signed in with the password as the player app's form sends it. */
export async function signInDemoPlayer(apiUrl: string): Promise<{ id: number; token: string }> {
  const login = await fetch(`${apiUrl}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_ACCOUNTS.player.username, password: DEMO_ACCOUNTS.player.password }),
  });
  return (await login.json()) as { id: number; token: string };
}

/**
 * `count` accounts named `{prefix}{n}` (n from 1), all with the same password hash and an Elo of 800-1199, inserted
 * in one statement from MariaDB's sequence engine.
 */
export async function createAccounts(knex: Knex, prefix: string, count: number, hash: string): Promise<void> {
  await knex.raw(
    `INSERT INTO users (username, first_name, last_name, email, password_hash, console, gamer_tag, country_id,
       birth_date, team_name, fifa_team_name, terms_accepted_at, elo)
     SELECT CONCAT(?, seq), 'Bench', 'Player', CONCAT(?, seq, '@example.com'), ?, 1, CONCAT(?, seq), 0,
       '2000-01-01', 'IFK Göteborg', 'Real Madrid', NOW(), 800 + (seq * 37) % 400
     FROM seq_1_to_${count}`,
    [prefix, prefix, hash, prefix],
  );
}
