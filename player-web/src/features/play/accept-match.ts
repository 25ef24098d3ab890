import type { MatchmakingStatus } from '@ecup/domain';
import type { ApiClient, CallOptions } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * POST /matchmaking/match/accept (docs/product.md#states): accepts the pending match; the answer is 'playing' when the opponent had
 * accepted already.
 */
export function acceptMatch(api: ApiClient, options: CallOptions = {}): Promise<MatchmakingStatus> {
  return withServerClock(() => api.post<MatchmakingStatus>('/matchmaking/match/accept', {}, options));
}
