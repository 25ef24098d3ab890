import type { TrophyStatsResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * GET /trophy/get_stats (docs/product.md#calls): the pool and the timers for everyone; for a signed-in player also their held
 * trophies and counts. Failures are shown inline by the page, not in a popover.
 */
export function getTrophyStats(api: ApiClient, signal?: AbortSignal): Promise<TrophyStatsResponse> {
  return withServerClock(() => api.get<TrophyStatsResponse>(TROPHY_STATS, {}, { signal, defaultErrorHandler: false }));
}

/** The stats a visitor's server-rendered page was drawn with (getTrophyStats's answer), if it has them. */
export function drawnTrophyStats(api: ApiClient): TrophyStatsResponse | undefined {
  return api.peek<TrophyStatsResponse>(TROPHY_STATS);
}

const TROPHY_STATS = '/trophy/get_stats';
