import type { MatchmakingStatus } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * POST /matchmaking/queue/keepalive (docs/product.md#states: every 6 s while queued and not matched). Quiet: a refusal means the
 * entry is gone, and the screen reads the status again instead of showing a popover every 6 s.
 */
export function keepQueueAlive(api: ApiClient): Promise<MatchmakingStatus> {
  return withServerClock(() =>
    api.post<MatchmakingStatus>('/matchmaking/queue/keepalive', {}, { defaultErrorHandler: false }),
  );
}
