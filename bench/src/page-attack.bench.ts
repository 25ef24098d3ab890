/**
 * Drawn pages under a flood of new addresses: BENCH_CONCURRENCY connections (default 50) ask for the ranking page
 * with a query string of their own on every request, while a probe on one connection asks for `/health` every
 * 10 ms, as a load balancer's check does. Goal: `/health` p99 under 50 ms during the flood, printed beside its p99
 * without it (the baseline, same probe, same process, just before).
 *
 * Two floods, each BENCH_SECONDS seconds (default 5): `/ranking?x=<unique>`, a parameter the page does not read
 * (one drawing a second serves them all), and `/ranking?search=<unique>`, one it reads (each a page of its own: at
 * most RENDER_LIMIT drawings at once, the rest get the app shell). The second flood runs again against a process
 * with RENDER_LIMIT=64, which draws nearly every request, to show what the limit keeps off `/health`. Each flood
 * prints the drawings and shell answers the process counted (`ecup_page_draws_total`).
 *
 * Seeds a demo database of BENCH_PLAYERS players (default 2,000) and starts the API as its own process on loopback
 * (as `npm run api` does: it serves the built player app, so run `npm run build:web` first). The load generator is
 * wrk (its own process) when installed.
 */
import os from 'node:os';
import { mark } from './goals.ts';
import { LOAD_GENERATOR, load, type LoadResult, type LoadTarget } from './load.ts';
import { benchDatabase, seedBenchDemo, startApiProcess } from './setup.ts';

const GOAL_P99_MS = 50;
const PROBE_PAUSE_MS = 10;

/** What a desktop browser sends for a page it navigates to. */
const PAGE_HEADERS = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
  'Accept-Language': 'en-US,en;q=0.9',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36',
};

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The process's drawn-page counter: drawings, and requests answered with the shell because it was busy. */
async function draws(url: string): Promise<{ drawn: number; shell: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const of = (answer: string) =>
    Number(new RegExp(`^ecup_page_draws_total\\{answer="${answer}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { drawn: of('drawn'), shell: of('shell') };
}

/** One flood beside the `/health` probe, both for `seconds`; the probe's figures, the flood's, and the draws counted. */
async function flood(url: string, param: string, connections: number, seconds: number) {
  const before = await draws(url);
  const attack: LoadTarget = { url, path: '/ranking', headers: PAGE_HEADERS, cacheBust: true, cacheBustName: param };
  const [pages, health] = await Promise.all([
    load(`GET /ranking?${param}=<unique>`, attack, { concurrency: connections, seconds }),
    probe(url, seconds),
  ]);
  const after = await draws(url);
  return { pages, health, drawn: after.drawn - before.drawn, shell: after.shell - before.shell };
}

function probe(url: string, seconds: number): Promise<LoadResult> {
  return load('GET /health', { url, path: '/health', pauseMs: PROBE_PAUSE_MS }, { concurrency: 1, seconds });
}

function printFlood(label: string, result: Awaited<ReturnType<typeof flood>>, baseline: LoadResult): void {
  const { pages, health } = result;
  console.log(
    `${label}: ${pages.perSecond.toFixed(0)} pages/s (p50 ${pages.p50.toFixed(1)} ms, p99 ${pages.p99.toFixed(1)} ms, ` +
      `${pages.errors} errors); ${result.drawn} drawn, ${result.shell} answered with the shell`,
  );
  console.log(
    `  /health p99 ${health.p99.toFixed(1)} ms (p50 ${health.p50.toFixed(1)}, ${health.requests} probes, ${health.errors} errors)` +
      `   baseline without the flood ${baseline.p99.toFixed(1)} ms   goal < ${GOAL_P99_MS} ms   ${mark(health.p99 < GOAL_P99_MS && health.errors === 0)}`,
  );
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_CONCURRENCY ?? 50);
  const db = await benchDatabase();
  try {
    await seedBenchDemo(db);
    console.log(`machine: ${os.cpus().length} cores, load average ${loadAverage()}`);
    console.log(
      `load: ${LOAD_GENERATOR}; flood ${connections} connections, probe 1 connection every ${PROBE_PAUSE_MS} ms`,
    );
    for (const renderLimit of ['2', '64']) {
      const api = await startApiProcess(db, { RENDER_LIMIT: renderLimit });
      try {
        const first = await fetch(`${api.url}/ranking`, { headers: PAGE_HEADERS });
        const html = await first.text();
        if (first.status !== 200 || !html.includes('id="page-data"')) {
          throw new Error(`GET /ranking answered ${first.status} without a drawn page: run npm run build:web first`);
        }
        // Warm-up at low load, so no phase pays for first compilations.
        await load(
          'warm-up',
          { url: api.url, path: '/ranking', headers: PAGE_HEADERS },
          { concurrency: 4, seconds: 1 },
        );
        console.log(`\nAPI process with RENDER_LIMIT=${renderLimit}${renderLimit === '2' ? ' (the default)' : ''}`);
        const baseline = await probe(api.url, seconds);
        console.log(
          `  baseline: /health p99 ${baseline.p99.toFixed(1)} ms (p50 ${baseline.p50.toFixed(1)}, ${baseline.requests} probes) without a flood, load average ${loadAverage()}`,
        );
        if (renderLimit === '2')
          printFlood('  ?x=<unique> (not read by the page)', await flood(api.url, 'x', connections, seconds), baseline);
        printFlood(
          '  ?search=<unique> (read by the page)',
          await flood(api.url, 'search', connections, seconds),
          baseline,
        );
      } finally {
        await api.stopAndReport();
      }
    }
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    await db.drop();
  }
}
