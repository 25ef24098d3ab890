import { useCallback } from 'react';
import type { RankingEntry, RankingSorting } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { usePagedList, type Page } from '../../lib/use-paged-list.ts';
import { getRanking } from './get-ranking.ts';

/**
 * The rows of a ranking table (spec §2, §9): the first `initialAmount` players for a sorting and search, and
 * 'Show more players' appending the next page via `start`. A change of sorting or search starts over. A rating
 * change between two pages can move a player across the page edge, so each player is listed once.
 */
export function useRankingList(sorting: RankingSorting, initialAmount: number, search: string) {
  const { api } = useClient();
  const fetchFirst = useCallback(
    (signal: AbortSignal): Promise<Page<RankingEntry>> =>
      getRanking(api, { sorting, start: 0, amount: initialAmount, search }, signal).then((answer) => ({
        rows: answer.rankings,
        total: answer.total,
      })),
    [api, sorting, initialAmount, search],
  );
  const fetchMore = useCallback(
    (start: number, amount: number): Promise<Page<RankingEntry>> =>
      getRanking(api, { sorting, start, amount, search }).then((answer) => ({
        rows: answer.rankings,
        total: answer.total,
      })),
    [api, sorting, search],
  );
  return usePagedList(fetchFirst, fetchMore);
}
