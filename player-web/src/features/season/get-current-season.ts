import type { SeasonPayload } from '@ecup/domain';
import { apiGet } from '../../lib/api-client.ts';

/** GET /season/current (decisions section 4: the product name comes from the season). */
export function getCurrentSeason(signal?: AbortSignal): Promise<SeasonPayload> {
  return apiGet<SeasonPayload>('/season/current', { signal });
}
