import type { ForumNewPostResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * POST /forums/new_post (docs/product.md#calls): a reply, answered with the new post and the poster's new lifetime count. A
 * refusal (400, 409 locked, 429) shows the Error popover from the api client.
 */
export function createPost(
  api: ApiClient,
  input: { threadId: number; message: string },
): Promise<ForumNewPostResponse> {
  return api.post<ForumNewPostResponse>('/forums/new_post', { thread_id: input.threadId, message: input.message });
}
