/**
 * Lighthouse on the player app (issue 10): mobile performance ≥ 95 and accessibility 100 on home, ranking, play and
 * forums. Starts the product as the README does (demo seed, so the pages have news, players and threads), launches
 * Debian's Chromium through chrome-launcher (never a downloaded browser) and runs Lighthouse's default mobile
 * configuration: a Moto G Power sized screen, simulated slow 4G and a 4× slower CPU. Lighthouse and chrome-launcher
 * are not part of the project's install: the first run installs them into bench/tools (tools.ts).
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3) and the median performance run is reported, as
 * Lighthouse's own guidance on variability advises. Printed per page: both scores against their goals, the
 * performance metrics, and every audit that lost points. LIGHTHOUSE_PAGES=home,play measures only those pages;
 * LIGHTHOUSE_SAVE=<dir> writes each median report there as JSON, to open in the Lighthouse viewer.
 *
 * Lighthouse simulates the slow phone from the tasks it observes on this machine (4× their length), so a busy
 * machine inflates Total Blocking Time: the machine's load and Lighthouse's CPU benchmark index (about 1500 or more
 * on the idle desktop its default throttling assumes) are printed with the figures, with Lighthouse's own warnings.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../../test/helpers/browser.ts';
import { startProduct } from '../../test/helpers/product.ts';
import { loadLighthouseTools, type LaunchedChrome, type Lighthouse, type LighthouseResult } from './tools.ts';

/** The pages of the issue, with their routes in player-web/src/app/router.tsx. */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'ranking', path: '/ranking' },
  { name: 'play', path: '/play' },
  { name: 'forums', path: '/forums' },
];
const GOALS = { performance: 95, accessibility: 100 };
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

type Result = LighthouseResult;

const score = (value: number | null | undefined) => (value === null || value === undefined ? NaN : value * 100);

/** The audits of a category that lost points (score below 1), with what they say. */
function failingAudits(lhr: Result, category: 'performance' | 'accessibility'): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
    if (category === 'performance' && ref.group === 'metrics') continue;
    const items = (audit.details as { items?: unknown[] } | undefined)?.items?.length;
    const detail = audit.displayValue ? ` (${audit.displayValue})` : items ? ` (${items} items)` : '';
    lines.push(`${audit.id}: ${audit.title}${detail}`);
  }
  return lines;
}

/** The nodes an accessibility audit flagged, so the fix is obvious from the bench's output. */
function failingNodes(lhr: Result): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    const items = (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)
      ?.items;
    for (const item of items?.slice(0, 5) ?? []) {
      if (item.node?.snippet) lines.push(`    ${audit.id}: ${item.node.snippet.slice(0, 160)}`);
    }
  }
  return lines;
}

async function measure(lighthouse: Lighthouse, chrome: LaunchedChrome, url: string): Promise<Result> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

export async function run(): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const { lighthouse, launch, version } = await loadLighthouseTools();
  const product = await startProduct('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `Lighthouse ${version}, ` +
        `mobile defaults, median of ${runs} run(s); goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}`,
    );
    for (const page of PAGES.filter((p) => !only || only.includes(p.name))) {
      const results: Result[] = [];
      // One unmeasured load first, so the server's own warm-up (first queries, first file reads) is not counted.
      await measure(lighthouse, chrome, `${product.url}${page.path}`);
      for (let i = 0; i < runs; i++) results.push(await measure(lighthouse, chrome, `${product.url}${page.path}`));
      results.sort((a, b) => score(a.categories.performance?.score) - score(b.categories.performance?.score));
      const lhr = results[Math.floor(results.length / 2)]!;
      const perf = score(lhr.categories.performance?.score);
      const a11y = score(lhr.categories.accessibility?.score);
      const all = results.map((r) => score(r.categories.performance?.score).toFixed(0)).join('/');
      const metrics = METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
      const benchmark = lhr.environment.benchmarkIndex.toFixed(0);
      console.log(
        `${page.path.padEnd(9)} performance ${perf.toFixed(0)} ${perf >= GOALS.performance ? 'ok' : 'MISSED'} (runs ${all})` +
          `, accessibility ${a11y.toFixed(0)} ${a11y >= GOALS.accessibility ? 'ok' : 'MISSED'}; ${metrics}; CPU index ${benchmark}`,
      );
      for (const line of failingAudits(lhr, 'performance')) console.log(`  perf: ${line}`);
      for (const line of failingAudits(lhr, 'accessibility')) console.log(`  a11y: ${line}`);
      for (const line of failingNodes(lhr)) console.log(line);
      for (const warning of lhr.runWarnings) console.log(`  warning: ${warning.replace(/\s+/g, ' ').slice(0, 200)}`);
      const save = process.env.LIGHTHOUSE_SAVE;
      if (save) {
        await mkdir(save, { recursive: true });
        await writeFile(path.join(save, `${page.name}.json`), JSON.stringify(lhr));
      }
    }
  } finally {
    chrome.kill();
    await product.stop();
  }
}
