import type { ForumPostSearchResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /forums/posts/search (docs/product.md#calls): the posts of a thread whose message contains `query`. */
export function searchPosts(
  api: ApiClient,
  query: { threadId: number; query: string },
  signal?: AbortSignal,
): Promise<ForumPostSearchResponse> {
  return api.get<ForumPostSearchResponse>(
    '/forums/posts/search',
    { thread_id: query.threadId, query: query.query },
    { signal, defaultErrorHandler: false },
  );
}
