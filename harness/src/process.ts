import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { OutputTail } from './output-tail.ts';
import { waitFor } from './poll.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  /** The output so far; kept in memory, its first 64 kB and last 1 MB (see {@link OutputTail}). */
  output: () => string;
  /** Whether `text` has appeared in the output, also when it is no longer in what `output()` keeps. */
  seen: (text: string) => boolean;
  exited: Promise<number | null>;
}

/** Logs this test process has written into TEST_LOG_DIR so far (for unique names). */
let logsWritten = 0;

/** A new log file's path in the test run's TEST_LOG_DIR (`npm test` checks them for secrets), or null outside a run. */
export function testLogFile(name: string): string | null {
  const dir = process.env.TEST_LOG_DIR;
  return dir ? path.join(dir, `${name}-${process.pid}-${++logsWritten}.log`) : null;
}

/**
 * Runs a TypeScript entry point of the repository with tsx and the given environment. Its output is written to
 * `logFile`, or within `npm test` to a log in TEST_LOG_DIR, else kept in memory: the product's logger writes
 * synchronously, so a process under load whose output goes into a pipe waits whenever this (busy) test process is
 * slow to read it. Output kept in memory is bounded (a process under load writes more than a string may hold). A
 * given `logFile` is copied into TEST_LOG_DIR when the process exits, so that `npm test` checks every log a started
 * process wrote.
 */
export function runEntry(entry: string, env: NodeJS.ProcessEnv, options: { logFile?: string } = {}): RunningProcess {
  const name = path.basename(path.dirname(path.dirname(entry)));
  const logFile = options.logFile ?? testLogFile(name) ?? undefined;
  const file = logFile === undefined ? null : openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    // As `npm start` / `npm run api` / `npm run worker` start them (package.json: two malloc arenas, README).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env },
    stdio: ['ignore', file ?? 'pipe', file ?? 'pipe'],
  });
  if (file !== null) closeSync(file);
  const out = new OutputTail();
  for (const stream of [child.stdout, child.stderr]) {
    // Decoded as UTF-8 across chunks: a character split between two chunks is not mangled.
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => out.push(chunk));
  }
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      const copy = options.logFile === undefined ? null : testLogFile(name);
      if (copy !== null) {
        try {
          copyFileSync(options.logFile!, copy);
        } catch {
          // The test removed its folder first: there is nothing left to check.
        }
      }
      resolve(code);
    }),
  );
  const output = () => (logFile === undefined ? out.text() : readFileSync(logFile, 'utf8'));
  const seen = (text: string) => (logFile === undefined ? out.seen(text) : output().includes(text));
  return { child, output, seen, exited };
}

/** Waits until `text` appears in the process output. */
export async function waitForOutput(proc: RunningProcess, text: string, timeoutMs: number): Promise<void> {
  await waitFor(
    () => {
      if (proc.seen(text)) return true;
      if (proc.child.exitCode !== null) throw new Error(`process exited (${proc.child.exitCode}):\n${proc.output()}`);
      return false;
    },
    { what: () => `"${text}" in the output:\n${proc.output()}\n`, timeoutMs },
  );
}

/**
 * The environment of separate `npm run api` and `npm run worker` processes sharing one test database, Redis prefix
 * and folder (outbox, uploads), as in production: the worker in its own processes (WORKER=off on the APIs) and no
 * demo data.
 */
export function processStackEnv(input: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  dir: string;
}): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: input.databaseUrl,
    REDIS_URL: input.redisUrl,
    REDIS_PREFIX: input.prefix,
    MAIL_OUTBOX: path.join(input.dir, 'outbox'),
    UPLOAD_DIR: path.join(input.dir, 'uploads'),
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'off',
    WORKER: 'off',
  };
}
