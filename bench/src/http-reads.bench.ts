/**
 * Public reads against the bare Koa baseline: the ranking's first page, the home page's news and a forum
 * category's threads, each called as the player app calls it (its query, the `_` cache-buster, `Accept`, a browser's `Accept-Encoding`), at 50
 * connections, next to a bare Koa JSON hello started with the same runner, all in one run. Seeds a demo database of
 * BENCH_PLAYERS players (default 2,000) with their games, news and forum threads, starts the API as its own process
 * on loopback (as `npm run api` does), and measures each call in BENCH_SLICES one-second slices (default 8), each
 * next to a one-second slice of the hello, so that the machine's load, which other work changes from second to
 * second, falls on both alike. Prints every call's req/s and p50/p97.5/p99 next to its hello slices', the ratio
 * against the goal, and the range of the slice ratios.
 */
import {
  KOA_HELLO_RUNNER,
  checkLoadGenerator,
  measureBesideHello,
  measureKoaHello,
  printVersus,
  versus,
} from './baselines.ts';
import { LOAD_GENERATOR, load, printResults, type LoadResult, type LoadTarget } from './load.ts';
import { loadOptions, signInDemoPlayer, withDemoApi } from './setup.ts';

const HELLO = 'bare Koa JSON hello';

interface Call {
  name: string;
  goal: number | null;
  target: LoadTarget;
}

export async function run(): Promise<void> {
  const slices = Number(process.env.BENCH_SLICES ?? 8);
  const options = { ...loadOptions(), concurrency: Number(process.env.BENCH_CONCURRENCY ?? 50) };
  await withDemoApi(async ({ api, hello }) => {
    console.log(`baseline: ${KOA_HELLO_RUNNER}`);
    console.log(`load: ${LOAD_GENERATOR}, ${options.concurrency} connections`);
    const session = await signInDemoPlayer(api.url);
    // As the player app's api-client sends a GET from a browser: its query, a `_` timestamp, Accept, the
    // Accept-Encoding every browser adds (Chromium's) and, when signed in, the pair.
    const appGet = (path: string, signedIn = false): LoadTarget => ({
      url: api.url,
      path,
      cacheBust: true,
      headers: {
        Accept: 'application/json',
        'Accept-Encoding': 'gzip, deflate, br, zstd',
        ...(signedIn ? { Authorization: `Bearer ${session.id}:${session.token}` } : {}),
      },
    });
    const calls: Call[] = [
      { name: 'GET /ranking/list top 50', goal: 0.5, target: appGet('/ranking/list?sorting=0&start=0&amount=50') },
      {
        name: 'GET /ranking/list top 50, signed in',
        goal: 0.4,
        target: appGet('/ranking/list?sorting=0&start=0&amount=50', true),
      },
      { name: 'GET /news/latest (home, 4)', goal: 0.5, target: appGet('/news/latest?amount=4') },
      {
        name: 'GET /forums/threads (first 10)',
        goal: 0.5,
        target: appGet('/forums/threads?category_id=1&start=0&amount=10'),
      },
    ];
    if (!(await checkLoadGenerator(hello.url, { ...options, seconds: 2 }))) return;
    // Warm-up: every call once at low load, so no slice pays for first compilations and cold caches.
    const warm = { ...options, seconds: 1, concurrency: 8 };
    await measureKoaHello(hello.url, warm);
    for (const call of calls) {
      const first = await fetch(`${api.url}${call.target.path}`, { headers: call.target.headers });
      if (first.status !== 200) throw new Error(`${call.name} answered ${first.status}: ${await first.text()}`);
      await load(call.name, call.target, warm);
    }

    // Each call in one-second slices alternating with the hello: the machine's load falls on both alike.
    const rows: { call: LoadResult; hello: LoadResult; ratios: number[]; goal: number | null }[] = [];
    for (const call of calls) {
      rows.push({
        ...(await measureBesideHello(hello.url, call.name, call.target, options, slices, HELLO)),
        goal: call.goal,
      });
    }

    console.log(`\n${slices} one-second slices per call, each next to a one-second slice of the hello`);
    printResults(rows.flatMap((r) => [r.call, { ...r.hello, name: `  ${HELLO} (its slices)` }]));
    printVersus(
      rows.map((r) => versus(r.call.name, r.call.perSecond, r.hello.perSecond, r.goal)),
      'Koa',
    );
    for (const r of rows) {
      const sorted = [...r.ratios].sort((a, b) => a - b);
      console.log(
        `${r.call.name.padEnd(40)} slice ratios ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)}`,
      );
    }
  });
}
