import { useEffect, useState } from 'react';
import type { ForumPostPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { searchPosts } from './search-posts.ts';

export type PostSearchState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; posts: ForumPostPayload[] } | { status: 'error' };

/** The posts of a thread matching `search`; idle while the search text is empty (docs/product.md#validation: empty clears). */
export function usePostSearch(threadId: number | null, search: string) {
  const { api } = useClient();
  const [state, setState] = useState<PostSearchState>({ status: 'idle' });
  useEffect(() => {
    if (threadId === null || search === '') {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchPosts(api, { threadId, query: search }, controller.signal)
      .then((answer) => setState({ status: 'ready', posts: answer.posts }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [api, threadId, search]);
  return [state, setState] as const;
}
