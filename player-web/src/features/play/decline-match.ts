import type { MatchmakingStatus } from '@ecup/domain';
import type { ApiClient, CallOptions } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** POST /matchmaking/match/decline (docs/product.md#states): declines the pending match and leaves the queue. */
export function declineMatch(api: ApiClient, options: CallOptions = {}): Promise<MatchmakingStatus> {
  return withServerClock(() => api.post<MatchmakingStatus>('/matchmaking/match/decline', {}, options));
}
