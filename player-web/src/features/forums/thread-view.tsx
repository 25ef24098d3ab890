import { Suspense, lazy, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ReplyIcon from '@mui/icons-material/Reply';
import { has, type ForumCategory, type ForumPostPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotFoundScreen } from '../../components/not-found-screen.tsx';
import { SearchSummary } from '../../components/search-summary.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { BackLink } from './back-link.tsx';
import { hidePost } from './hide-post.ts';
import { lockThread } from './lock-thread.ts';
import { PostCard, type PostActions } from './post-card.tsx';
import { ReplyForm } from './reply-form.tsx';
import { reportPost } from './report-post.ts';
import { ForumSearchBox } from './search-box.tsx';
import { usePostSearch } from './use-post-search.ts';
import { useThread, withLifetime } from './use-thread.ts';

/** The reason dialog's code (MUI's Dialog and Modal) is fetched when a reader first reports or hides a post. */
const ReasonDialog = lazy(() => import('./reason-dialog.tsx').then((m) => ({ default: m.ReasonDialog })));

type Asking = { kind: 'hide' | 'report'; post: ForumPostPayload } | null;

/** A thread id from the address: a positive whole number, or null. */
function parseThreadId(param: string): number | null {
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

function PostList({
  posts,
  actionsFor,
  label,
  focusId,
}: {
  posts: ForumPostPayload[];
  actionsFor(post: ForumPostPayload): PostActions;
  label: string;
  focusId?: number | null;
}) {
  const newest = useRef<HTMLElement | null>(null);
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard
            post={post}
            actions={actionsFor(post)}
            ref={
              post.id === focusId
                ? (node: HTMLElement | null) => {
                    if (node && newest.current !== node) {
                      newest.current = node;
                      node.focus();
                    }
                  }
                : undefined
            }
          />
        </li>
      ))}
    </Box>
  );
}

/**
 * Route /forums/{slug}/{threadId} (docs/product.md#screens-and-routes): the posts, a search over them, 'New reply' and the reply form for
 * signed-in players, moderation for staff with canBanUsers and 'Report' for every signed-in player.
 */
