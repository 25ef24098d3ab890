import type { ForumHideResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** POST /forums/post/hide (moderation, canBanUsers): hides a post from players with a reason, or shows it again. */
export function hidePost(
  api: ApiClient,
  input: { postId: number; hidden: boolean; reason?: string },
): Promise<ForumHideResponse> {
  return api.post<ForumHideResponse>('/forums/post/hide', {
    post_id: input.postId,
    hidden: input.hidden,
    reason: input.reason,
  });
}
