import Router from '@koa/router';
import {
  PLAYER_VIEWER,
  RANKING_MAX_AMOUNT,
  RANKING_PAGE_SIZE,
  SIGNED_OUT_VIEWER,
  asInteger,
  asTrimmed,
  type RankingListResponse,
} from '@ecup/domain';
import { presentRankingEntry, rankingPage, type RankingSort } from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { queryOf } from '../../middleware/body.ts';
import { onlineFlags } from '../../services/presence.ts';
import { CACHED_READS, answerRead, encodeRead } from '../../services/read-cache.ts';
import { amountOf, startOf } from '../../services/paging.ts';
import { seasonZone } from '../../services/season.ts';

const MAX_SEARCH = 50;

/**
 * The page a ranking request asks for, as the route reads its query, and the page's key in the public-read cache.
 * Signed-in players and visitors get different copies: a minor's online flag is for signed-in players only
 * (docs/rules.md "What others see of a player").
 */
function rankingRequest(query: Record<string, string>, signedIn: boolean) {
  const sorting: RankingSort = asInteger(query.sorting) === 1 ? 1 : 0;
  const start = startOf(query);
  const amount = amountOf(query, RANKING_PAGE_SIZE, RANKING_MAX_AMOUNT);
  const search = asTrimmed(query.search).slice(0, MAX_SEARCH);
  const reader = signedIn ? 'in' : 'out';
  return {
    sorting,
    start,
    amount,
    search,
    signedIn,
    key: `${CACHED_READS.ranking}${reader}:${sorting}:${start}:${amount}:${search}`,
  };
}

/** The public-read cache key of each cached ranking call, by path, from its query (for the cached-read shortcut). */
export const rankingCachedReads = {
  '/ranking/list': (query: Record<string, string>, signedIn: boolean) => rankingRequest(query, signedIn).key,
};

/**
 * GET /ranking/list (docs/product.md#calls): sorting 0 Elo / 1 trophies, `start`, `amount` and a `search`. Out-of-range
 * numbers are clamped rather than refused, as a list is always answerable. The page is the same for every visitor,
 * (one copy for visitors, one for signed-in players), so its whole body, online flags included, comes from the process's public-read cache as encoded bytes with an
 * ETag (a repeat that names it answers 304), and without credentials before the router (`cachedReads`): at most a
 * second old, dropped at once when this process makes a result final (see runCommand). A player whose
 * socket connects therefore shows online within a second.
 */
export function rankingRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/ranking/list', async (ctx) => {
    const { sorting, start, amount, search, signedIn, key } = rankingRequest(
      queryOf(ctx),
      ctx.state.user !== undefined,
    );
    const read = await deps.publicReads.get(key, async () => {
      const now = deps.now();
      const timeZone = await seasonZone(deps.knex);
      const { rows, total } = await rankingPage(deps.knex, { sorting, start, amount, search, now, timeZone });
      const online = await onlineFlags(
        deps.redis,
        rows.map((row) => row.id),
      );
      const page: RankingListResponse = {
        rankings: rows.map((row) =>
          presentRankingEntry(row, online.get(row.id) === true, {
            viewer: signedIn ? PLAYER_VIEWER : SIGNED_OUT_VIEWER,
            now,
            timeZone,
          }),
        ),
        total,
      };
      return encodeRead(page);
    });
    answerRead(ctx, read);
  });
  return router;
}
