import Router from '@koa/router';
import type { AppDeps, AppState } from '../../context.ts';

async function probe(check: () => Promise<unknown>, timeoutMs = 2000): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs))),
    ]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: MySQL and Redis status; 503 when either is down (load balancers read the status). */
export function healthRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', async (ctx) => {
    const [mysql, redis] = await Promise.all([probe(() => deps.knex.raw('SELECT 1')), probe(() => deps.redis.ping())]);
    const ok = mysql === 'ok' && redis === 'ok';
    ctx.status = ok ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: ok ? 'ok' : 'degraded', mysql, redis };
  });
  return router;
}
