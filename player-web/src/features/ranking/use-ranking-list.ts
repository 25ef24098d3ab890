import { useCallback, useEffect, useRef, useState } from 'react';
import type { RankingEntry, RankingSorting } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { getRanking } from './get-ranking.ts';

export interface RankingListState {
  rows: RankingEntry[];
  /** Players in the list (or matching the search), so the table knows whether more can be loaded. */
  total: number;
  /** 'loading' only before the first answer; a new search keeps the old rows and sets `refreshing`. */
  status: 'loading' | 'ready' | 'error';
  refreshing: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
}

const INITIAL: RankingListState = {
  rows: [],
  total: 0,
  status: 'loading',
  refreshing: false,
  loadingMore: false,
  moreFailed: false,
};

/**
 * The rows of a ranking table (spec §2, §9): the first `initialAmount` players for a sorting and search, and
 * 'Show more players' appending the next page via `start`. A change of sorting or search starts over; answers to
 * an older question are dropped.
 */
export function useRankingList(sorting: RankingSorting, initialAmount: number, search: string) {
  const { api } = useClient();
  const [state, setState] = useState<RankingListState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  /** Bumped for every new first page, so a 'show more' answer for an older list is ignored. */
  const generation = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    const current = ++generation.current;
    setState((s) => ({
      ...s,
      status: s.status === 'error' ? 'loading' : s.status,
      refreshing: true,
      loadingMore: false,
      moreFailed: false,
    }));
    getRanking(api, { sorting, start: 0, amount: initialAmount, search }, controller.signal)
      .then((answer) => {
        if (current !== generation.current) return;
        setState({ ...INITIAL, rows: answer.rankings, total: answer.total, status: 'ready' });
      })
      .catch(() => {
        if (controller.signal.aborted || current !== generation.current) return;
        setState({ ...INITIAL, status: 'error' });
      });
    return () => controller.abort();
  }, [api, sorting, initialAmount, search, attempt]);

  const retry = useCallback(() => {
    setState(INITIAL);
    setAttempt((n) => n + 1);
  }, []);

  const shown = state.rows.length;
  const loadMore = useCallback(
    async (amount: number) => {
      const current = generation.current;
      setState((s) => ({ ...s, loadingMore: true, moreFailed: false }));
      try {
        const answer = await getRanking(api, { sorting, start: shown, amount, search });
        if (current !== generation.current) return;
        setState((s) => {
          // A rating change between two pages can move a player across the page edge: list each player once.
          const seen = new Set(s.rows.map((row) => row.id));
          const added = answer.rankings.filter((row) => !seen.has(row.id));
          return { ...s, rows: [...s.rows, ...added], total: answer.total, loadingMore: false };
        });
      } catch {
        if (current !== generation.current) return;
        setState((s) => ({ ...s, loadingMore: false, moreFailed: true }));
      }
    },
    [api, sorting, search, shown],
  );

  return { ...state, loadMore, retry };
}
