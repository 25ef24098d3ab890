import type { MatchmakingStatus } from '@ecup/domain';
import type { ApiClient, CallOptions } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** POST /matchmaking/queue/leave (docs/product.md#states: Leave, and leaving the play screen while queued). */
export function leaveQueue(api: ApiClient, options: CallOptions = {}): Promise<MatchmakingStatus> {
  return withServerClock(() => api.post<MatchmakingStatus>('/matchmaking/queue/leave', {}, options));
}
