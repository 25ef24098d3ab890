import type { TrophyHoldersResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** GET /trophy/holders: every current holder of an unsecured trophy, the closest to securing first. */
export function getTrophyHolders(api: ApiClient, signal?: AbortSignal): Promise<TrophyHoldersResponse> {
  return withServerClock(() =>
    api.get<TrophyHoldersResponse>(TROPHY_HOLDERS, {}, { signal, defaultErrorHandler: false }),
  );
}

/** The holders the server-rendered page was drawn with (getTrophyHolders's answer), if it has them. */
export function drawnTrophyHolders(api: ApiClient): TrophyHoldersResponse | undefined {
  return api.peek<TrophyHoldersResponse>(TROPHY_HOLDERS);
}

const TROPHY_HOLDERS = '/trophy/holders';
