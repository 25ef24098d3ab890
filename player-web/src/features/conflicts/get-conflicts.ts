import type { ConflictListResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /conflicts/list (docs/product.md#calls; docs/decisions.md#permissions: a player's own conflicts, every conflict for canResolveConflicts). */
export function getConflicts(api: ApiClient, signal?: AbortSignal): Promise<ConflictListResponse> {
  return api.get<ConflictListResponse>('/conflicts/list', {}, { signal, defaultErrorHandler: false });
}
