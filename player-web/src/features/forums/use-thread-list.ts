import { useCallback } from 'react';
import { FORUM_THREADS_INITIAL, type ForumThreadRow } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePagedList, type Page } from '../../lib/use-paged-list.ts';
import { drawnForumPage, getForumPage } from './get-forum-page.ts';
import { searchThreads } from './search-threads.ts';

const threadKey = (row: ForumThreadRow) => row.id;

/**
 * A category's threads (docs/product.md#screens-and-routes, docs/product.md#constants): the first 10 by latest activity, 'Show more topics' appending 25, 100 or 250
 * via `start`; with a search text, the title search instead. New activity between two pages moves a thread to the
 * top, so each thread is listed once.
 */
export function useThreadList(categoryId: number, search: string) {
  const { api } = useClient();
  const fetchPage = useCallback(
    (start: number, amount: number, signal?: AbortSignal): Promise<Page<ForumThreadRow>> =>
      getForumPage(api, 'threads', { id: categoryId, start, amount }, signal).then((answer) => ({
        rows: answer.threads,
        total: answer.total,
      })),
    [api, categoryId],
  );
  const fetchFirst = useCallback(
    (signal: AbortSignal): Promise<Page<ForumThreadRow>> =>
      search === ''
        ? fetchPage(0, FORUM_THREADS_INITIAL, signal)
        : searchThreads(api, { categoryId, query: search }, signal).then((answer) => ({
            rows: answer.threads,
            total: answer.threads.length,
          })),
    [api, categoryId, search, fetchPage],
  );
  const drawn = () => {
    if (search !== '') return undefined;
    const answer = drawnForumPage(api, 'threads', { id: categoryId, start: 0, amount: FORUM_THREADS_INITIAL });
    return answer && { rows: answer.threads, total: answer.total };
  };
  return usePagedList(fetchFirst, fetchPage, threadKey, drawn);
}