export function ThreadView({ category, threadParam }: { category: ForumCategory; threadParam: string }) {
  const { t, tm } = useI18n();
  const { api, state: client, popover } = useClient();
  const openSignIn = useOpenSignIn();
  const threadId = parseThreadId(threadParam);
  const { state, retry, update, loadMore } = useThread(threadId);
  const [search, setSearch] = useState('');
  const [found, setFound] = usePostSearch(threadId, search);
  const [replying, setReplying] = useState(false);
  const [postedId, setPostedId] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [locking, setLocking] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const title =
    state.status === 'ready' ? state.thread.title : state.status === 'not-found' ? t('forums.threadNotFound') : null;
  usePageTitle(title);

  const user = client.user;
  // Only tools this session can use: staff who need a second factor and signed in with a password act as players.
  const moderator = user !== null && has(user.session_permissions, 'canBanUsers');
  const back = <BackLink to={`/forums/${category.slug}`}>{t('forums.backTo', { title: category.title })}</BackLink>;

  if (state.status === 'loading') {
    return (
      <>
        {back}
        <LoadingScreen fullScreen={false} />
      </>
    );
  }
  if (state.status === 'not-found' || state.status === 'error') {
    const notFound = state.status === 'not-found';
    return (
      <Box>
        {back}
        {notFound ? (
          <NotFoundScreen
            title={t('forums.threadNotFound')}
            hint={t('forums.threadNotFoundHint')}
            action={{ label: t('forums.backTo', { title: category.title }), to: `/forums/${category.slug}` }}
          />
        ) : (
          <NotFoundScreen title={t('forums.threadError')} action={{ label: t('forums.retry'), onClick: retry }} />
        )}
      </Box>
    );
  }

  const { thread } = state;

  /** Applies a change to a post both in the thread and in the current search hits. */
  const changePosts = (change: (posts: ForumPostPayload[]) => ForumPostPayload[]) => {
    update((current) => ({ ...current, posts: change(current.posts) }));
    setFound((s) => (s.status === 'ready' ? { ...s, posts: change(s.posts) } : s));
  };

  const posted = (post: ForumPostPayload) => {
    update((current) => ({
      ...current,
      posts: [...withLifetime(current.posts, post.user_id, post.lifetime_posts), post],
      total: current.total + 1,
    }));
    setFound((s) =>
      s.status === 'ready' ? { ...s, posts: withLifetime(s.posts, post.user_id, post.lifetime_posts) } : s,
    );
    setReplying(false);
    setPostedId(post.id);
    setAnnouncement(t('forums.replyPosted'));
  };

  const toggleLock = async () => {
    if (locking) return;
    setLocking(true);
    try {
      const answer = await lockThread(api, { threadId: thread.id, locked: !thread.locked });
      update((current) => ({ ...current, locked: answer.locked }));
      if (answer.locked) setReplying(false);
      setAnnouncement(answer.locked ? t('forums.lockedDone') : t('forums.unlockedDone'));
    } catch {
      // The api client has shown the reason.
    } finally {
      setLocking(false);
    }
  };

  const setHidden = async (post: ForumPostPayload, hidden: boolean, reason?: string): Promise<boolean> => {
    try {
      const answer = await hidePost(api, { postId: post.id, hidden, reason });
      changePosts((posts) =>
        posts.map((p) =>
          p.id === post.id
            ? { ...p, hidden: answer.hidden, hidden_reason: answer.hidden ? (reason ?? null) : null }
            : p,
        ),
      );
      return true;
    } catch {
      return false;
    }
  };

  const report = async (post: ForumPostPayload, reason: string): Promise<boolean> => {
    try {
      await reportPost(api, { postId: post.id, reason });
      popover(t('forums.reportTitle'), tm('postReported'));
      return true;
    } catch {
      return false;
    }
  };

  const moderation: PostActions = moderator
    ? { onHide: (post) => setAsking({ kind: 'hide', post }), onShow: (post) => void setHidden(post, false) }
    : {};
  /** Every signed-in player can report others' posts; staff can hide and show any post. */
  const actionsFor = (post: ForumPostPayload): PostActions =>
    user && post.user_id !== user.id
      ? { ...moderation, onReport: (target) => setAsking({ kind: 'report', post: target }) }
      : moderation;

  const searching = search !== '';
  let searchSummary = '';
  if (searching && found.status === 'ready') {
    searchSummary =
      found.posts.length === 0
        ? tm('noPostsFound')
        : found.posts.length === 1
          ? t('forums.search.postsFoundOne')
          : t('forums.search.postsFoundMany', { count: found.posts.length });
  }

  const replyArea = thread.locked ? (
    <Alert severity="info" icon={<LockIcon />} data-locked-notice>
      {t('forums.lockedNotice')}
    </Alert>
  ) : !user ? (
    <Button variant="outlined" size="large" startIcon={<ReplyIcon />} onClick={openSignIn}>
      {t('forums.signInToReply')}
    </Button>
  ) : replying ? (
    <ReplyForm threadId={thread.id} onPosted={posted} onCancel={() => setReplying(false)} />
  ) : (
    <Button variant="contained" size="large" startIcon={<ReplyIcon />} onClick={() => setReplying(true)}>
      {t('forums.newReply')}
    </Button>
  );

  return (
    <Box>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, overflowWrap: 'anywhere', lineHeight: 1.2, minWidth: 0 }}
        >
          {thread.locked && (
            <LockIcon
              titleAccess={t('forums.locked')}
              sx={{ fontSize: '0.8em', mr: 1, verticalAlign: 'baseline', color: 'text.secondary' }}
            />
          )}
          {thread.title}
        </Typography>
        {moderator && (
          <Button
            variant="outlined"
            color="warning"
            disabled={locking}
            startIcon={thread.locked ? <LockOpenIcon /> : <LockIcon />}
            onClick={() => void toggleLock()}
            sx={{ flex: 'none' }}
          >
            {thread.locked ? t('forums.unlock') : t('forums.lock')}
          </Button>
        )}
      </Stack>
      <Box sx={{ mb: 2, maxWidth: 520 }}>
        <ForumSearchBox
          label={t('forums.search.postsLabel')}
          hint={t('forums.search.postsHint')}
          onSearch={setSearch}
        />
      </Box>
      <SearchSummary
        text={searchSummary}
        nothingFound={found.status === 'ready' && found.posts.length === 0}
        gapBelowBox={2}
      />
      {searching ? (
        <Box aria-busy={found.status === 'loading'}>
          {found.status === 'loading' && <LinearProgress aria-hidden sx={{ mb: 2 }} />}
          {found.status === 'error' && <Alert severity="error">{t('forums.threadError')}</Alert>}
          {found.status === 'ready' && found.posts.length > 0 && (
            <PostList posts={found.posts} actionsFor={actionsFor} label={t('forums.postsCaption')} />
          )}
        </Box>
      ) : (
        <>
          <PostList posts={thread.posts} actionsFor={actionsFor} label={t('forums.postsCaption')} focusId={postedId} />
          {thread.posts.length < thread.total && (
            <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
              <Button variant="outlined" disabled={state.loadingMore} onClick={() => void loadMore()}>
                {t('forums.morePosts')}
              </Button>
              {state.moreFailed && <Alert severity="error">{t('forums.morePostsError')}</Alert>}
            </Stack>
          )}
          <Box sx={{ mt: 3 }}>{replyArea}</Box>
        </>
      )}
      {asking && (
        <Suspense fallback={null}>
          <ReasonDialog
            key={`${asking.kind}-${asking.post.id}`}
            open
            title={asking.kind === 'hide' ? t('forums.hideTitle') : t('forums.reportTitle')}
            text={asking.kind === 'hide' ? t('forums.hideText') : t('forums.reportText')}
            onClose={() => setAsking(null)}
            onSubmit={(reason) =>
              asking.kind === 'hide' ? setHidden(asking.post, true, reason) : report(asking.post, reason)
            }
          />
        </Suspense>
      )}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
