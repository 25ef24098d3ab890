import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { ShiftableClock } from '@ecup/domain';
import type { Registry } from 'prom-client';
import { createLogger, createRedis, type Config } from '@ecup/db';
import { createDiskImageStore, type ImageStore } from '@ecup/storage';
import { createApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { createJobQueues } from './services/jobs.ts';
import { createRealtime, type RealtimeServer } from './realtime/realtime.ts';
import { createApiMetrics, createMetricsRegistry } from './services/metrics.ts';
import { PUBLIC_READ_LIFETIME_MS, PUBLIC_READ_MAX_ENTRIES, createReadCache } from './services/read-cache.ts';
import {
  VERIFIED_SESSION_LIFETIME_MS,
  VERIFIED_SESSION_MAX_ENTRIES,
  createVerifiedSessions,
} from './services/verified-sessions.ts';

export interface ApiHandle {
  server: http.Server;
  url: string;
  deps: AppDeps;
  io: RealtimeServer;
  /** Stops accepting, lets in-flight requests finish, then closes Redis and the job queues. */
  close(): Promise<void>;
}

function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis not ready within ${timeoutMs} ms (REDIS_URL)`)), timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Starts the HTTP server with socket.io on the same port. */
export async function startApi(options: {
  config: Config;
  knex: Knex;
  now?: () => Date;
  /** A movable clock (tests); with TEST_CLOCK=on it is exposed at /test/clock. Wins over `now`. */
  clock?: ShiftableClock;
  images?: ImageStore;
  log?: AppDeps['log'];
  /** The process's registry, shared with an in-process worker (`npm start`); a new one when not given. */
  metrics?: Registry;
}): Promise<ApiHandle> {
  const { config, knex } = options;
  const log = options.log ?? createLogger({ level: config.logLevel });
  const redis = createRedis(config.redisUrl, config.redisPrefix);
  redis.on('error', (error) => log.warn(`API Redis: ${error.message}`));
  // Listen only once Redis answers, so the first sign-in after a start is not refused.
  await waitUntilReady(redis, 10_000);
  const jobs = createJobQueues(config.redisUrl, config.redisPrefix);
  const now = options.clock ? () => options.clock!.now() : (options.now ?? (() => new Date()));
  const base = {
    config,
    knex,
    redis,
    jobs,
    images: options.images ?? createDiskImageStore(config.uploadDir),
    now,
    clock: options.clock,
    log,
    metrics: createApiMetrics(options.metrics ?? createMetricsRegistry(), knex),
    publicReads: createReadCache({
      lifetimeMs: PUBLIC_READ_LIFETIME_MS,
      maxEntries: PUBLIC_READ_MAX_ENTRIES,
      now: () => now().getTime(),
    }),
    verifiedSessions: createVerifiedSessions({
      lifetimeMs: VERIFIED_SESSION_LIFETIME_MS,
      maxEntries: VERIFIED_SESSION_MAX_ENTRIES,
      now: () => now().getTime(),
    }),
  };
  const realtime = createRealtime(base);
  const deps: AppDeps = { ...base, publish: realtime.publish, disconnectSessions: realtime.disconnectSessions };
  const app = createApp(deps);
  const server = http.createServer(app.callback());
  realtime.attach(server);
  // Once a stop has begun every answer carries `Connection: close`, so its keep-alive connection ends with it and no
  // client reuses a connection that is going away. Without it server.close() waits out the clients' keep-alive
  // (65 s) after the last answer and the stop runs into SHUTDOWN_TIMEOUT_MS (fault suite graceful-shutdown).
  const answering = new Set<http.ServerResponse>();
  let stopping = false;
  server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (stopping) response.setHeader('Connection', 'close');
    answering.add(response);
    response.once('close', () => {
      answering.delete(response);
      // An answer whose head went out before the stop kept its connection open: close it once idle.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    deps,
    io: realtime.io,
    async close() {
      stopping = true;
      for (const response of answering) if (!response.headersSent) response.setHeader('Connection', 'close');
      // Stop accepting at once and close idle keep-alive connections; in-flight requests are answered (above).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Then the sockets: io.close() ends every socket.io connection and also waits for the HTTP server to close.
      await realtime.close();
      await closed;
      await jobs.close();
      redis.disconnect();
    },
  };
}
