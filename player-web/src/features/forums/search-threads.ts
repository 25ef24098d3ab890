import type { ForumThreadSearchResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /forums/threads/search (docs/product.md#calls): the threads of a category whose title contains `query`. */
export function searchThreads(
  api: ApiClient,
  query: { categoryId: number; query: string },
  signal?: AbortSignal,
): Promise<ForumThreadSearchResponse> {
  return api.get<ForumThreadSearchResponse>(
    '/forums/threads/search',
    { category_id: query.categoryId, query: query.query },
    { signal, defaultErrorHandler: false },
  );
}
