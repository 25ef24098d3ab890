/**
 * The calls every visitor makes when the weekly window opens: sign-in, session check, home page data and the
 * ranking. Seeds a demo database of BENCH_PLAYERS players (default 2,000) with their games, starts the API as its
 * own process on loopback (as `npm run api` does), and measures each call at a fixed concurrency.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_ACCOUNTS,
  bindModels,
  createDiskImageStore,
  createKnex,
  dropDatabase,
  ensureDatabase,
  loadConfig,
  migrateLatest,
  parseDatabaseUrl,
  seedBase,
  seedDemo,
} from '@ecup/db';
import { load, printResults } from './load.ts';
import { processMemory, startProcess } from './process.ts';

export async function run(): Promise<void> {
  const players = Number(process.env.BENCH_PLAYERS ?? 2000);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const base = parseDatabaseUrl(process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/ecup_bench');
  const database = `ecup_bench_${randomBytes(3).toString('hex')}`;
  const target = { ...base, database };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-bench-'));
  const prefix = `ecup-bench:${randomBytes(3).toString('hex')}:`;
  await ensureDatabase(target);
  const knex = createKnex(target, { pool: { min: 2, max: 20 } });
  bindModels(knex);
  try {
    await migrateLatest(knex);
    const now = new Date();
    await seedBase(knex, { now });
    const seedStarted = performance.now();
    const summary = await seedDemo(knex, { now, store: createDiskImageStore(path.join(dir, 'uploads')), players });
    console.log(
      `seeded ${summary.players} players and ${summary.games} games in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const env = {
      DATABASE_URL: `mysql://${base.user}@${base.host}:${base.port}/${database}`,
      REDIS_PREFIX: prefix,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      TRUST_PROXY: 'on',
    };
    loadConfig(env);
    const api = await startProcess('api/src/main.ts', env, 'eCup API listening');
    const login = await fetch(`${api.url}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: DEMO_ACCOUNTS.player.username, password: DEMO_ACCOUNTS.player.password }),
    });
    const { id, token } = (await login.json()) as { id: number; token: string };
    const options = { concurrency, seconds, maxRequests: 50_000 };
    const get = (p: string) => () => fetch(`${api.url}${p}`);
    const results = [
      await load('GET /ranking/list (50, Elo)', get('/ranking/list?sorting=0&amount=50'), options),
      await load('GET /ranking/list (250, page 4)', get('/ranking/list?sorting=0&start=750&amount=250'), options),
      await load('GET /ranking/list?search=an', get('/ranking/list?search=an&amount=50'), options),
      await load('GET /news/latest', get('/news/latest'), options),
      await load(
        'GET /user/auth',
        () => fetch(`${api.url}/user/auth`, { headers: { Authorization: `Bearer ${id}:${token}` } }),
        options,
      ),
      await load(
        'POST /user/login (scrypt)',
        (i) =>
          fetch(`${api.url}/user/login`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'X-Forwarded-For': `198.18.${(i >> 8) & 255}.${i & 255}`,
            },
            body: new URLSearchParams({
              username: DEMO_ACCOUNTS.player.username,
              password: DEMO_ACCOUNTS.player.password,
            }),
          }),
        { ...options, concurrency: 8, maxRequests: 400 },
      ),
    ];
    printResults(results);
    const memory = await processMemory(api.pid);
    console.log(`API process memory after the run: rss ${memory.rssMiB} MiB, peak ${memory.peakMiB} MiB`);
    await api.stop();
  } finally {
    await knex.destroy();
    await dropDatabase(target);
    await rm(dir, { recursive: true, force: true });
  }
}
