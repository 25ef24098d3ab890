/**
 * Lighthouse on the player app: mobile performance ≥ 95, accessibility, best practices and SEO
 * 100, largest contentful paint under 1.8 s and total blocking time under 150 ms on the public pages a visitor or a
 * link preview lands on: home, ranking, a news article, forums and a player's profile. Starts the product as the
 * README does (demo seed, so the pages have news, players and threads), takes the newest published article from
 * GET /news/latest and the top-ranked player from GET /ranking/list, launches Debian's Chromium through
 * chrome-launcher (never a downloaded browser) and runs Lighthouse's default mobile configuration: a Moto G Power
 * sized screen, simulated slow 4G and a 4× slower CPU. Lighthouse and chrome-launcher are not part of the project's
 * install: the first run installs them into bench/tools (tools.ts).
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3), as Lighthouse's own guidance on variability advises, and
 * each figure (every category's score, LCP, TBT) is the median of its runs, printed beside its goal with PASS or MISS
 * and the runs' values. Below it: the other performance metrics of the median performance run, and per category the
 * audits that lost points, with how many runs lost them. LIGHTHOUSE_PAGES=home,news measures only those pages;
 * LIGHTHOUSE_SAVE=<dir> writes each page's median performance report there as JSON, to open in the Lighthouse viewer.
 *
 * Lighthouse simulates the slow phone from the tasks it observes on this machine (4× their length), so a busy
 * machine inflates Total Blocking Time: the machine's load (before each page) and Lighthouse's CPU benchmark index
 * (about 1500 or more on the idle desktop its default throttling assumes) are printed with the figures, with
 * Lighthouse's own warnings.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NewsListEntry, RankingListResponse } from '@ecup/domain';
import { CHROMIUM_PATH } from '../../harness/src/browser.ts';
import { startProduct } from '../../harness/src/product.ts';
import { mark } from './goals.ts';
import { loadLighthouseTools, type LaunchedChrome, type Lighthouse, type LighthouseResult } from './tools.ts';

type Result = LighthouseResult;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** The goals: each category's least score, and the two timings' bounds in milliseconds. */
const SCORE_GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const TIMING_GOALS = [
  { id: 'largest-contentful-paint', label: 'LCP', below: 1800 },
  { id: 'total-blocking-time', label: 'TBT', below: 150 },
] as const;
/** The other metrics, printed from the median performance run. */
const OTHER_METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const score = (value: number | null | undefined) => (value === null || value === undefined ? NaN : value * 100);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The public pages measured, routes in player-web/src/app/router.tsx; the article and profile from the API. */
async function pagesOf(url: string): Promise<{ name: string; path: string }[]> {
  const getJson = async <T>(call: string): Promise<T> => {
    const res = await fetch(`${url}${call}`, { headers: { Accept: 'application/json' } });
    if (res.status !== 200) throw new Error(`GET ${call} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const [article] = await getJson<NewsListEntry[]>('/news/latest?amount=1');
  const { rankings } = await getJson<RankingListResponse>('/ranking/list?sorting=0&start=0&amount=1');
  if (!article) throw new Error('the demo seed published no news article');
  if (!rankings[0]) throw new Error('the demo seed ranked no player');
  return [
    { name: 'home', path: '/' },
    { name: 'ranking', path: '/ranking' },
    { name: 'news', path: `/news/${article.id}` },
    { name: 'forums', path: '/forums' },
    { name: 'profile', path: `/player/${encodeURIComponent(rankings[0].username)}` },
  ];
}

/**
 * The audits of a category that lost points in each run, with how many runs lost them. Performance lists its
 * opportunities and diagnostics (its metrics are printed above); the other categories their weighted audits below 1.
 */
function failingAudits(results: Result[], category: Category): string[] {
  const found = new Map<string, { runs: number; line: string }>();
  for (const lhr of results) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      if (category === 'performance' ? ref.group === 'metrics' : !ref.weight) continue;
      const items = (audit.details as { items?: unknown[] } | undefined)?.items?.length;
      const detail = audit.displayValue ? ` (${audit.displayValue})` : items ? ` (${items} items)` : '';
      const seen = found.get(audit.id);
      found.set(audit.id, { runs: (seen?.runs ?? 0) + 1, line: seen?.line ?? `${audit.id}: ${audit.title}${detail}` });
    }
  }
  return [...found.values()].map(({ runs, line }) => `${line} [${runs}/${results.length} runs]`);
}

/**
 * What the failing accessibility, best-practices and SEO audits flagged (nodes, console messages, URLs), from the
 * first run each failed in, so the fix is obvious from the output.
 */
function failingNodes(results: Result[]): string[] {
  const lines: string[] = [];
  const shown = new Set<string>();
  for (const lhr of results) {
    for (const ref of CATEGORIES.filter((c) => c !== 'performance').flatMap(
      (c) => lhr.categories[c]?.auditRefs ?? [],
    )) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || !ref.weight || shown.has(audit.id)) continue;
      shown.add(audit.id);
      const items = (
        audit.details as
          | {
              items?: {
                node?: { snippet?: string; nodeLabel?: string; explanation?: string };
                sourceLocation?: { url?: string };
                description?: string;
              }[];
            }
          | undefined
      )?.items;
      for (const item of items?.slice(0, 5) ?? []) {
        const node = item.node;
        const what = node?.snippet
          ? `${node.snippet} «${node.nodeLabel ?? ''}» ${node.explanation?.split('\n').at(-1) ?? ''}`
          : `${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`;
        lines.push(`    ${audit.id}: ${what.replace(/\s+/g, ' ').trim().slice(0, 240)}`);
      }
    }
  }
  return lines;
}

/**
 * One Lighthouse run of `url`. A run Lighthouse could not finish (now and then, on this busy machine, Chromium showed
 * its error page instead of the page: CHROME_INTERSTITIAL_ERROR) is printed with what `diagnose` finds (whether the
 * product still runs and answers the page), and tried again after a pause, up to twice; a third failure ends the
 * benchmark.
 */
async function measure(
  lighthouse: Lighthouse,
  chrome: LaunchedChrome,
  url: string,
  diagnose: () => Promise<string>,
  retries = 2,
): Promise<Result> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const failure = result.lhr.runtimeError;
  if (!failure) return result.lhr;
  const found = await diagnose();
  if (retries === 0) throw new Error(`${url}: ${failure.code} ${failure.message}; ${found}`);
  console.log(`  run failed (load average ${loadAverage()}): ${failure.code}; ${found}; trying again in 5 s`);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return measure(lighthouse, chrome, url, diagnose, retries - 1);
}

export async function run(): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const { lighthouse, launch, version } = await loadLighthouseTools();
  const product = await startProduct('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const pages = (await pagesOf(product.url)).filter((p) => !only || only.includes(p.name));
    console.log(`machine: ${os.cpus().length} cores, load average ${loadAverage()}`);
    console.log(
      `Lighthouse ${version}, mobile defaults, median of ${runs} run(s); goals: ` +
        CATEGORIES.map((c) => `${c} ${SCORE_GOALS[c] === 100 ? '100' : `≥ ${SCORE_GOALS[c]}`}`).join(', ') +
        ', ' +
        TIMING_GOALS.map((g) => `${g.label} < ${g.below} ms`).join(', '),
    );
    const verdicts: string[] = [];
    for (const page of pages) {
      const url = `${product.url}${page.path}`;
      const before = loadAverage();
      const diagnose = async () => {
        const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) })
          .then((res) => `${res.status}`)
          .catch((error: unknown) => String(error));
        const exit = product.process.child.exitCode;
        const errors = product.process
          .output()
          .split('\n')
          .filter((line) => /error|warn/i.test(line))
          .slice(-2)
          .map((line) => line.slice(0, 200));
        return `product ${exit === null ? 'running' : `exited ${exit}`}, the page answers ${answer} to a plain GET; last logged errors: ${errors.join(' | ') || 'none'}`;
      };
      // One unmeasured load first, so the server's own warm-up (first queries, first file reads) is not counted.
      await measure(lighthouse, chrome, url, diagnose);
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) results.push(await measure(lighthouse, chrome, url, diagnose));

      console.log(`\n${page.name} ${page.path} (load average before ${before}, after ${loadAverage()})`);
      let met = 0;
      const figures = [
        ...CATEGORIES.map((category) => {
          const values = results.map((r) => score(r.categories[category]?.score));
          const value = median(values);
          return {
            line: `${category.padEnd(15)} ${value.toFixed(0).padStart(6)}   goal ${SCORE_GOALS[category] === 100 ? '  100' : `≥ ${SCORE_GOALS[category]}`}`,
            pass: value >= SCORE_GOALS[category],
            runs: values.map((v) => v.toFixed(0)).join('/'),
          };
        }),
        ...TIMING_GOALS.map((goal) => {
          const values = results.map((r) => r.audits[goal.id]?.numericValue ?? NaN);
          const value = median(values);
          return {
            line: `${goal.label.padEnd(15)} ${`${value.toFixed(0)} ms`.padStart(9)}   goal < ${goal.below} ms`,
            pass: value < goal.below,
            runs: values.map((v) => v.toFixed(0)).join('/'),
          };
        }),
      ];
      for (const figure of figures) {
        if (figure.pass) met++;
        console.log(`  ${figure.line.padEnd(40)} ${mark(figure.pass)}   (runs ${figure.runs})`);
      }
      verdicts.push(`${page.name.padEnd(8)} ${met}/${figures.length} goals met`);

      const byPerformance = [...results].sort(
        (a, b) => score(a.categories.performance?.score) - score(b.categories.performance?.score),
      );
      const lhr = byPerformance[Math.floor(byPerformance.length / 2)]!;
      const metrics = OTHER_METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
      const benchmark = median(results.map((r) => r.environment.benchmarkIndex)).toFixed(0);
      console.log(`  median performance run: ${metrics}; CPU benchmark index (median) ${benchmark}`);
      for (const category of CATEGORIES) {
        for (const line of failingAudits(results, category)) console.log(`  ${category}: ${line}`);
      }
      for (const line of failingNodes(results)) console.log(line);
      const warnings = new Set(results.flatMap((r) => r.runWarnings.map((w) => w.replace(/\s+/g, ' ').slice(0, 200))));
      for (const warning of warnings) console.log(`  warning: ${warning}`);
      const save = process.env.LIGHTHOUSE_SAVE;
      if (save) {
        await mkdir(save, { recursive: true });
        await writeFile(path.join(save, `${page.name}.json`), JSON.stringify(lhr));
      }
    }
    console.log(`\nload average at the end ${loadAverage()}`);
    for (const verdict of verdicts) console.log(verdict);
  } finally {
    chrome.kill();
    await product.stop();
  }
}
