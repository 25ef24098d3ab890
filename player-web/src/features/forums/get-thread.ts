import type { ForumThreadResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * GET /forums/posts (spec §7): the thread with `amount` of its posts from `start`, oldest first. An unknown thread
 * answers 404, which the page shows as its own "not found" state.
 */
export function getThread(
  api: ApiClient,
  query: { threadId: number; start: number; amount: number },
  signal?: AbortSignal,
): Promise<ForumThreadResponse> {
  return api.get<ForumThreadResponse>(
    '/forums/posts',
    { thread_id: query.threadId, start: query.start, amount: query.amount },
    { signal, defaultErrorHandler: false },
  );
}
