import { useCallback, useEffect, useRef, useState } from 'react';
import { FORUM_POSTS_MAX_AMOUNT, type ForumPostPayload, type ForumThreadResponse } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { isNotFound } from '../../lib/api-client.ts';
import { drawnForumPage, getForumPage } from './get-forum-page.ts';
import { useDrawn } from '../../lib/page-data.ts';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'ready'; thread: ForumThreadResponse; loadingMore: boolean; moreFailed: boolean };

/** Gives every post of `userId` the poster's new lifetime count (docs/product.md#states: it updates on their other posts). */
export function withLifetime(posts: ForumPostPayload[], userId: number, count: number): ForumPostPayload[] {
  return posts.map((post) =>
    post.user_id === userId && post.lifetime_posts !== count ? { ...post, lifetime_posts: count } : post,
  );
}

/**
 * A thread with its posts, oldest first (docs/product.md#screens-and-routes), read again when the signed-in user changes (staff also receive
 * hidden posts). Posts beyond the first 500 come with `loadMore`; `update` changes the loaded thread in place.
 */
export function useThread(threadId: number | null) {
  const { api, state: client } = useClient();
  const userId = client.user?.id ?? null;
  // A server-rendered page was drawn with the thread as a visitor sees it: the page starts with it, and reads it
  // again only for a new question (another thread, a signed-in reader: staff also see hidden posts).
  const thread = useDrawn(() =>
    threadId === null
      ? undefined
      : drawnForumPage(api, 'posts', { id: threadId, start: 0, amount: FORUM_POSTS_MAX_AMOUNT }),
  );
  const [state, setState] = useState<ThreadState>(() =>
    thread ? { status: 'ready', thread, loadingMore: false, moreFailed: false } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  const keepDrawn = useRef(state.status === 'ready');

  useEffect(() => {
    if (keepDrawn.current) {
      keepDrawn.current = false;
      return;
    }
    const current = ++generation.current;
    if (threadId === null) {
      setState({ status: 'not-found' });
      return;
    }
    const controller = new AbortController();
    getForumPage(api, 'posts', { id: threadId, start: 0, amount: FORUM_POSTS_MAX_AMOUNT }, controller.signal)
      .then((thread) => {
        if (current === generation.current)
          setState({ status: 'ready', thread, loadingMore: false, moreFailed: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || current !== generation.current) return;
        setState(isNotFound(error) ? { status: 'not-found' } : { status: 'error' });
      });
    return () => controller.abort();
  }, [api, threadId, userId, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const update = useCallback((change: (thread: ForumThreadResponse) => ForumThreadResponse) => {
    setState((s) => (s.status === 'ready' ? { ...s, thread: change(s.thread) } : s));
  }, []);

  const loaded = state.status === 'ready' ? state.thread.posts.length : 0;
  const loadMore = useCallback(async () => {
    if (threadId === null) return;
    const current = generation.current;
    setState((s) => (s.status === 'ready' ? { ...s, loadingMore: true, moreFailed: false } : s));
    try {
      const answer = await getForumPage(api, 'posts', { id: threadId, start: loaded, amount: FORUM_POSTS_MAX_AMOUNT });
      if (current !== generation.current) return;
      setState((s) => {
        if (s.status !== 'ready') return s;
        const seen = new Set(s.thread.posts.map((post) => post.id));
        const added = answer.posts.filter((post) => !seen.has(post.id));
        return {
          ...s,
          thread: { ...answer, posts: [...s.thread.posts, ...added] },
          loadingMore: false,
        };
      });
    } catch {
      if (current !== generation.current) return;
      setState((s) => (s.status === 'ready' ? { ...s, loadingMore: false, moreFailed: true } : s));
    }
  }, [api, threadId, loaded]);

  return { state, retry, update, loadMore };
}
