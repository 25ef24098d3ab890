/**
 * HTTP load for the benchmarks: every figure comes from a load generator in a process of its own, never
 * from a `fetch` loop inside the benchmark's process (whose own event loop capped the bare Koa hello at about 2,000
 * requests a second). wrk (Debian's package) when it is installed: on two cores it drives a raw `node:http` hello at
 * about 40,000 requests a second and the bare Koa hello at 0.6 of that; else autocannon (bench/tools), which tops
 * out near 20,000 here, so the generator check (baselines.ts) then finds the run held back by its generator.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChild, type BenchChild, type ChildMessage } from './child.ts';

/** What one load run calls: the same request again and again, as a client of the product would send it. */
export interface LoadTarget {
  /** The server's base URL (its origin). */
  url: string;
  method?: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Adds a `_=<now>` cache-buster to each request's query, as the player app's api-client does. */
  cacheBust?: boolean;
  /** The cache-buster's parameter name instead of `_` (each request's value is its own). */
  cacheBustName?: string;
  /** wrk only: waits this long after each answer before the connection's next request (a probe's pace). */
  pauseMs?: number;
  /** Gives each request an X-Forwarded-For address of its own (198.18.x.y), as players from many homes. */
  ownAddress?: boolean;
}

export interface LoadOptions {
  /** Keep-alive connections, each with one request in flight. */
  concurrency: number;
  seconds: number;
  /** Stop after this many requests instead of after `seconds`. */
  maxRequests?: number;
}

/** Latency figures of one endpoint under a fixed concurrency (milliseconds). */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
}

/** wrk's path when it is installed (`apt-get install -y wrk`), else null. */
const WRK = ((): string | null => {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
})();

/** The load generator this run uses, as printed beside the figures. */
export const LOAD_GENERATOR = WRK
  ? `wrk (${WRK}, 2 threads, its own process)`
  : 'autocannon (its own process; install wrk for figures the generator does not limit: apt-get install -y wrk)';

let autocannonChild: Promise<BenchChild> | null = null;

/** Stops the autocannon process, if one was started (the benchmark runner calls it at the end). */
export async function stopLoad(): Promise<void> {
  const running = autocannonChild;
  autocannonChild = null;
  if (running) await (await running).stop();
}

type Figures = { requests: number; seconds: number; errors: number; p50: number; p97_5: number; p99: number };

/** A Lua string literal (the targets are ASCII: paths, header values, form bodies). */
const lua = (text: string) => JSON.stringify(text);

/**
 * wrk's script for a target: the request as given, a per-request cache-buster and address when asked for, and a
 * last line with the figures as JSON (latencies in milliseconds; errors count non-2xx/3xx answers too).
 */
function wrkScript(target: LoadTarget): string {
  const headers = Object.entries(target.headers ?? {})
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ');
  return `
local method, path, body = ${lua(target.method ?? 'GET')}, ${lua(target.path)}, ${target.body !== undefined ? lua(target.body) : 'nil'}
local base_headers = { ${headers} }
local cache_bust, own_address = ${target.cacheBust ? 'true' : 'false'}, ${target.ownAddress ? 'true' : 'false'}
local bust_name = ${lua(target.cacheBustName ?? '_')}
local sep = string.find(path, "?", 1, true) and "&" or "?"
local thread_no, counter = 0, 0
local threads = {}
setup = function(thread)
  thread:set("thread_no", #threads + 1)
  table.insert(threads, thread)
end
init = function(args)
  thread_no = tonumber(wrk.thread:get("thread_no")) or 1
end
if cache_bust or own_address then
  request = function()
    counter = counter + 1
    local headers = {}
    for k, v in pairs(base_headers) do headers[k] = v end
    local p = path
    if cache_bust then p = path .. sep .. bust_name .. "=" .. thread_no .. "-" .. counter end
    if own_address then
      headers["X-Forwarded-For"] = "198." .. (17 + thread_no) .. "." .. (math.floor(counter / 256) % 256) .. "." .. (counter % 256)
    end
    return wrk.format(method, p, headers, body)
  end
else
  wrk.method, wrk.path, wrk.body = method, path, body
  for k, v in pairs(base_headers) do wrk.headers[k] = v end
end
${target.pauseMs !== undefined ? `delay = function() return ${Math.round(target.pauseMs)} end` : ''}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK-FIGURES {"requests":%d,"seconds":%f,"errors":%d,"p50":%f,"p97_5":%f,"p99":%f}\\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(97.5) / 1000, latency:percentile(99) / 1000))
end
`;
}

