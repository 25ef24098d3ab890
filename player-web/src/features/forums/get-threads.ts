import type { ForumThreadsResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /forums/threads (spec §7, §9): `amount` threads of a category from `start`, latest activity first. */
export function getThreads(
  api: ApiClient,
  query: { categoryId: number; start: number; amount: number },
  signal?: AbortSignal,
): Promise<ForumThreadsResponse> {
  return api.get<ForumThreadsResponse>(
    '/forums/threads',
    { category_id: query.categoryId, start: query.start, amount: query.amount },
    { signal, defaultErrorHandler: false },
  );
}
