import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { seedBase } from '@ecup/db';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db.ts';
import { FACTORY_COST } from '../helpers/factories.ts';
import { freePort, processStackEnv, runEntry, type RunningProcess } from '../helpers/process.ts';
import { deleteRedisPrefix } from '../helpers/server.ts';
import { waitFor as poll } from '../helpers/poll.ts';

/** A fault suite's own installation: a migrated, seeded database, a Redis prefix, a folder for outbox and uploads. */
export interface FaultStack {
  db: TestDatabase;
  prefix: string;
  redisUrl: string;
  dir: string;
  /** The environment every process of the installation shares (README "Running at scale"). */
  env: NodeJS.ProcessEnv;
  processes: RunningProcess[];
  /** With `logFile`, the process's output goes to that file rather than into a pipe (see runEntry). */
  startApi(options?: { logFile?: string }): Promise<{ url: string; proc: RunningProcess }>;
  startWorker(options?: { logFile?: string }): RunningProcess;
  redis(): Redis;
  close(): Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something truthy (a probe that throws counts as not yet); throws naming `what` after `ms`. */
export function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number) {
  return poll(probe, { what, timeoutMs: ms, retryOnError: true });
}

/** A small seeded random generator (mulberry32), so a fault run can be repeated with FAULT_SEED. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Starts nothing yet: the caller starts API and worker processes (`npm run api`, `npm run worker`) on it. The
 * database is on the shared test server unless `databaseServer` names another (a suite's private MariaDB).
 */
export async function createFaultStack(
  label: string,
  extraEnv: NodeJS.ProcessEnv = {},
  options: { databaseServer?: string } = {},
): Promise<FaultStack> {
  const db = await createTestDatabase(label, options.databaseServer);
  await seedBase(db.knex, { now: new Date() });
  const prefix = testRedisPrefix(label);
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const dir = await mkdtemp(path.join(os.tmpdir(), `ecup-${label}-`));
  const env: NodeJS.ProcessEnv = {
    ...processStackEnv({ databaseUrl: db.url, redisUrl, prefix, dir }),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'on',
    // The factories' cheaper scrypt cost, as every test server has, so their users are not rehashed at each sign-in.
    PASSWORD_COST: String(FACTORY_COST),
    ...extraEnv,
  };
  const processes: RunningProcess[] = [];
  const redisClients: Redis[] = [];
  return {
    db,
    prefix,
    redisUrl,
    dir,
    env,
    processes,
    async startApi(options = {}) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const proc = runEntry('api/src/main.ts', { ...env, PORT: String(port) }, options);
      processes.push(proc);
      await waitFor(
        `API ${url} healthy`,
        async () => {
          if (proc.child.exitCode !== null) throw new Error(`API exited:\n${proc.output()}`);
          return (await fetch(`${url}/health`)).status === 200;
        },
        60_000,
      );
      return { url, proc };
    },
    startWorker(options = {}) {
      const proc = runEntry('worker/src/main.ts', env, options);
      processes.push(proc);
      return proc;
    },
    redis() {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
      redisClients.push(redis);
      return redis;
    },
    async close() {
      const running = (p: RunningProcess) => p.child.exitCode === null && p.child.signalCode === null;
      for (const p of processes) if (running(p)) p.child.kill('SIGTERM');
      // A process still running 8 s after SIGTERM is killed; the timer is cleared so it holds nothing open after.
      const stuck = setTimeout(() => processes.forEach((p) => running(p) && p.child.kill('SIGKILL')), 8000);
      await Promise.all(processes.map((p) => p.exited));
      clearTimeout(stuck);
      for (const redis of redisClients) redis.disconnect();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
      await deleteRedisPrefix(redisUrl, prefix);
    },
  };
}
