/**
 * The calls every visitor makes when the weekly window opens: sign-in, session check, home page data and the
 * ranking. Seeds a demo database of BENCH_PLAYERS players (default 2,000) with their games, starts the API as its
 * own process on loopback (as `npm run api` does), and measures each call at a fixed concurrency.
 */
import { DEMO_ACCOUNTS } from '@ecup/db';
import { load, printResults } from './load.ts';
import { benchDatabase, loadOptions, seedBenchDemo, startApiProcess } from './setup.ts';

export async function run(): Promise<void> {
  const db = await benchDatabase();
  try {
    await seedBenchDemo(db);
    const api = await startApiProcess(db, { TRUST_PROXY: 'on' });
    const login = await fetch(`${api.url}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: DEMO_ACCOUNTS.player.username, password: DEMO_ACCOUNTS.player.password }),
    });
    const { id, token } = (await login.json()) as { id: number; token: string };
    const options = loadOptions();
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
    await api.stopAndReport();
  } finally {
    await db.drop();
  }
}
