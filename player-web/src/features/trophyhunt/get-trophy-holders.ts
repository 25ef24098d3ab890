import type { TrophyHoldersResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** GET /trophy/holders: every current holder of an unsecured trophy, the closest to securing first. */
export function getTrophyHolders(api: ApiClient, signal?: AbortSignal): Promise<TrophyHoldersResponse> {
  return withServerClock(() =>
    api.get<TrophyHoldersResponse>('/trophy/holders', {}, { signal, defaultErrorHandler: false }),
  );
}
