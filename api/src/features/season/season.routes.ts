import Router from '@koa/router';
import { presentSeason } from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { currentSeason } from '../../services/season.ts';

/** GET /season/current: the product name, dates and window every screen needs (decisions §4). */
export function seasonRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/season/current', async (ctx) => {
    const season = await currentSeason(deps.knex);
    if (!season) throw notFound();
    ctx.body = presentSeason(season);
  });
  return router;
}
