import { NEWS_FURTHER_COUNT, type NewsEntry, type NewsListEntry } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { isNotFound } from '../../lib/api-client.ts';
import { drawnLatestNews, getLatestNews } from '../../lib/news.ts';
import { useRead } from '../../lib/use-read.ts';
import { drawnNewsArticle, getNewsArticle } from './get-news-article.ts';

type ArticleState =
  { status: 'loading' } | { status: 'ready'; article: NewsEntry } | { status: 'not-found' } | { status: 'error' };

type ListState = { status: 'loading' } | { status: 'ready'; items: NewsListEntry[] } | { status: 'error' };

/** The article for the route's id, or the newest one when there is none. */
export function useArticle(id: string | undefined): { state: ArticleState; retry(): void } {
  const { api } = useClient();
  const read = useRead(
    () => drawnNewsArticle(api, id),
    (signal) => getNewsArticle(api, id, signal),
    [api, id],
  );
  const state: ArticleState =
    read.status === 'ready'
      ? { status: 'ready', article: read.data }
      : read.status === 'error'
        ? { status: isNotFound(read.error) ? 'not-found' : 'error' }
        : read;
  return { state, retry: read.retry };
}

/** The latest articles, one more than shown so the open one can be left out (docs/product.md#constants: 8 further articles). */
export function useFurtherNews(): ListState {
  const { api } = useClient();
  const read = useRead(
    () => drawnLatestNews(api, NEWS_FURTHER_COUNT + 1),
    (signal) => getLatestNews(api, NEWS_FURTHER_COUNT + 1, signal),
    [api],
  );
  return read.status === 'ready' ? { status: 'ready', items: read.data } : read;
}
