import type { SeasonPayload } from '@ecup/domain';
import type { ApiClient } from '../lib/api-client.ts';

export const CURRENT_SEASON = '/season/current';

/** GET /season/current (docs/decisions.md#season-and-time: the product name comes from the season). */
export function getCurrentSeason(api: ApiClient, signal?: AbortSignal): Promise<SeasonPayload> {
  return api.get<SeasonPayload>(CURRENT_SEASON, {}, { signal, defaultErrorHandler: false });
}
