import type { MatchmakingStatus } from '@ecup/domain';
import type { ApiClient, CallOptions } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * POST /matchmaking/queue/enter (docs/product.md#calls, docs/decisions.md#matchmaking): enters the queue. A refusal (window closed, cooldown, open
 * game, weekly cap) shows the server's message in the Error popover.
 */
export function enterQueue(api: ApiClient, options: CallOptions = {}): Promise<MatchmakingStatus> {
  return withServerClock(() => api.post<MatchmakingStatus>('/matchmaking/queue/enter', {}, options));
}
