import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { ShiftableClock } from '@ecup/domain';
import type { Registry } from 'prom-client';
import { createDiskImageStore, createLogger, createRedis, type Config, type ImageStore } from '@ecup/db';
import { createApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { createJobQueues } from './services/jobs.ts';
import { attachRealtime, type RealtimeServer } from './realtime/realtime.ts';
import { createApiMetrics, createMetricsRegistry } from './services/metrics.ts';

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
  const deps: AppDeps = {
    config,
    knex,
    redis,
    jobs,
    images: options.images ?? createDiskImageStore(config.uploadDir),
    now: options.clock ? () => options.clock!.now() : (options.now ?? (() => new Date())),
    clock: options.clock,
    log,
    metrics: createApiMetrics(options.metrics ?? createMetricsRegistry(), knex),
    publish: () => undefined,
  };
  const app = createApp(deps);
  const server = http.createServer(app.callback());
  const realtime = attachRealtime(server, deps);
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
      // Sockets first; io.close() also closes the HTTP server, which waits for in-flight requests.
      server.closeIdleConnections();
      await realtime.close();
      await new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await jobs.close();
      redis.disconnect();
    },
  };
}
