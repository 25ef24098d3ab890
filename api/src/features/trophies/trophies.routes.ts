import Router from '@koa/router';
import { DEFAULT_TIME_ZONE, PLAYER_VIEWER, SIGNED_OUT_VIEWER, type TrophyHoldersResponse } from '@ecup/domain';
import {
  heldTrophiesOf,
  presentTrophyHolder,
  presentTrophyStats,
  trophyHolders,
  trophyPoolStatus,
  userStatsOf,
  type MyTrophies,
} from '@ecup/db';
import type { AppDeps, AppContext, AppState } from '../../context.ts';
import { queryOf } from '../../middleware/body.ts';
import { amountOf } from '../../services/paging.ts';
import { onlineFlags } from '../../services/presence.ts';
import { currentSeason } from '../../services/season.ts';

/** Holders answered by one call (not in the spec: the page shows the players to beat, never hundreds). */
const HOLDERS_MAX = 100;

/**
 * The trophy hunt's reads (docs/product.md#screens-and-routes Trophy hunt page, docs/product.md#calls /trophy/get_stats; docs/decisions.md#trophy-hunt). get_stats is open to
 * everyone (docs/product.md#roles: anonymous visitors see trophy stats) and adds the player's own trophies when signed in;
 * "method not shown" in spirit, so GET and POST both answer. holders lists the current holders of unsecured
 * trophies, closest to securing first.
 */
export function trophiesRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  const stats = async (ctx: Pick<AppContext, 'state' | 'body'>) => {
    const now = deps.now();
    const season = await currentSeason(deps.knex);
    const pool = season ? await trophyPoolStatus(deps.knex, season, now) : null;
    let mine: MyTrophies | null = null;
    const user = ctx.state.user;
    if (user) {
      const own = await userStatsOf(deps.knex, user.id);
      mine = {
        trophies: await heldTrophiesOf(deps.knex, user.id, now),
        secured_trophies: own.secured_trophies,
        unsecured_trophies: own.unsecured_trophies,
      };
    }
    ctx.body = presentTrophyStats({ season, pool, mine, now });
  };
  router.get('/trophy/get_stats', stats);
  router.post('/trophy/get_stats', stats);

  router.get('/trophy/holders', async (ctx) => {
    const now = deps.now();
    const season = await currentSeason(deps.knex);
    const amount = amountOf(queryOf(ctx), HOLDERS_MAX, HOLDERS_MAX);
    const rows = season ? await trophyHolders(deps.knex, season, now, amount) : [];
    const online = await onlineFlags(
      deps.redis,
      rows.map((row) => row.user_id),
    );
    const response: TrophyHoldersResponse = {
      holders: rows.map((row) =>
        presentTrophyHolder(row, online.get(row.user_id) ?? false, now, {
          viewer: ctx.state.user ? PLAYER_VIEWER : SIGNED_OUT_VIEWER,
          timeZone: season?.time_zone ?? DEFAULT_TIME_ZONE,
        }),
      ),
      server_time_ms: now.getTime(),
    };
    ctx.body = response;
  });

  return router;
}
