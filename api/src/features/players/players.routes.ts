import Router from '@koa/router';
import {
  GROUP_RANKING_CALLS,
  GROUP_RANKING_SORTS,
  HISTORY_STATES,
  RANKING_MAX_AMOUNT,
  RANKING_PAGE_SIZE,
  asTrimmed,
  type GroupRankingResponse,
  type GroupRankingSort,
  type HistoryState,
  type PlayerHistoryResponse,
  type PlayerGroup,
  type PlayerProfilePayload,
} from '@ecup/domain';
import {
  PROFILE_GAMES,
  findProfile,
  groupRanking,
  pastSeasonsOf,
  playerGames,
  presentGroupRankingEntry,
  presentPastSeason,
  presentProfile,
  seasonEloHistory,
} from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../middleware/auth.ts';
import { queryOf } from '../../middleware/body.ts';
import { CACHED_READS, answerRead, encodeRead } from '../../services/read-cache.ts';
import { amountOf, startOf } from '../../services/paging.ts';

const MAX_SEARCH = 50;
/** Longer than the username column: names nobody. */
const MAX_USERNAME = 255;
/** Games a history page holds by default and at most. */
const HISTORY_PAGE = 20;
const HISTORY_MAX = 100;

/** One of `allowed`, else `fallback`: a list is always answerable, so an unknown choice reads as the default. */
function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * Players' own pages (docs/api.md "Players"): a public profile by username, the signed-in player's game history,
 * and the country and club tables. The tables are the same for every reader and share the ranking's one-second
 * cache (dropped with it when a result changes ratings).
 */
export function playersRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  // Not /player/…: that is the profile page's path, and a player may be called 'get'.
  router.get('/players/get', async (ctx) => {
    const username = asTrimmed(queryOf(ctx).username);
    if (username === '' || username.length > MAX_USERNAME) throw notFound('playerNotFound');
    // A profile is the same for every reader: it shares the ranking's one-second cache (and is dropped with it
    // when a result changes ratings); an unknown name is cached as such for that second too.
    const read = await deps.publicReads.get(`${CACHED_READS.ranking}player:${username.toLowerCase()}`, async () => {
      const row = await findProfile(deps.knex, username, deps.now());
      if (!row) return null;
      const [history, recent, past] = await Promise.all([
        seasonEloHistory(deps.knex, row),
        playerGames(deps.knex, { userId: row.id, state: 'final', start: 0, amount: PROFILE_GAMES }),
        pastSeasonsOf(deps.knex, row.id),
      ]);
      const player: PlayerProfilePayload = presentProfile(
        row,
        history,
        recent.games,
        past.map(presentPastSeason),
        deps.now(),
      );
      return encodeRead({ player });
    });
    if (!read) throw notFound('playerNotFound');
    answerRead(ctx, read);
  });

  router.get('/user/history', async (ctx) => {
    const user = requireUser(ctx);
    const query = queryOf(ctx);
    const state = oneOf<HistoryState | 'all'>(query.state, [...HISTORY_STATES, 'all'], 'all');
    const page: PlayerHistoryResponse = await playerGames(deps.knex, {
      userId: user.id,
      state: state === 'all' ? null : state,
      start: startOf(query),
      amount: amountOf(query, HISTORY_PAGE, HISTORY_MAX),
    });
    ctx.body = page;
  });

  for (const group of Object.keys(GROUP_RANKING_CALLS) as PlayerGroup[]) {
    // Not /ranking/countries or /ranking/clubs: those are the pages' paths, loaded directly from a link.
    router.get(GROUP_RANKING_CALLS[group], async (ctx) => {
      const query = queryOf(ctx);
      const sort = oneOf<GroupRankingSort>(query.sort, GROUP_RANKING_SORTS, 'average_elo');
      const start = startOf(query);
      const amount = amountOf(query, RANKING_PAGE_SIZE, RANKING_MAX_AMOUNT);
      const search = asTrimmed(query.search).slice(0, MAX_SEARCH);
      ctx.body = await deps.publicReads.get(
        `${CACHED_READS.ranking}${group}:${sort}:${start}:${amount}:${search}`,
        async () => {
          const { rows, total } = await groupRanking(deps.knex, {
            group,
            sort,
            search,
            start,
            amount,
            now: deps.now(),
          });
          const page: GroupRankingResponse = { rows: rows.map(presentGroupRankingEntry), total };
          return Buffer.from(JSON.stringify(page));
        },
      );
      ctx.type = 'json';
    });
  }
  return router;
}
