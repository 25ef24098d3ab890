import { useCallback } from 'react';
import { FORUM_THREADS_INITIAL, type ForumThreadRow } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePagedList, type Page } from '../../lib/use-paged-list.ts';
import { getThreads } from './get-threads.ts';
import { searchThreads } from './search-threads.ts';

const threadKey = (row: ForumThreadRow) => row.id;

/**
 * A category's threads (spec §2, §9): the first 10 by latest activity, 'Show more topics' appending 25, 100 or 250
 * via `start`; with a search text, the title search instead. New activity between two pages moves a thread to the
 * top, so each thread is listed once.
 */
export function useThreadList(categoryId: number, search: string) {
  const { api } = useClient();
  const fetchFirst = useCallback(
    (signal: AbortSignal): Promise<Page<ForumThreadRow>> =>
      search === ''
        ? getThreads(api, { categoryId, start: 0, amount: FORUM_THREADS_INITIAL }, signal).then((answer) => ({
            rows: answer.threads,
            total: answer.total,
          }))
        : searchThreads(api, { categoryId, query: search }, signal).then((answer) => ({
            rows: answer.threads,
            total: answer.threads.length,
          })),
    [api, categoryId, search],
  );
  const fetchMore = useCallback(
    (start: number, amount: number): Promise<Page<ForumThreadRow>> =>
      getThreads(api, { categoryId, start, amount }).then((answer) => ({ rows: answer.threads, total: answer.total })),
    [api, categoryId],
  );
  return usePagedList(fetchFirst, fetchMore, threadKey);
}
