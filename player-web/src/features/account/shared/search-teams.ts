import type { TeamSearchResponse } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * GET /user/search_teams?name= (docs/product.md#calls): up to 10 known team names for the sign-up suggestions. Failures stay
 * quiet; suggestions are a help, not a step.
 */
export function searchTeams(api: ApiClient, name: string, signal?: AbortSignal): Promise<TeamSearchResponse> {
  return api.get<TeamSearchResponse>('/user/search_teams', { name }, { signal, defaultErrorHandler: false });
}
