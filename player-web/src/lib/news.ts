import type { NewsListEntry } from '@ecup/domain';
import type { ApiClient } from './api-client.ts';

/** GET /news/latest (spec §7): the newest published articles, newest first. */
export function getLatestNews(api: ApiClient, amount: number, signal?: AbortSignal): Promise<NewsListEntry[]> {
  return api.get<NewsListEntry[]>('/news/latest', { amount }, { signal, defaultErrorHandler: false });
}
