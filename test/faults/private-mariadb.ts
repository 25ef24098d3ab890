import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createKnex } from '@ecup/db';
import { freePort } from '../helpers/process.ts';
import { waitFor } from '../helpers/poll.ts';

const run = promisify(execFile);

/**
 * A MariaDB server of a fault suite's own, in a temporary folder on a free port: a suite may stop and start it (the
 * shared server on 3306 is never touched). Root signs in without a password over TCP, so its URLs are
 * `mysql://root@127.0.0.1:<port>/<database>` like the shared server's.
 */
export interface PrivateMariaDb {
  port: number;
  /** The server's URL with a placeholder database, for createTestDatabase / createFaultStack. */
  url: string;
  /** Whether the server process is running now. */
  running(): boolean;
  /** The server process's id while it runs. */
  pid(): number | undefined;
  /** Starts the server again on the same data folder and port; resolves once it answers `SELECT 1`. */
  start(): Promise<void>;
  /**
   * Stops the server and waits for its exit: SIGTERM is an orderly shutdown (connections closed, InnoDB flushed),
   * SIGKILL a crash (InnoDB recovers from its redo log at the next start).
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** The server's last lines of output (its error log), for a failure message. */
  output(): string;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

/** The first of `names` found in the usual binary folders or on PATH. */
function findBinary(names: string[]): string {
  const dirs = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', ...(process.env.PATH ?? '').split(':')];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`none of ${names.join(', ')} found: install mariadb-server to run this suite`);
}

/** Server options that keep a throwaway server small and quick to start; durability settings stay the defaults. */
const SMALL = [
  '--skip-log-bin',
  '--skip-name-resolve',
  '--performance-schema=OFF',
  '--innodb-buffer-pool-size=32M',
  '--innodb-log-file-size=16M',
  '--character-set-server=utf8mb4',
  '--collation-server=utf8mb4_unicode_ci',
];

/** Creates the data folder of a new server and starts it (about a second). */
export async function startPrivateMariaDb(label = 'fault'): Promise<PrivateMariaDb> {
  const mariadbd = findBinary(['mariadbd', 'mysqld']);
  const installDb = findBinary(['mariadb-install-db', 'mysql_install_db']);
  const dir = await mkdtemp(path.join(os.tmpdir(), `ecup-mariadb-${label}-`));
  const datadir = path.join(dir, 'data');
  const tmpdir = path.join(dir, 'tmp');
  await mkdir(tmpdir);
  // mariadbd refuses to run as root unless told to.
  const asUser = process.getuid?.() === 0 ? ['--user=root'] : [];
  await run(installDb, [
    '--no-defaults',
    `--datadir=${datadir}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    ...asUser,
    ...SMALL,
  ]);
  const port = await freePort();
  const args = [
    '--no-defaults',
    ...asUser,
    `--datadir=${datadir}`,
    `--tmpdir=${tmpdir}`,
    `--socket=${path.join(dir, 'mysqld.sock')}`,
    `--pid-file=${path.join(dir, 'mysqld.pid')}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    ...SMALL,
  ];

  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';
  // A server left running by a crashed suite would hold its port and folder: kill it with this process.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const isRunning = () => child !== null && child.exitCode === null && child.signalCode === null;

  /** Polls `SELECT 1` on a fresh connection until it answers. */
  async function answers(timeoutMs: number) {
    let lastError: unknown;
    await waitFor(
      async () => {
        const knex = createKnex(
          { host: '127.0.0.1', port, user: 'root', password: '', database: 'mysql' },
          { pool: { min: 0, max: 1 } },
        );
        try {
          await knex.raw('SELECT 1');
          return true;
        } catch (error) {
          if (!isRunning()) throw new Error(`MariaDB on port ${port} exited while starting:\n${log.slice(-3000)}`);
          lastError = error;
          return false;
        } finally {
          await knex.destroy();
        }
      },
      { what: () => `MariaDB on port ${port} answering (${String(lastError)})`, timeoutMs, intervalMs: 50 },
    );
  }

  const db: PrivateMariaDb = {
    port,
    url: `mysql://root@127.0.0.1:${port}/ecup_private`,
    running: isRunning,
    pid: () => (isRunning() ? child?.pid : undefined),
    async start() {
      if (isRunning()) return;
      const proc = spawn(mariadbd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
      proc.stdout!.on('data', keep);
      proc.stderr!.on('data', keep);
      exited = new Promise((resolve) => proc.once('exit', () => resolve()));
      await answers(60_000);
    },
    async stop(signal = 'SIGTERM') {
      if (!child || !isRunning()) return;
      child.kill(signal);
      // An orderly shutdown that takes a minute is stuck: kill it (the timer is cleared so it holds no process open).
      const stuck = setTimeout(() => child?.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(stuck);
    },
    output: () => log.slice(-3000),
    async destroy() {
      await db.stop('SIGKILL');
      process.removeListener('exit', killOnExit);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await db.start();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
