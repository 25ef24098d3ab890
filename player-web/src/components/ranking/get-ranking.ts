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
 * GET /ranking/list (spec §7): one page of the ranking by Elo (0) or secured trophies (1). With a search, `rank`
 * stays the player's place in the whole list. Failures are shown inline by the table, not in a popover.
 */
export function getRanking(api: ApiClient, query: RankingQuery, signal?: AbortSignal): Promise<RankingListResponse> {
  return api.get<RankingListResponse>(
    '/ranking/list',
    {
      sorting: query.sorting,
      start: query.start,
      amount: query.amount,
      search: query.search === '' ? undefined : query.search,
    },
    { signal, defaultErrorHandler: false },
  );
}
