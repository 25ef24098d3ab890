import type { TrophyStatsResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * GET /trophy/get_stats (spec §7): the pool and the timers for everyone; for a signed-in player also their held
 * trophies and counts. Failures are shown inline by the page, not in a popover.
 */
export function getTrophyStats(api: ApiClient, signal?: AbortSignal): Promise<TrophyStatsResponse> {
  return withServerClock(() =>
    api.get<TrophyStatsResponse>('/trophy/get_stats', {}, { signal, defaultErrorHandler: false }),
  );
}
