import type { ForumCategoryCounts } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /forums/category_threads (spec §3, §7): thread counts indexed by category id, shown inline on failure. */
export function getCategoryCounts(api: ApiClient, signal?: AbortSignal): Promise<ForumCategoryCounts> {
  return api.get<ForumCategoryCounts>('/forums/category_threads', {}, { signal, defaultErrorHandler: false });
}
