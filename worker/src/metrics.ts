import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { type Logger } from '@ecup/db';
import { bearerMatches } from '@ecup/security';

export interface WorkerMetrics {
  registry: Registry;
  /** Failed job attempts, by queue and job name. */
  jobFailures: Counter<'queue' | 'job'>;
  /** Matches the pairing sweep created. */
  matchesMade: Counter;
}

/**
 * The worker's metrics, in the registry it is given (the API's, with `npm start`) or in a new one with Node's
 * default process metrics (`npm run worker`). Never prom-client's global registry: two workers in one test process
 * must not meet.
 */
export function createWorkerMetrics(shared?: Registry): WorkerMetrics {
  const registry = shared ?? new Registry();
  if (!shared) collectDefaultMetrics({ register: registry });
  return {
    registry,
    jobFailures: new Counter({
      name: 'ecup_job_failures_total',
      help: 'Failed job attempts in the worker, by queue and job name (retries count once each)',
      labelNames: ['queue', 'job'] as const,
      registers: [registry],
    }),
    matchesMade: new Counter({
      name: 'ecup_matches_made_total',
      help: 'Matches created by the pairing sweep (docs/decisions.md#matchmaking)',
      registers: [registry],
    }),
  };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The worker's own scrape endpoint for scale-out (`npm run worker` with METRICS_PORT): GET /metrics on a small HTTP
 * server, behind `Authorization: Bearer <METRICS_TOKEN>` when that is set.
 */
export async function serveMetrics(
  registry: Registry,
  options: { port: number; token: string | null; log: Pick<Logger, 'warn'> },
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token !== null && !bearerMatches(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="metrics"' });
      res.end('Unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: Error) => {
        options.log.warn(`metrics: ${error.message}`);
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
