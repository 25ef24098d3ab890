import type { ForumThreadResponse, ForumThreadsResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** The paged forum lists (docs/product.md#calls): a category's threads and a thread's posts, each with its call and its answer. */
const LISTS = {
  threads: { path: '/forums/threads', of: 'category_id' },
  posts: { path: '/forums/posts', of: 'thread_id' },
} as const;

interface ListAnswers {
  threads: ForumThreadsResponse;
  posts: ForumThreadResponse;
}

/**
 * `amount` rows of a forum list from `start` (docs/product.md#calls, docs/product.md#constants): the `threads` of category `id`, latest activity first, or
 * thread `id` with its `posts`, oldest first. Errors are the page's to show: an unknown thread answers 404, its own
 * "not found" state.
 */
export function getForumPage<L extends keyof ListAnswers>(
  api: ApiClient,
  list: L,
  query: { id: number; start: number; amount: number },
  signal?: AbortSignal,
): Promise<ListAnswers[L]> {
  const { path, of } = LISTS[list];
  return api.get<ListAnswers[L]>(
    path,
    { [of]: query.id, start: query.start, amount: query.amount },
    { signal, defaultErrorHandler: false },
  );
}

/** The rows the server-rendered page was drawn with (getForumPage's answer for the same question), if it has them. */
export function drawnForumPage<L extends keyof ListAnswers>(
  api: ApiClient,
  list: L,
  query: { id: number; start: number; amount: number },
): ListAnswers[L] | undefined {
  const { path, of } = LISTS[list];
  return api.peek<ListAnswers[L]>(path, { [of]: query.id, start: query.start, amount: query.amount });
}
