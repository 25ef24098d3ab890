import type { NewsEntry } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * GET /news/get (docs/product.md#calls): one article (id as in the address) with its sanitised HTML, or the newest one without
 * an id. An unknown id answers 404 `{ error }`, which the page shows as its own "not found" state, not a popover.
 */
export function getNewsArticle(api: ApiClient, id: string | undefined, signal?: AbortSignal): Promise<NewsEntry> {
  return api.get<NewsEntry>(NEWS_GET, { id }, { signal, defaultErrorHandler: false });
}

/** The article the server-rendered page was drawn with (getNewsArticle's answer), if it has it. */
export function drawnNewsArticle(api: ApiClient, id: string | undefined): NewsEntry | undefined {
  return api.peek<NewsEntry>(NEWS_GET, { id });
}

const NEWS_GET = '/news/get';
