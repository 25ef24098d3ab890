/**
 * `npm test`: builds the web apps when their sources changed, runs AVA with any extra arguments, and ends with
 * one machine-readable line, `N passed, N failed` (plus `, N skipped` when tests were skipped), counted from
 * AVA's own summary. Uncaught exceptions, unhandled rejections, failed hooks and tests left pending by a timeout
 * count as failed. The exit code is AVA's, and non-zero when AVA printed no summary at all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { DEMO_ACCOUNTS } from '@ecup/db';
import { DEV_APP_SECRET_FILE, DEV_VAPID_FILE } from '@ecup/security';
import { DEFAULT_PASSWORD, signupFields } from './helpers/factories.ts';
import { findSecrets, logFiles, secretKinds, type SecretFinding } from './log-secrets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** False when AVA printed none of its summary lines (it crashed, or found no test files). */
  summarised: boolean;
}

type Kind = 'passed' | 'knownFailure' | 'failed' | 'skipped' | 'todo';

/** AVA 6's default-reporter summary lines (lib/reporters/default.js, `endRun`), and what each counts as. */
const SUMMARY_LINES: Array<[RegExp, Kind]> = [
  [/^(\d+) tests? passed$/, 'passed'],
  [/^(\d+) known failures?$/, 'knownFailure'],
  [/^(\d+) tests? failed$/, 'failed'],
  [/^(\d+) hooks? failed$/, 'failed'],
  [/^(\d+) uncaught exceptions?$/, 'failed'],
  [/^(\d+) unhandled rejections?$/, 'failed'],
  [/^(\d+) tests? remained pending after a timeout$/, 'failed'],
  [/^(\d+) tests? skipped$/, 'skipped'],
  [/^(\d+) tests? todo$/, 'todo'],
  // With `--tap`: the TAP reporter's closing comments.
  [/^# pass (\d+)$/, 'passed'],
  [/^# fail (\d+)$/, 'failed'],
  [/^# skip (\d+)$/, 'skipped'],
];

/** One passing test's line, `✔ file › title`; known failures are `✔ [expected fail]` and summarised on their own. */
const PASSED_TEST_LINE = /^[✔√] (?!\[expected fail\])/;

/**
 * Counts from AVA's output. A known failure (a test marked as failing that failed as expected) counts as passed. AVA leaves
 * out "N tests passed" when anything failed, so the passed count then comes from the per-test ✔ lines.
 */
function countAvaResults(output: string): Counts {
  const totals: Record<Kind, number> = { passed: 0, knownFailure: 0, failed: 0, skipped: 0, todo: 0 };
  let summarised = false;
  let passedSummary = false;
  let passedLines = 0;
  for (const raw of stripVTControlCharacters(output).split(/\r?\n/)) {
    const line = raw.trim();
    if (PASSED_TEST_LINE.test(line)) passedLines++;
    for (const [pattern, kind] of SUMMARY_LINES) {
      const match = pattern.exec(line);
      if (!match) continue;
      summarised = true;
      if (kind === 'passed') passedSummary = true;
      totals[kind] += Number(match[1]);
    }
  }
  return {
    passed: (passedSummary ? totals.passed : passedLines) + totals.knownFailure,
    failed: totals.failed,
    skipped: totals.skipped,
    summarised,
  };
}

/** The browser suites, run in the second phase. */
const E2E_DIR = 'test/e2e/';
/** How many browser suites run at once. */
const E2E_LANES = 2;

/** Every test file of the repository (as the AVA config's globs find them), by path from the root. */
function testFiles(dir = ROOT, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return testFiles(`${dir}/${entry.name}`, `${path}/`);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The last line `npm test` prints. */
function formatCounts({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

/**
 * Runs AVA, keeping a copy of its output to count from. Streams it live, or with `quiet` holds it back for the caller
 * to print in one piece (several AVAs at once would interleave their lines).
 */
function runAva(args: string[], { quiet = false } = {}): Promise<{ code: number; output: string }> {
  const env = { ...process.env };
  // AVA's stdout is a pipe here; keep its colours when our own terminal shows them.
  if (process.stdout.isTTY && env.NO_COLOR === undefined && env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1';
  const child = spawn(bin('ava'), args, { cwd: ROOT, env, stdio: ['inherit', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    chunks.push(chunk);
    if (!quiet) process.stdout.write(chunk);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    chunks.push(chunk);
    if (!quiet) process.stderr.write(chunk);
  });
  // Ctrl-C reaches AVA too (same process group); stay alive to print the counts of what it finished.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      chunks.push(`\n${error.message}\n`);
      console.error(`could not start AVA: ${error.message}`);
    });
    child.on('close', (code) => {
      process.off('SIGINT', ignore);
      resolve({ code: code ?? 1, output: chunks.join('') });
    });
  });
}

/**
 * The browser suites, `lanes` files at a time, each file in an AVA of its own with its tests one after another
 * (AVA's `--serial` would also run the files one at a time). Files are taken largest first, so that a long file
 * does not start last; each file's output is printed in one piece when it ends. The outputs are joined in the order
 * the files ended, and the exit code is the first non-zero one.
 */
async function runFilesInLanes(files: string[], lanes: number): Promise<{ code: number; output: string }> {
  const queue = [...files].sort((a, b) => statSync(path.join(ROOT, b)).size - statSync(path.join(ROOT, a)).size);
  const outputs: string[] = [];
  let code = 0;
  const lane = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await runAva(['--serial', file], { quiet: true });
      process.stdout.write(result.output);
      outputs.push(result.output);
      if (code === 0 && result.code !== 0) code = result.code;
      // A file whose AVA printed no summary (it crashed) counts as a failure of its own.
      if (!countAvaResults(result.output).summarised) outputs.push(`\n  1 uncaught exception\n`);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return { code, output: outputs.join('\n') };
}

/** The passwords and secrets every test run knows of: the demo's, the factories', development's app secret and VAPID key. */
function knownSecrets(): Record<string, string> {
  const values: Record<string, string> = {
    "the factories' password": DEFAULT_PASSWORD,
    "the sign-up form's password": signupFields().password!,
    ...Object.fromEntries(Object.values(DEMO_ACCOUNTS).map((a) => [`${a.username}'s password`, a.password])),
  };
  try {
    values["development's APP_SECRET"] = readFileSync(DEV_APP_SECRET_FILE, 'utf8').trim();
  } catch {
    // No development secret generated on this machine yet.
  }
  try {
    const vapid = JSON.parse(readFileSync(DEV_VAPID_FILE, 'utf8')) as { privateKey?: unknown };
    if (typeof vapid.privateKey === 'string') values["development's VAPID private key"] = vapid.privateKey;
  } catch {
    // No development VAPID keys generated on this machine yet.
  }
  return values;
}

/**
 * No password, token or secret is ever written to a log: checks AVA's output and every log the run's servers wrote
 * into `logDir`, prints what it found (never the value) and returns how many checks failed (0 or 1).
 */
function checkLogsForSecrets(avaOutput: string, logDir: string): number {
  const kinds = secretKinds(knownSecrets());
  const logs = logFiles(logDir);
  const findings: SecretFinding[] = [
    ...findSecrets(avaOutput, "AVA's output", kinds),
    ...logs.flatMap((log) => findSecrets(log.text, log.name, kinds)),
  ];
  const bytes = logs.reduce((sum, log) => sum + Buffer.byteLength(log.text), Buffer.byteLength(avaOutput));
  const size = `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  if (findings.length === 0) {
    console.log(
      `\n  ✔ no password, token or secret in the test run's output and its ${logs.length} server logs (${size})`,
    );
    return 0;
  }
  console.log(`\n  ✘ secrets in the test run's logs (${findings.length} lines; the logs are kept in ${logDir}):`);
  for (const { what, where, line } of findings.slice(0, 30)) console.log(`    ${what}: ${where}, line ${line}`);
  return 1;
}

async function main(): Promise<number> {
  const build = spawnSync(bin('tsx'), ['scripts/src/build-web-if-needed.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Building the web apps failed; no tests were run.');
    console.log(formatCounts({ passed: 0, failed: 1, skipped: 0, summarised: false }));
    return build.status ?? 1;
  }

  // With arguments (files, --match …) AVA runs once as asked. Without, in two phases: unit and integration tests at
  // full concurrency, then the browser suites two files at a time — each starts the whole product and a Chromium,
  // and more at once starve two cores — with the tests inside a file one after another, so no page waits on a
  // dozen others for the CPU.
  const extra = process.argv.slice(2);
  const files = testFiles();
  const unitPhase = () => runAva(files.filter((f) => !f.startsWith(E2E_DIR)));
  const browserPhase = () =>
    runFilesInLanes(
      files.filter((f) => f.startsWith(E2E_DIR)),
      E2E_LANES,
    );
  // `--browser` runs the second phase alone, as `npm test` would.
  const phases =
    extra.length === 1 && extra[0] === '--browser'
      ? [browserPhase]
      : extra.length > 0
        ? [() => runAva(extra)]
        : [unitPhase, browserPhase];
  const totals: Counts = { passed: 0, failed: 0, skipped: 0, summarised: true };
  let exitCode = 0;
  // Every server a test starts writes its log here (test/helpers: testLogFile), to be checked for secrets at the end.
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'ecup-test-logs-'));
  process.env.TEST_LOG_DIR = logDir;
  const outputs: string[] = [];
  for (const run of phases) {
    const started = Date.now();
    const { code, output } = await run();
    outputs.push(output);
    if (phases.length > 1 || phases[0] === browserPhase) {
      const what = run === unitPhase ? 'unit and integration tests' : 'browser tests';
      console.log(`  ${what} took ${((Date.now() - started) / 60_000).toFixed(1)} min\n`);
    }
    const counts = countAvaResults(output);
    if (!counts.summarised) {
      console.log(
        formatCounts({ passed: totals.passed, failed: totals.failed + 1, skipped: totals.skipped, summarised: false }),
      );
      return code === 0 ? 1 : code;
    }
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    if (code !== 0) exitCode = code;
  }
  const leaks = checkLogsForSecrets(outputs.join('\n'), logDir);
  if (leaks === 0) rmSync(logDir, { recursive: true, force: true });
  totals.failed += leaks;
  console.log(formatCounts(totals));
  return exitCode === 0 && totals.failed > 0 ? 1 : exitCode;
}

process.exitCode = await main();
