import { useCallback } from 'react';
import type { RankingEntry, RankingSorting } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePagedList, type Page } from '../../lib/use-paged-list.ts';
import { drawnRanking, getRanking } from './get-ranking.ts';

const rankingKey = (row: RankingEntry) => row.id;

/**
 * The rows of a ranking table (docs/product.md#screens-and-routes, docs/product.md#constants): the first `initialAmount` players for a sorting and search, and
 * 'Show more players' appending the next page via `start`. A change of sorting or search starts over. A rating
 * change between two pages can move a player across the page edge, so each player is listed once. A new
 * `refreshKey` reads the first page again (the numbers changed), keeping the old rows on screen meanwhile.
 */
export function useRankingList(sorting: RankingSorting, initialAmount: number, search: string, refreshKey = 0) {
  const { api } = useClient();
  const fetchFirst = useCallback(
    (signal: AbortSignal): Promise<Page<RankingEntry>> =>
      getRanking(api, { sorting, start: 0, amount: initialAmount, search }, signal).then((answer) => ({
        rows: answer.rankings,
        total: answer.total,
      })),
    // refreshKey is not part of the question: a new one only asks it again.
    [api, sorting, initialAmount, search, refreshKey],
  );
  const fetchMore = useCallback(
    (start: number, amount: number): Promise<Page<RankingEntry>> =>
      getRanking(api, { sorting, start, amount, search }).then((answer) => ({
        rows: answer.rankings,
        total: answer.total,
      })),
    [api, sorting, search],
  );
  const drawn = () => {
    const answer = drawnRanking(api, { sorting, start: 0, amount: initialAmount, search });
    return answer && { rows: answer.rankings, total: answer.total };
  };
  return usePagedList(fetchFirst, fetchMore, rankingKey, drawn);
}
