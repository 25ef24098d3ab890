import { useCallback, useEffect, useRef, useState } from 'react';
import { FORUM_THREADS_INITIAL, type ForumThreadRow } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { getThreads } from './get-threads.ts';
import { searchThreads } from './search-threads.ts';

export interface ThreadListState {
  threads: ForumThreadRow[];
  /** Threads in the category; with a search, the number of hits. */
  total: number;
  status: 'loading' | 'ready' | 'error';
  /** A new search is under way; the old rows stay until it answers. */
  refreshing: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
}

const INITIAL: ThreadListState = {
  threads: [],
  total: 0,
  status: 'loading',
  refreshing: false,
  loadingMore: false,
  moreFailed: false,
};

/**
 * A category's threads (spec §2, §9): the first 10 by latest activity, 'Show more topics' appending 25, 100 or 250
 * via `start`; with a search text, the title search instead. Answers to an older question are dropped.
 */
export function useThreadList(categoryId: number, search: string) {
  const { api } = useClient();
  const [state, setState] = useState<ThreadListState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    const current = ++generation.current;
    setState((s) => ({
      ...s,
      status: s.status === 'error' ? 'loading' : s.status,
      refreshing: true,
      moreFailed: false,
    }));
    const request =
      search === ''
        ? getThreads(api, { categoryId, start: 0, amount: FORUM_THREADS_INITIAL }, controller.signal)
        : searchThreads(api, { categoryId, query: search }, controller.signal).then((answer) => ({
            threads: answer.threads,
            total: answer.threads.length,
          }));
    request
      .then((answer) => {
        if (current !== generation.current) return;
        setState({ ...INITIAL, threads: answer.threads, total: answer.total, status: 'ready' });
      })
      .catch(() => {
        if (controller.signal.aborted || current !== generation.current) return;
        setState({ ...INITIAL, status: 'error' });
      });
    return () => controller.abort();
  }, [api, categoryId, search, attempt]);

  const retry = useCallback(() => {
    setState(INITIAL);
    setAttempt((n) => n + 1);
  }, []);

  const shown = state.threads.length;
  const loadMore = useCallback(
    async (amount: number) => {
      const current = generation.current;
      setState((s) => ({ ...s, loadingMore: true, moreFailed: false }));
      try {
        const answer = await getThreads(api, { categoryId, start: shown, amount });
        if (current !== generation.current) return;
        setState((s) => {
          // New activity between two pages moves a thread to the top: list each thread once.
          const seen = new Set(s.threads.map((row) => row.id));
          const added = answer.threads.filter((row) => !seen.has(row.id));
          return { ...s, threads: [...s.threads, ...added], total: answer.total, loadingMore: false };
        });
      } catch {
        if (current !== generation.current) return;
        setState((s) => ({ ...s, loadingMore: false, moreFailed: true }));
      }
    },
    [api, categoryId, shown],
  );

  return { ...state, loadMore, retry };
}
