import type { RankingListResponse, RankingSorting } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

export interface RankingQuery {
  sorting: RankingSorting;
  start: number;
  amount: number;
  /** Empty for the whole list. */
  search: string;
}

/**
 * GET /ranking/list (docs/product.md#calls): one page of the ranking by Elo (0) or secured trophies (1). With a search, `rank`
 * stays the player's place in the whole list. Failures are shown inline by the table, not in a popover.
 */
export function getRanking(api: ApiClient, query: RankingQuery, signal?: AbortSignal): Promise<RankingListResponse> {
  return api.get<RankingListResponse>(RANKING_LIST, paramsOf(query), { signal, defaultErrorHandler: false });
}

/** The page of the ranking the server-rendered page was drawn with (getRanking's answer), if it has it. */
export function drawnRanking(api: ApiClient, query: RankingQuery): RankingListResponse | undefined {
  return api.peek<RankingListResponse>(RANKING_LIST, paramsOf(query));
}

const RANKING_LIST = '/ranking/list';

function paramsOf(query: RankingQuery) {
  return {
    sorting: query.sorting,
    start: query.start,
    amount: query.amount,
    search: query.search === '' ? undefined : query.search,
  };
}
