import Router from '@koa/router';
import { SEASON_PAGE_STANDINGS, type SeasonListResponse, type SeasonPageResponse } from '@ecup/domain';
import {
  findListedSeason,
  presentSeason,
  presentSeasonListEntry,
  presentSeasonPage,
  seasonList,
  seasonStandings,
  seasonWinners,
} from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { badRequest, notFound } from '../../errors.ts';
import { queryOf } from '../../middleware/body.ts';
import { currentSeason } from '../../services/season.ts';

/** The largest id a season row can have (INT UNSIGNED). */
const MAX_SEASON_ID = 4_294_967_295;

/** A season id from the query: a whole number from 1, written plainly; anything else is 400. */
function seasonIdOf(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) throw badRequest('seasonIdInvalid');
  const id = Number(value);
  if (id > MAX_SEASON_ID) throw badRequest('seasonIdInvalid');
  return id;
}

/**
 * GET /season/current: the product name, dates and window every screen needs (docs/decisions.md#season-and-time). GET /season/list and
 * GET /season/get (the pages are /seasons and /seasons/{id}): the seasons players can read, and one season's final
 * top 100, weekly round winners and trophy-hunt winners (the "Seasons" page).
 */
export function seasonRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/season/current', async (ctx) => {
    const season = await currentSeason(deps.knex);
    if (!season) throw notFound();
    ctx.body = presentSeason(season);
  });

  router.get('/season/list', async (ctx) => {
    const body: SeasonListResponse = { seasons: (await seasonList(deps.knex)).map(presentSeasonListEntry) };
    ctx.body = body;
  });

  router.get('/season/get', async (ctx) => {
    const id = seasonIdOf(queryOf(ctx).id);
    const season = await findListedSeason(deps.knex, id);
    if (!season) throw notFound('seasonNotFound');
    const [standings, winners] = await Promise.all([
      season.current ? Promise.resolve([]) : seasonStandings(deps.knex, season.id, SEASON_PAGE_STANDINGS),
      seasonWinners(deps.knex, season),
    ]);
    const body: SeasonPageResponse = presentSeasonPage(season, standings, winners);
    ctx.body = body;
  });
  return router;
}
