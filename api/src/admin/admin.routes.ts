import Router from '@koa/router';

import type { AppDeps, AppState } from '../context.ts';
import { notFound } from '../errors.ts';
import { consoleErrors } from './access.ts';
import { routeAuth } from './auth.routes.ts';
import { routeEnrolment } from './enrol.routes.ts';
import { routeDashboard } from './dashboard.ts';
import { routeResource } from './resource.ts';
import { ADMIN_API_RESOURCES } from './resources/index.ts';
import { routeNewsImages } from './resources/news.ts';
import { routeTrophyWinnersCsv } from './resources/trophy-winners.ts';

/**
 * The console API under `/admin/api/` (docs/decisions.md#permissions; docs/api.md "Admin API"): sign-in and two-factor
 * enrolment, then one ra-data-simple-rest resource per file, each behind the console gate and its flag. Any other
 * path below `/admin/api/` is a JSON 404, never the console's index.html.
 */
export function adminRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.use(consoleErrors);
  routeAuth(router, deps);
  routeEnrolment(router, deps);
  routeNewsImages(router, deps);
  routeDashboard(router, deps);
  routeTrophyWinnersCsv(router, deps);
  for (const resource of ADMIN_API_RESOURCES) routeResource(router, deps, resource);
  router.all('/admin/api/{*rest}', () => {
    throw notFound('notFound');
  });
  return router;
}
