import type { ForumCategoryCounts } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /forums/category_threads (docs/product.md#entities, docs/product.md#calls): thread counts indexed by category id, shown inline on failure. */
export function getCategoryCounts(api: ApiClient, signal?: AbortSignal): Promise<ForumCategoryCounts> {
  return api.get<ForumCategoryCounts>(CATEGORY_COUNTS, {}, { signal, defaultErrorHandler: false });
}

/** The counts the server-rendered page was drawn with (getCategoryCounts's answer), if it has them. */
export function drawnCategoryCounts(api: ApiClient): ForumCategoryCounts | undefined {
  return api.peek<ForumCategoryCounts>(CATEGORY_COUNTS);
}

const CATEGORY_COUNTS = '/forums/category_threads';
