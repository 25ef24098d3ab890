import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createShiftableClock, type ShiftableClock } from '@ecup/domain';
import { createLogger, loadConfig, seedBase, type Config, type Logger } from '@ecup/db';
import { HASHING_LIMITS, setHashingLimits } from '@ecup/security';
import { createMetricsRegistry, startApi, type AppDeps, type RealtimeServer } from '@ecup/api';
import { startWorker, type WorkerHandle } from '@ecup/worker';
import { createTestDatabase, testRedisPrefix } from './db.ts';
import { FACTORY_COST } from './factories.ts';
import { testLogFile } from './process.ts';

/**
 * A test process's hashing line. Its in-process servers share one line with every test of the file running at once
 * (AVA runs them together) on a machine running other test files too, where a production server's line holds only
 * its own requests: the line is longer and a check may wait a minute, so a test of sign-up or sign-in is not
 * refused as busy by its neighbours. The busy answer itself has its own tests with a short line
 * (test/api/password-hashing.test.ts, db/src/security/passwords.test.ts, test/e2e/sign-in-busy.test.ts), and the
 * brute-force suite attacks with the product's own line. Set once,
 * before any test hashes.
 */
export const TEST_HASHING_LIMITS = { ...HASHING_LIMITS, queueMax: 8 * HASHING_LIMITS.queueMax, maxWaitMs: 60_000 };
await setHashingLimits(TEST_HASHING_LIMITS);

/**
 * A test server's logger: errors on stdout (AVA shows them with the test), and within `npm test` every line from
 * info up in a log in TEST_LOG_DIR too, which the run checks for secrets.
 */
function testLogger(label: string): Logger {
  const file = testLogFile(label);
  if (file === null) return createLogger({ level: 'error' });
  return createLogger({
    level: 'info',
    destination: pino.multistream([
      { level: 'info', stream: pino.destination({ dest: file, sync: true }) },
      { level: 'error', stream: pino.destination({ dest: 1, sync: true }) },
    ]),
  });
}

/** A clock tests can move (the domain's shiftable clock over the system clock). */
export type TestClock = ShiftableClock;

export function createClock(start = new Date()): TestClock {
  return createShiftableClock(Date.now, start.getTime() - Date.now());
}

export interface TestServer {
  url: string;
  knex: Knex;
  config: Config;
  deps: AppDeps;
  /** The API's socket.io server, to push events as a feature would. */
  io: RealtimeServer;
  clock: TestClock;
  outbox: string;
  uploads: string;
  worker: WorkerHandle | null;
  close(): Promise<void>;
}

/**
 * The real API on a random port with its own database, Redis prefix, upload folder and outbox, base seeds
 * (countries, forum categories, an open season, teams), and optionally an in-process worker.
 */
export async function startTestServer(
  options: {
    worker?: boolean;
    label?: string;
    env?: NodeJS.ProcessEnv;
    /** The API's and the worker's logger; by default errors on stdout (and, within `npm test`, all from info up in the run's logs). */
    log?: Logger;
    /** The API's and the worker's clock; by default the system clock, movable by tests. */
    clock?: TestClock;
  } = {},
) {
  const label = options.label ?? 'api';
  const db = await createTestDatabase(label);
  const dir = await mkdtemp(path.join(os.tmpdir(), `ecup-${label}-`));
  const prefix = testRedisPrefix(label);
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    MAIL_OUTBOX: path.join(dir, 'outbox'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    PUBLIC_URL: 'http://localhost:3000',
    // A test file asks for many drawn pages at once (AVA runs its tests together), more than a production process
    // draws at once: each would otherwise get the app shell at random. test/api/drawn-page-limits.test.ts tests the limit.
    RENDER_LIMIT: '64',
    // The factories' cheaper scrypt cost, so their users are not rehashed at every test's sign-in (production
    // refuses a cost below the default: there the product's own applies).
    ...(options.env?.NODE_ENV === 'production' ? {} : { PASSWORD_COST: String(FACTORY_COST) }),
    // The tests' own push service (harness/src/push-endpoint.ts) listens on a loopback port chosen once the server
    // runs: any port of 127.0.0.1 may take subscriptions. Test-only, and refused in production.
    ...(options.env?.NODE_ENV === 'production' ? {} : { PUSH_ENDPOINT_HOSTS_FOR_TESTS: '127.0.0.1' }),
    ...options.env,
  });
  const clock = options.clock ?? createClock();
  await seedBase(db.knex, { now: clock.now() });
  const log = options.log ?? testLogger(label);
  // One registry for the API and its in-process worker, as `npm start` has.
  const metrics = createMetricsRegistry();
  const worker = options.worker
    ? await startWorker({ config, knex: db.knex, log, now: () => clock.now(), metrics })
    : null;
  const api = await startApi({ config, knex: db.knex, clock, log, metrics });
  const server: TestServer = {
    url: api.url,
    knex: db.knex,
    config,
    deps: api.deps,
    io: api.io,
    clock,
    outbox: config.mailOutbox,
    uploads: config.uploadDir,
    worker,
    async close() {
      await api.close();
      await worker?.close();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
      await deleteRedisPrefix(config.redisUrl, prefix);
    },
  };
  return server;
}

/** Removes every Redis key a test wrote (our own keys and BullMQ's). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
