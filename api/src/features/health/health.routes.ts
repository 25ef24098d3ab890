import Router from '@koa/router';

import { pendingMigrations } from '@ecup/db';
import { bearerMatches } from '@ecup/security';
import type { AppDeps, AppState } from '../../context.ts';
import { HttpError } from '../../errors.ts';

type Check = 'ok' | 'down' | 'pending';

async function probe(check: () => Promise<Check>, timeoutMs = 2000): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs))),
    ]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The probes (docs/operations.md). GET /health is liveness: the process answers, nothing else is checked, so a
 * MySQL or Redis outage never gets healthy processes restarted. GET /ready is readiness: MySQL answers, Redis
 * answers and every migration of this release has run; 200 with each check, else 503 naming what failed, so a load
 * balancer sends no traffic to a process that cannot serve it.
 */
export function healthRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const [mysql, redis, migrations] = await Promise.all([
      probe(async () => (await deps.knex.raw('SELECT 1'), 'ok')),
      probe(async () => (await deps.redis.ping(), 'ok')),
      probe(async () => ((await pendingMigrations(deps.knex)).length === 0 ? 'ok' : 'pending')),
    ]);
    const checks = { mysql, redis, migrations };
    const failed = Object.entries(checks)
      .filter(([, value]) => value !== 'ok')
      .map(([name]) => name);
    ctx.status = failed.length === 0 ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = failed.length === 0 ? { status: 'ready', checks } : { status: 'unavailable', failed, checks };
  });
  return router;
}

/**
 * GET /metrics: the process's Prometheus metrics (API and, with `npm start`, the in-process worker). With
 * METRICS_TOKEN set only `Authorization: Bearer <METRICS_TOKEN>` is answered; unset, it is open (local use), and
 * with NODE_ENV=production it is not served at all (404).
 */
export function metricsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/metrics', async (ctx) => {
    if (!deps.config.metricsServed) throw new HttpError(404, 'notFound');
    const token = deps.config.metricsToken;
    if (token !== null && !bearerMatches(ctx.get('authorization'), token)) {
      throw new HttpError(401, 'notSignedIn', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });
  return router;
}
