import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useDrawn } from './page-data.ts';

/** One answer of a paged list: some rows and how many there are in all. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

export interface PagedListState<Row> {
  rows: Row[];
  /** Rows in the list (or matching the search), so the screen knows whether more can be loaded. */
  total: number;
  /** 'loading' only before the first answer; a new question keeps the old rows and sets `refreshing`. */
  status: 'loading' | 'ready' | 'error';
  refreshing: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
}

function initial<Row>(): PagedListState<Row> {
  return { rows: [], total: 0, status: 'loading', refreshing: false, loadingMore: false, moreFailed: false };
}

/**
 * A list loaded page by page (docs/product.md#constants 'Show N more'): `fetchFirst` gives the first page, `fetchMore(start, amount)`
 * appends the next one. A new `fetchFirst` (a new sorting or search: pass a memoised function) starts over, and
 * answers to an older question are dropped. Rows are listed once even when a row moved across a page edge.
 */
export function usePagedList<Row>(
  fetchFirst: (signal: AbortSignal) => Promise<Page<Row>>,
  fetchMore: (start: number, amount: number) => Promise<Page<Row>>,
  /** What tells two rows apart (a game's id, a country's code). */
  keyOf: (row: Row) => number | string,
  /**
   * The first page the server-rendered page was drawn with, if it has it (the API client's `peek`): the list starts
   * with it and reads it again only for a new question, so its first render in the browser is the server's.
   */
  drawn?: () => Page<Row> | undefined,
) {
  const page = useDrawn(() => drawn?.());
  const [state, setState] = useState<PagedListState<Row>>(() =>
    page ? { ...initial<Row>(), rows: page.rows, total: page.total, status: 'ready' } : initial<Row>(),
  );
  /** Whether the state still holds the server's first page, which the first run of the effect keeps. */
  const keepDrawn = useRef(state.status === 'ready');
  const [attempt, setAttempt] = useState(0);
  /** Bumped for every new first page, so a 'show more' answer for an older list is ignored. */
  const generation = useRef(0);

  useEffect(() => {
    if (keepDrawn.current) {
      keepDrawn.current = false;
      return;
    }
    const controller = new AbortController();
    const current = ++generation.current;
    setState((s) => ({
      ...s,
      status: s.status === 'error' ? 'loading' : s.status,
      refreshing: true,
      loadingMore: false,
      moreFailed: false,
    }));
    fetchFirst(controller.signal)
      .then((answer) => {
        if (current !== generation.current) return;
        // Drawing a page of rows (50 ranking cards) is the heaviest render of a list: in slices, not one long task.
        startTransition(() => setState({ ...initial<Row>(), rows: answer.rows, total: answer.total, status: 'ready' }));
      })
      .catch(() => {
        if (controller.signal.aborted || current !== generation.current) return;
        setState({ ...initial<Row>(), status: 'error' });
      });
    return () => controller.abort();
  }, [fetchFirst, attempt]);

  const retry = useCallback(() => {
    setState(initial);
    setAttempt((n) => n + 1);
  }, []);

  const shown = state.rows.length;
  const loadMore = useCallback(
    async (amount: number) => {
      const current = generation.current;
      setState((s) => ({ ...s, loadingMore: true, moreFailed: false }));
      try {
        const answer = await fetchMore(shown, amount);
        if (current !== generation.current) return;
        startTransition(() =>
          setState((s) => {
            const seen = new Set(s.rows.map(keyOf));
            const added = answer.rows.filter((row) => !seen.has(keyOf(row)));
            return { ...s, rows: [...s.rows, ...added], total: answer.total, loadingMore: false };
          }),
        );
      } catch {
        if (current !== generation.current) return;
        setState((s) => ({ ...s, loadingMore: false, moreFailed: true }));
      }
    },
    [fetchMore, keyOf, shown],
  );

  return { ...state, loadMore, retry };
}
