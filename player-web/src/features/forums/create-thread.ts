import type { ForumNewThreadResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** POST /forums/new_thread (docs/product.md#calls): a new topic with its opening post; answers the new thread's id. */
export function createThread(
  api: ApiClient,
  input: { categoryId: number; title: string; message: string },
): Promise<ForumNewThreadResponse> {
  return api.post<ForumNewThreadResponse>('/forums/new_thread', {
    category_id: input.categoryId,
    title: input.title,
    message: input.message,
  });
}
