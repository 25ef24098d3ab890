import type { NewsListEntry } from '@ecup/domain';
import type { ApiClient } from './api-client.ts';

const LATEST_NEWS = '/news/latest';

/** GET /news/latest (docs/product.md#calls): the newest published articles, newest first. */
export function getLatestNews(api: ApiClient, amount: number, signal?: AbortSignal): Promise<NewsListEntry[]> {
  return api.get<NewsListEntry[]>(LATEST_NEWS, { amount }, { signal, defaultErrorHandler: false });
}

/** The newest articles the server-rendered page was drawn with (getLatestNews's answer), if it has them. */
export function drawnLatestNews(api: ApiClient, amount: number): NewsListEntry[] | undefined {
  return api.peek<NewsListEntry[]>(LATEST_NEWS, { amount });
}
