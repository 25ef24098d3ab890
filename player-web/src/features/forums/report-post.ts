import type { ForumReportResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** POST /forums/post/report (any signed-in player): asks a moderator to look at a post, with a reason. */
export function reportPost(api: ApiClient, input: { postId: number; reason: string }): Promise<ForumReportResponse> {
  return api.post<ForumReportResponse>('/forums/post/report', { post_id: input.postId, reason: input.reason });
}
