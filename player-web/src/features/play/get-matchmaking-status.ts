import type { MatchmakingStatus } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** GET /matchmaking/status: where the player stands (idle, queued, matched or playing), read on load and reconnect. */
export function getMatchmakingStatus(api: ApiClient, signal?: AbortSignal): Promise<MatchmakingStatus> {
  return withServerClock(() =>
    api.get<MatchmakingStatus>('/matchmaking/status', {}, { signal, defaultErrorHandler: false }),
  );
}
