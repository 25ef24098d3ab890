/**
 * Lighthouse and chrome-launcher, which only the Lighthouse benchmark needs: they are not in the project's install
 * (`npm ci` stays free of them) but in bench/lighthouse, with their own lockfile, installed there with `npm ci` the
 * first time the benchmark runs. Only the parts of their API the benchmark uses are typed here. Its package.json
 * pins the two packages Lighthouse's trace engine asks for as `latest` to the versions locked, or `npm ci` would
 * compare the lockfile with today's `latest` and refuse it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** bench/lighthouse: package.json and package-lock.json of the benchmark's own tools. */
export const TOOLS_DIR = path.join(import.meta.dirname, '..', 'lighthouse');

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: unknown;
}

/** The parts of a Lighthouse result (LHR) the benchmark reads. */
export interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; group?: string }[] } | undefined>;
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

/** Installs the tools into bench/lighthouse with `npm ci` when they are not there yet. */
export function installLighthouseTools(): void {
  if (existsSync(path.join(TOOLS_DIR, 'node_modules', 'lighthouse', 'package.json'))) return;
  console.log(`installing Lighthouse and chrome-launcher into ${TOOLS_DIR} (benchmark only)`);
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TOOLS_DIR, stdio: 'inherit' });
  if (npm.status !== 0) throw new Error(`npm ci in ${TOOLS_DIR} failed (exit ${npm.status})`);
}

/** Lighthouse and chrome-launcher from bench/lighthouse, installed first if needed. */
export async function loadLighthouseTools(): Promise<LighthouseTools> {
  installLighthouseTools();
  const require = createRequire(path.join(TOOLS_DIR, 'package.json'));
  const entry = (name: string) => pathToFileURL(require.resolve(name)).href;
  const lighthouse = (await import(entry('lighthouse'))) as { default: Lighthouse };
  const chromeLauncher = (await import(entry('chrome-launcher'))) as { launch: LaunchChrome };
  const { version } = require('lighthouse/package.json') as { version: string };
  return { lighthouse: lighthouse.default, launch: chromeLauncher.launch, version };
}
