/**
 * The calls every visitor makes when the weekly window opens: sign-in, session check, home page data and the
 * ranking. Seeds a demo database of BENCH_PLAYERS players (default 2,000) with their games, starts the API as its
 * own process on loopback (as `npm run api` does), and measures each call at a fixed concurrency.
 */
import { DEMO_ACCOUNTS } from '@ecup/db';
import { loadGeneratorFits } from './baselines.ts';
import { load, printResults, type LoadTarget } from './load.ts';
import { benchDatabase, loadOptions, seedBenchDemo, signInDemoPlayer, startApiProcess } from './setup.ts';

export async function run(): Promise<void> {
  const db = await benchDatabase();
  try {
    await seedBenchDemo(db);
    const api = await startApiProcess(db, { TRUST_PROXY: 'on' });
    const { id, token } = await signInDemoPlayer(api.url);
    const options = loadOptions();
    if (!(await loadGeneratorFits(options))) return;
    const get = (path: string, headers: Record<string, string> = {}): LoadTarget => ({ url: api.url, path, headers });
    const results = [
      await load('GET /ranking/list (50, Elo)', get('/ranking/list?sorting=0&amount=50'), options),
      await load('GET /ranking/list (250, page 4)', get('/ranking/list?sorting=0&start=750&amount=250'), options),
      await load('GET /ranking/list?search=an', get('/ranking/list?search=an&amount=50'), options),
      await load('GET /news/latest', get('/news/latest'), options),
      await load('GET /user/auth', get('/user/auth', { Authorization: `Bearer ${id}:${token}` }), options),
      await load(
        'POST /user/login (scrypt)',
        {
          url: api.url,
          method: 'POST',
          path: '/user/login',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            username: DEMO_ACCOUNTS.player.username,
            password: DEMO_ACCOUNTS.player.password,
          }).toString(),
          ownAddress: true,
        },
        { ...options, concurrency: 1 },
      ),
    ];
    printResults(results);
    await api.stopAndReport();
  } finally {
    await db.drop();
  }
}
