/**
 * Packages only benchmarks need — Lighthouse and chrome-launcher, and the autocannon load generator: they are not in
 * the project's install (`npm ci` stays free of them) but in bench/tools, with their own lockfile, installed there
 * with `npm ci` the first time a benchmark asks for them. Only the parts of their API the benchmarks use are typed
 * here. Its package.json pins the two packages Lighthouse's trace engine asks for as `latest` to the versions locked,
 * or `npm ci` would compare the lockfile with today's `latest` and refuse it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** bench/tools: package.json and package-lock.json of the benchmarks' own tools. */
export const TOOLS_DIR = path.join(import.meta.dirname, '..', 'tools');

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  /** Numeric audits' value in their unit (milliseconds for the timings). */
  numericValue?: number;
  details?: unknown;
}

/** The parts of a Lighthouse result (LHR) the benchmark reads. */
export interface LighthouseResult {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; group?: string; weight?: number }[] } | undefined
  >;
  audits: Record<string, Audit | undefined>;
  environment: { benchmarkIndex: number };
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
}

export type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: LighthouseResult } | undefined>;

export interface LaunchedChrome {
  port: number;
  kill(): void;
}

export type LaunchChrome = (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;

export interface LighthouseTools {
  lighthouse: Lighthouse;
  launch: LaunchChrome;
  version: string;
}

/** Installs the tools into bench/tools with `npm ci` when they are not there yet (or the lockfile changed). */
export function installBenchTools(): void {
  const installed = path.join(TOOLS_DIR, 'node_modules', '.package-lock.json');
  if (
    existsSync(installed) &&
    statSync(installed).mtimeMs >= statSync(path.join(TOOLS_DIR, 'package-lock.json')).mtimeMs
  )
    return;
  console.log(`installing the benchmarks' tools (Lighthouse, chrome-launcher, autocannon) into ${TOOLS_DIR}`);
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TOOLS_DIR, stdio: 'inherit' });
  if (npm.status !== 0) throw new Error(`npm ci in ${TOOLS_DIR} failed (exit ${npm.status})`);
}

/** The file URL of a tool's entry point in bench/tools, installing the tools first if needed. */
function toolEntry(name: string): string {
  installBenchTools();
  return pathToFileURL(createRequire(path.join(TOOLS_DIR, 'package.json')).resolve(name)).href;
}

/** Lighthouse and chrome-launcher from bench/tools, installed first if needed. */
export async function loadLighthouseTools(): Promise<LighthouseTools> {
  const entry = toolEntry;
  const require = createRequire(path.join(TOOLS_DIR, 'package.json'));
  const lighthouse = (await import(entry('lighthouse'))) as { default: Lighthouse };
  const chromeLauncher = (await import(entry('chrome-launcher'))) as { launch: LaunchChrome };
  const { version } = require('lighthouse/package.json') as { version: string };
  return { lighthouse: lighthouse.default, launch: chromeLauncher.launch, version };
}

/** The parts of autocannon's result the benchmarks read (latencies in milliseconds, duration in seconds). */
export interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p97_5: number; p99: number; max: number };
  duration: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

/** One request autocannon sends, with `setupRequest` to change each one before it goes (path, headers). */
export interface AutocannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: { path: string; headers: Record<string, string> }) => {
    path: string;
    headers: Record<string, string>;
  };
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  overallRate?: number;
  /** Seconds to run; ignored when `amount` is given. */
  duration?: number;
  /** Stop after this many requests. */
  amount?: number;
  requests: AutocannonRequest[];
}

export interface AutocannonInstance {
  stop(): void;
}

export type Autocannon = (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

/** The autocannon load generator from bench/tools, installed first if needed. */
export async function loadAutocannon(): Promise<Autocannon> {
  return ((await import(toolEntry('autocannon'))) as { default: Autocannon }).default;
}
