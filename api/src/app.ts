import Koa from 'koa';
import Router from '@koa/router';
import { message } from '@ecup/domain';
import type { AppDeps, AppState } from './context.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { bodyParser } from './middleware/body.ts';
import { authenticate } from './middleware/auth.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { sessionsRoutes } from './features/users/sessions.routes.ts';
import { newsCachedReads, newsRoutes } from './features/news/news.routes.ts';
import { rankingCachedReads, rankingRoutes } from './features/ranking/ranking.routes.ts';
import { playersRoutes } from './features/players/players.routes.ts';
import { imagesRoutes } from './features/images/images.routes.ts';
import { seasonRoutes } from './features/season/season.routes.ts';
import { healthRoutes, metricsRoutes } from './features/health/health.routes.ts';
import { requestLog } from './middleware/request-log.ts';
import { cachedReads } from './middleware/cached-reads.ts';
import { clientAddress } from './services/client.ts';
import { sameOriginWrites } from './middleware/origin.ts';
import { contentSecurityPolicy, securityHeaders } from './middleware/security-headers.ts';
import { guardianRoutes } from './features/guardian/guardian.routes.ts';
import { forumsCachedReads, forumsRoutes } from './features/forums/forums.routes.ts';
import { matchmakingRoutes } from './features/matchmaking/matchmaking.routes.ts';
import { gamesRoutes } from './features/games/games.routes.ts';
import { safetyRoutes } from './features/safety/safety.routes.ts';
import { conflictsRoutes } from './features/conflicts/conflicts.routes.ts';
import { trophiesRoutes } from './features/trophies/trophies.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { serveApp } from './static.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { maybeTestClockRoutes } from './features/test-clock/test-clock.routes.ts';
import { seoRoutes } from './features/seo/seo.routes.ts';
import { internalReads, serverRenderedPages } from './ssr/server-render.ts';

/** Builds the Koa app (no listen): API routes first, then the built player app and console. */
export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = deps.config.trustProxy;
  app.silent = true;

  const api = new Router<AppState>();
  // The public pages every visitor reads alike, answered from the public-read cache while fresh, before anything.
  const cachedKeys = { ...rankingCachedReads, ...newsCachedReads, ...forumsCachedReads };
  app.use(cachedReads(deps, cachedKeys));
  // The server-rendered pages read what they show from the same routes and caches, inside the process;
  // one drawn less than a second ago is answered here too.
  const reads = new Koa<AppState>();
  reads.silent = true;
  // Its handler is made on the first read, once the routes below are in place.
  let readHandler: ReturnType<Koa['callback']> | undefined;
  const pages = serverRenderedPages(
    deps,
    internalReads((req, res) => (readHandler ??= reads.callback())(req, res)),
  );
  app.use(pages.fresh);
  app.use(clientAddress(deps.config));
  app.use(requestLog(deps, (path, method) => routeTemplate(api, path, method)));
  app.use(errorHandler(deps));
  const headers = securityHeaders(deps.config.publicUrl);
  app.use(async (ctx, next) => {
    ctx.set(headers);
    ctx.set('Content-Security-Policy', contentSecurityPolicy(ctx.host));
    await next();
  });
  app.use(sameOriginWrites(deps));
  // Probes and the metrics scrape need no body and no session (METRICS_TOKEN is not a user token).
  const ops = [healthRoutes(deps), metricsRoutes(deps)];
  for (const routes of ops) app.use(routes.routes());
  app.use(bodyParser());
  app.use(authenticate(deps));

  for (const routes of [
    usersRoutes(deps),
    sessionsRoutes(deps),
    newsRoutes(deps),
    rankingRoutes(deps),
    playersRoutes(deps),
    imagesRoutes(deps),
    seasonRoutes(deps),
    guardianRoutes(deps),
    realtimeRoutes(deps),
    forumsRoutes(deps),
    matchmakingRoutes(deps),
    gamesRoutes(deps),
    safetyRoutes(deps),
    conflictsRoutes(deps),
    trophiesRoutes(deps),
    notificationsRoutes(deps),
    adminRoutes(deps),
    seoRoutes(deps, () =>
      [...ops, api].flatMap((router) =>
        router.stack.flatMap((layer) => (typeof layer.path === 'string' ? [layer.path] : [])),
      ),
    ),
  ]) {
    api.use(routes.routes());
  }
  const testClock = maybeTestClockRoutes(deps);
  if (testClock) api.use(testClock.routes());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));

  app.use(serveApp(deps.config.adminWebDist, '/admin/'));
  // Through the routes, which answer from the same public-read cache.
  for (const middleware of [errorHandler(deps), bodyParser(), authenticate(deps), api.routes()]) {
    reads.use(middleware);
  }
  app.use(serveApp(deps.config.playerWebDist, '/', { page: pages.page }));
  app.use(async (ctx) => {
    if (ctx.status === 405) {
      ctx.body = message('notFound');
      return;
    }
    ctx.status = 404;
    ctx.body = message('notFound');
  });
  return app;
}

/** The template of the API route a path and method would reach, or null (for requests refused before routing). */
function routeTemplate(router: Router<AppState>, path: string, method: string): string | null {
  const layers = router.match(path, method).pathAndMethod;
  const last = layers[layers.length - 1];
  return typeof last?.path === 'string' ? last.path : null;
}
