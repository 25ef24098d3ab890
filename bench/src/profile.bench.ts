/**
 * A player's page: how soon /player/{username} shows its content in Chromium, cold (a new browser context:
 * empty HTTP cache, no service worker) and warm (the same context again: cache and service worker in place), median
 * of BENCH_RUNS loads (default 9) at 1280 px, printed beside the home page's measured the same way; then
 * GET /players/get (the page's one API read) at 50 connections from the bench's own load generator, in one-second
 * slices next to the same run's bare Koa JSON hello, as the other HTTP benches print it.
 *
 * "Content visible" is the page's own clock (performance.now(), from the navigation's start) when the content is
 * in the document: the profile's Elo and rank, the home page's news and ten ranking rows.
 */
import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import type { RankingListResponse } from '@ecup/domain';
import { launchBrowser } from '../../harness/src/browser.ts';
import { startProduct } from '../../harness/src/product.ts';
import {
  KOA_HELLO_RUNNER,
  checkLoadGenerator,
  measureBesideHello,
  printVersus,
  startKoaHello,
  versus,
} from './baselines.ts';
import { percentile } from './goals.ts';
import { LOAD_GENERATOR, load, printResults, type LoadTarget } from './load.ts';
import { benchDatabase, loadOptions, seedBenchDemo, startApiProcess } from './setup.ts';

const HELLO = 'bare Koa JSON hello';

interface Screen {
  name: string;
  path: string;
  /** The screen's content: at least `count` elements matching each selector. */
  ready: { selector: string; count: number }[];
}

/** Milliseconds from the navigation's start to the screen's content, by the page's own clock. */
async function timeToContent(page: Page, url: string, ready: Screen['ready']): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (wanted) =>
      wanted.every((one) => document.querySelectorAll(one.selector).length >= one.count) ? performance.now() : 0,
    ready,
    { polling: 'raf', timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

/** `runs` cold loads (each in a new context) and `runs` warm loads (a second load in that context). */
async function measureScreen(browser: Browser, base: string, screen: Screen, runs: number) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      cold.push(await timeToContent(page, `${base}${screen.path}`, screen.ready));
      // The service worker takes over once installed; the warm load is the next visit.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      warm.push(await timeToContent(page, `${base}${screen.path}`, screen.ready));
    } finally {
      await context.close();
    }
  }
  return { cold, warm };
}

const ms = (values: number[]) =>
  `${percentile(values, 0.5).toFixed(0)} ms (p95 ${percentile(values, 0.95).toFixed(0)})`;

async function pageLoads(runs: number): Promise<void> {
  const product = await startProduct('profilebench');
  const browser = await launchBrowser();
  try {
    const answer = await fetch(`${product.url}/ranking/list?sorting=0&start=0&amount=1`);
    const username = ((await answer.json()) as RankingListResponse).rankings[0]!.username;
    const screens: Screen[] = [
      {
        name: 'home /',
        path: '/',
        ready: [
          { selector: 'main article', count: 1 },
          { selector: 'tbody tr', count: 10 },
        ],
      },
      {
        name: `profile /player/${username}`,
        path: `/player/${encodeURIComponent(username)}`,
        ready: [
          { selector: '[data-elo]', count: 1 },
          { selector: '[data-rank]', count: 1 },
        ],
      },
    ];
    // One unmeasured visit of each, so the server's own warm-up (first queries, first file reads) is not counted.
    await measureScreen(browser, product.url, screens[0]!, 1);
    await measureScreen(browser, product.url, screens[1]!, 1);
    console.log(
      `Chromium ${browser.version()} at 1280 px, ${runs} cold and ${runs} warm loads each, the product from npm start`,
    );
    const results = [];
    for (const screen of screens)
      results.push({ screen, ...(await measureScreen(browser, product.url, screen, runs)) });
    for (const { screen, cold, warm } of results) {
      console.log(`${screen.name.padEnd(36)} content visible: cold ${ms(cold)}, warm ${ms(warm)}`);
    }
    const [home, profile] = results;
    console.log(
      `profile against home (baseline), medians: cold ${(percentile(profile!.cold, 0.5) / percentile(home!.cold, 0.5)).toFixed(2)}×, ` +
        `warm ${(percentile(profile!.warm, 0.5) / percentile(home!.warm, 0.5)).toFixed(2)}×`,
    );
  } finally {
    await browser.close();
    await product.stop();
  }
}

async function profileRead(slices: number): Promise<void> {
  const options = { ...loadOptions(), concurrency: Number(process.env.BENCH_CONCURRENCY ?? 50) };
  const db = await benchDatabase();
  try {
    await seedBenchDemo(db);
    const [row] = await db
      .knex('users')
      .where('games_played', '>', 0)
      .orderBy('elo', 'desc')
      .limit(1)
      .select('username');
    const hello = await startKoaHello();
    const api = await startApiProcess(db);
    try {
      console.log(`\nbaseline: ${KOA_HELLO_RUNNER}`);
      console.log(`load: ${LOAD_GENERATOR}, ${options.concurrency} connections`);
      const name = 'GET /players/get (a ranked player)';
      const target: LoadTarget = {
        url: api.url,
        path: `/players/get?username=${encodeURIComponent(row!.username)}`,
        cacheBust: true,
        headers: { Accept: 'application/json' },
      };
      const first = await fetch(`${api.url}${target.path}`, { headers: target.headers });
      if (first.status !== 200) throw new Error(`${name} answered ${first.status}: ${await first.text()}`);
      if (!(await checkLoadGenerator(hello.url, { ...options, seconds: 2 }))) return;
      await load(name, target, { ...options, seconds: 1, concurrency: 8 });
      const measured = await measureBesideHello(hello.url, name, target, options, slices, HELLO);
      console.log(`\n${slices} one-second slices, each next to a one-second slice of the hello`);
      printResults([measured.call, { ...measured.hello, name: `  ${HELLO} (its slices)` }]);
      printVersus([versus(name, measured.call.perSecond, measured.hello.perSecond, null)], 'Koa');
      const sorted = [...measured.ratios].sort((a, b) => a - b);
      console.log(
        `${name.padEnd(40)} slice ratios ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)}`,
      );
    } finally {
      await api.stopAndReport();
      await hello.stop();
    }
  } finally {
    await db.drop();
  }
}

export async function run(): Promise<void> {
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (figures measured with other work on the machine when the load is above 1)`,
  );
  await pageLoads(Number(process.env.BENCH_RUNS ?? 9));
  await profileRead(Number(process.env.BENCH_SLICES ?? 8));
}
