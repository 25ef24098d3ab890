/**
 * The home page under load: GET / asked for as a phone's browser asks for it (Accept: text/html, the
 * encodings and languages Chromium sends, its user agent; no cache-buster, as a browser sends none) at
 * BENCH_CONCURRENCY connections (default 50), next to a bare Koa JSON hello driven by the same load generator in the
 * same run. Goals: p99 under 100 ms and at least 0.3× the hello's requests a second.
 *
 * Seeds a demo database of BENCH_PLAYERS players (default 2,000) with their games, news and forum threads and starts
 * the API as its own process on loopback (as `npm run api` does: it serves the player app at /), then measures
 * whatever / answers — the app shell with the page's head, or the server-rendered page — without knowing which. The
 * generator is checked first (baselines.ts: the run is invalid when the bare Koa hello comes within 0.8× of a raw
 * node:http hello). Then BENCH_ROUNDS rounds (default 5) of BENCH_SECONDS seconds (default 4) each for / and for the
 * hello, interleaved (hello first in even rounds, / first in odd ones) so that the machine's load, which other work
 * changes from second to second, falls on both alike; each round's ratio is / over its own hello, and the figures
 * beside the goals are the medians of the rounds' p99 and ratio. Prints the machine's load with every round and the
 * size of the HTML answered (as sent, and decoded). A round in which / answers an error marks the run invalid.
 */
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import { KOA_HELLO_RUNNER, checkLoadGenerator, measureKoaHello } from './baselines.ts';
import { mark } from './goals.ts';
import { LOAD_GENERATOR, load, type LoadResult, type LoadTarget } from './load.ts';
import { loadOptions, withDemoApi } from './setup.ts';

const GOALS = { p99Ms: 100, ratio: 0.3 };

/** What Chromium on a phone sends for a page it navigates to (Lighthouse's mobile user agent). */
const BROWSER_HEADERS = {
  Accept:
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
  'Accept-Language': process.env.BENCH_ACCEPT_LANGUAGE ?? 'sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7',
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** One GET with the browser's headers, read as it comes off the wire (node:http does not decode it). */
function getRaw(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case undefined:
    case 'identity':
      return body;
    default:
      throw new Error(`GET / answered in ${encoding}, which this benchmark cannot decode`);
  }
}

/** Checks that / answers a page and prints what it answers: status, type, encoding and the HTML's size. */
async function describeHome(url: string): Promise<void> {
  const res = await getRaw(`${url}/`);
  const type = res.headers['content-type'] ?? '';
  if (res.status !== 200 || !type.startsWith('text/html')) {
    throw new Error(`GET / answered ${res.status} ${type}: ${res.body.toString('utf8').slice(0, 200)}`);
  }
  const encoding = res.headers['content-encoding'];
  const html = decode(res.body, encoding).toString('utf8');
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `GET / answers ${res.status} ${type}, Content-Encoding ${encoding ?? 'none'}, Cache-Control ${res.headers['cache-control'] ?? 'none'}; ` +
      `HTML ${kB(res.body.length)} as sent, ${kB(Buffer.byteLength(html))} decoded` +
      ` (<html lang="${/<html[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? '?'}">, ${html.match(/<script\b/g)?.length ?? 0} script tags)`,
  );
}

export async function run(): Promise<void> {
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  const options = { ...loadOptions(), concurrency: Number(process.env.BENCH_CONCURRENCY ?? 50) };
  await withDemoApi(async ({ api, hello }) => {
    console.log(`machine: ${os.cpus().length} cores, load average ${loadAverage()}`);
    console.log(`baseline: ${KOA_HELLO_RUNNER}`);
    console.log(`load: ${LOAD_GENERATOR}, ${options.concurrency} connections`);
    console.log(`request: GET / with ${Object.keys(BROWSER_HEADERS).join(', ')} as a phone's Chromium sends them`);
    await describeHome(api.url);
    const target: LoadTarget = { url: api.url, path: '/', headers: BROWSER_HEADERS };
    const name = 'GET / (a browser)';
    if (!(await checkLoadGenerator(hello.url, { ...options, seconds: 2 }))) return;
    // Warm-up at low load, so no round pays for first compilations and cold caches.
    const warm = { ...options, seconds: 1, concurrency: 8 };
    await measureKoaHello(hello.url, warm);
    await load(name, target, warm);

    const home: LoadResult[] = [];
    const helloRounds: LoadResult[] = [];
    console.log(
      `\n${rounds} interleaved rounds of ${options.seconds} s each` +
        `\nround  load avg   ${'GET / req/s'.padStart(11)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} err` +
        `   ${'hello req/s'.padStart(11)} ${'p99'.padStart(7)}   ratio`,
    );
    for (let round = 0; round < rounds; round++) {
      const before = os.loadavg()[0]!.toFixed(1);
      if (round % 2 === 0) {
        helloRounds.push(await measureKoaHello(hello.url, options));
        home.push(await load(name, target, options));
      } else {
        home.push(await load(name, target, options));
        helloRounds.push(await measureKoaHello(hello.url, options));
      }
      const [h, k] = [home[round]!, helloRounds[round]!];
      console.log(
        `${String(round + 1).padStart(5)}  ${before.padStart(8)}   ${h.perSecond.toFixed(0).padStart(11)} ${h.p50.toFixed(1).padStart(7)} ` +
          `${h.p99.toFixed(1).padStart(7)} ${String(h.errors).padStart(3)}   ${k.perSecond.toFixed(0).padStart(11)} ` +
          `${k.p99.toFixed(1).padStart(7)}   ${(h.perSecond / k.perSecond).toFixed(2)}×`,
      );
    }

    const ratios = home.map((h, i) => h.perSecond / helloRounds[i]!.perSecond);
    const p99 = median(home.map((h) => h.p99));
    const ratio = median(ratios);
    const errors = home.reduce((sum, h) => sum + h.errors, 0);
    console.log(`load average at the end ${loadAverage()}`);
    console.log(
      `GET / p99 ${p99.toFixed(1)} ms (median of ${rounds} rounds; ${Math.min(...home.map((h) => h.p99)).toFixed(1)}–` +
        `${Math.max(...home.map((h) => h.p99)).toFixed(1)})   goal < ${GOALS.p99Ms} ms   ${mark(p99 < GOALS.p99Ms)}`,
    );
    console.log(
      `GET / ${ratio.toFixed(2)}× bare Koa JSON hello (median of ${rounds} round ratios; ${Math.min(...ratios).toFixed(2)}–` +
        `${Math.max(...ratios).toFixed(2)})   goal ≥ ${GOALS.ratio}×   ${mark(ratio >= GOALS.ratio)}`,
    );
    if (errors > 0) {
      console.log(`INVALID RUN: GET / answered ${errors} errors (non-2xx/3xx or socket errors) under load`);
      process.exitCode = 1;
    }
  });
}
