import { useEffect, useState } from 'react';
import { NEWS_FURTHER_COUNT, type NewsEntry, type NewsListEntry } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { getLatestNews } from '../../lib/news.ts';
import { getNewsArticle } from './get-news-article.ts';

type ArticleState =
  { status: 'loading' } | { status: 'ready'; article: NewsEntry } | { status: 'not-found' } | { status: 'error' };

type ListState = { status: 'loading' } | { status: 'ready'; items: NewsListEntry[] } | { status: 'error' };

/** The article for the route's id, or the newest one when there is none. */
export function useArticle(id: string | undefined) {
  const { api } = useClient();
  const [state, setState] = useState<ArticleState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getNewsArticle(api, id, controller.signal)
      .then((article) => setState({ status: 'ready', article }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'error' });
      });
    return () => controller.abort();
  }, [api, id, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The latest articles, one more than shown so the open one can be left out (spec §9: 8 further articles). */
export function useFurtherNews() {
  const { api } = useClient();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getLatestNews(api, NEWS_FURTHER_COUNT + 1, controller.signal)
      .then((items) => setState({ status: 'ready', items }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [api]);
  return state;
}
