import type { ForumLockResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** POST /forums/thread/lock (moderation, canBanUsers): locks or unlocks a topic against new replies. */
export function lockThread(api: ApiClient, input: { threadId: number; locked: boolean }): Promise<ForumLockResponse> {
  return api.post<ForumLockResponse>('/forums/thread/lock', { thread_id: input.threadId, locked: input.locked });
}