/** One wrk run (2 threads, or 1 for one connection; its own process). wrk has no request cap: `maxRequests` is left to the duration. */
async function runWrk(target: LoadTarget, options: LoadOptions): Promise<Figures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-wrk-'));
  try {
    const script = path.join(dir, 'target.lua');
    await writeFile(script, wrkScript(target));
    const threads = Math.min(2, options.concurrency);
    const args = [
      '-t',
      String(threads),
      '-c',
      String(options.concurrency),
      '-d',
      `${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
    ];
    const child = spawn(WRK!, [...args, target.url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    const line = out.split('\n').find((l) => l.startsWith('WRK-FIGURES '));
    if (code !== 0 || !line) throw new Error(`wrk exited with ${code}: ${out.trim()}`);
    return JSON.parse(line.slice('WRK-FIGURES '.length)) as Figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One autocannon run in the load-generator process. */
async function runAutocannon(target: LoadTarget, options: LoadOptions): Promise<Figures> {
  autocannonChild ??= startChild('load-generator.ts');
  const child = await autocannonChild;
  const answer = await child.request<ChildMessage & { error: string | null; result: Figures | null }>(
    {
      type: 'run',
      target,
      connections: options.concurrency,
      seconds: options.seconds,
      amount: options.maxRequests ?? null,
    },
    options.seconds * 1000 + 120_000,
  );
  if (answer.error !== null || answer.result === null) throw new Error(answer.error ?? 'autocannon gave no result');
  return answer.result;
}

/** Drives `target` with the load generator, in its own process, and returns its figures under `name`. */
export async function load(name: string, target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const figures = await (WRK ? runWrk(target, options) : runAutocannon(target, options)).catch((error: unknown) => {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const { requests, seconds, errors, p50, p97_5, p99 } = figures;
  return { name, requests, errors, seconds, perSecond: seconds > 0 ? requests / seconds : 0, p50, p97_5, p99 };
}

export function printResults(results: LoadResult[]): void {
  console.log(
    ['endpoint'.padEnd(34), 'req', 'err', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms'].map((h) => h.padStart(9)).join(''),
  );
  for (const r of results) {
    console.log(
      [
        r.name.padEnd(34),
        String(r.requests).padStart(9),
        String(r.errors).padStart(9),
        r.perSecond.toFixed(0).padStart(9),
        r.p50.toFixed(1).padStart(9),
        r.p97_5.toFixed(1).padStart(9),
        r.p99.toFixed(1).padStart(9),
      ].join(''),
    );
  }
}

/** The slices of one call added up: req/s over all of them, the median slice's p50 and the worst slice's p97.5, p99. */
export function combineSlices(slices: LoadResult[]): LoadResult {
  const requests = slices.reduce((sum, r) => sum + r.requests, 0);
  const seconds = slices.reduce((sum, r) => sum + r.seconds, 0);
  const p50s = slices.map((r) => r.p50).sort((a, b) => a - b);
  return {
    name: slices[0]!.name,
    requests,
    errors: slices.reduce((sum, r) => sum + r.errors, 0),
    seconds,
    perSecond: requests / seconds,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p97_5: Math.max(...slices.map((r) => r.p97_5)),
    p99: Math.max(...slices.map((r) => r.p99)),
  };
}
