import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import { FORUM_THREAD_STEPS, type ForumCategory, type ForumThreadRow } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PagedListBody } from '../../components/paged-list-body.tsx';
import { SearchSummary } from '../../components/search-summary.tsx';
import { ShowMoreButtons } from '../../components/show-more-buttons.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { BackLink } from './back-link.tsx';
import { ForumSearchBox } from './search-box.tsx';
import { useThreadList } from './use-thread-list.ts';
import { nowSeconds, replyCount, threadAge } from './wording.ts';
import { useNarrowScreen } from '../../hooks/use-narrow-screen.ts';

/** The title as a link to the thread, with a lock mark (icon and word) on a locked one. */
function ThreadTitle({ thread, slug }: { thread: ForumThreadRow; slug: string }) {
  const { t } = useI18n();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={`/forums/${slug}/${thread.id}`}
        underline="hover"
        sx={{ fontWeight: 600, fontSize: '1.0625rem', color: 'text.primary', overflowWrap: 'anywhere' }}
      >
        {thread.title}
      </Link>
      {thread.locked && (
        <Box
          component="span"
          sx={{
            ml: 1,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            verticalAlign: 'middle',
            fontSize: '0.75rem',
            color: 'text.secondary',
          }}
        >
          <LockIcon aria-hidden sx={{ fontSize: '0.9rem' }} />
          {t('forums.locked')}
        </Box>
      )}
    </Box>
  );
}

interface RowsProps {
  threads: ForumThreadRow[];
  slug: string;
  caption: string;
  now: number;
}

/** From 600 px: a table with title, replies, @username and age. */
function ThreadTable({ threads, slug, caption, now }: RowsProps) {
  const { t, numberFormat: number } = useI18n();
  return (
    <Table size="small" sx={{ '& td, & th': { borderColor: 'divider', py: 1.25 } }}>
      <Box component="caption" sx={visuallyHidden}>
        {caption}
      </Box>
      <TableHead>
        <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap' } }}>
          <TableCell scope="col">{t('forums.col.topic')}</TableCell>
          <TableCell scope="col" align="right">
            {t('forums.col.replies')}
          </TableCell>
          <TableCell scope="col">{t('forums.col.startedBy')}</TableCell>
          <TableCell scope="col">{t('forums.col.activity')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {threads.map((thread) => (
          <TableRow key={thread.id} data-thread={thread.id} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 'inherit' }}>
              <ThreadTitle thread={thread} slug={slug} />
            </TableCell>
            <TableCell align="right" data-replies sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {number.format(thread.posts)}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 100 }}>@{thread.username}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{threadAge(t, thread, now)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below 600 px (ui-brief): each row is a card that keeps all four columns. */
function ThreadCards({ threads, slug, caption, now }: RowsProps) {
  const { t } = useI18n();
  return (
    <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
      {threads.map((thread) => (
        <Paper key={thread.id} component="li" variant="outlined" data-thread={thread.id} sx={{ p: 1.5 }}>
          <ThreadTitle thread={thread} slug={slug} />
          <Box
            sx={{
              mt: 0.75,
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 1.5,
              rowGap: 0.25,
              typography: 'body2',
              color: 'text.secondary',
            }}
          >
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={visuallyHidden}>
                {`${t('forums.col.startedBy')}: `}
              </Box>
              @{thread.username}
            </Box>
            <Box component="span" data-replies sx={{ color: 'text.primary', fontWeight: 600 }}>
              {replyCount(t, thread.posts)}
            </Box>
            <span>{threadAge(t, thread, now)}</span>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * Route /forums/{slug} (docs/product.md#screens-and-routes): the category's topics with a title search, a link back to the categories, 'Add
 * a topic' for signed-in players and the 'Show more topics' buttons.
 */
export function ThreadList({ category }: { category: ForumCategory }) {
  const { t, tm } = useI18n();
  const { state: client } = useClient();
  const openSignIn = useOpenSignIn();
  usePageTitle(category.title);
  const [search, setSearch] = useState('');
  const list = useThreadList(category.id, search);
  const cards = useNarrowScreen('sm');
  const searching = search !== '';
  const settled = list.status === 'ready' && !list.refreshing;
  const caption = t('forums.threadsCaption', { title: category.title });
  const now = nowSeconds();

  let summary = '';
  if (settled && searching) {
    summary =
      list.total === 0
        ? tm('noThreadsFound')
        : list.total === 1
          ? t('forums.search.threadsFoundOne')
          : t('forums.search.threadsFoundMany', { count: list.total });
  }

  return (
    <>
      <BackLink to="/forums">{t('forums.allCategories')}</BackLink>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, mb: 0.5, overflowWrap: 'anywhere' }}>
            {category.title}
          </Typography>
          <Typography color="text.secondary">{category.description}</Typography>
        </Box>
        {client.user ? (
          <Button
            component={RouterLink}
            to={`/forums/${category.slug}/new_thread`}
            variant="contained"
            size="large"
            startIcon={<AddIcon />}
            sx={{ flex: 'none' }}
          >
            {t('forums.addTopic')}
          </Button>
        ) : (
          <Button variant="outlined" size="large" onClick={openSignIn} sx={{ flex: 'none' }}>
            {t('forums.signInToPost')}
          </Button>
        )}
      </Stack>
      <Box sx={{ mb: 2, maxWidth: 520 }}>
        <ForumSearchBox
          label={t('forums.search.threadsLabel')}
          hint={t('forums.search.threadsHint')}
          onSearch={setSearch}
        />
      </Box>
      <SearchSummary text={summary} nothingFound={list.total === 0} />
      <PagedListBody
        list={list}
        errorText={t('forums.threadsError')}
        retryLabel={t('forums.retry')}
        emptyText={searching ? null : t('forums.noThreads')}
      >
        {cards ? (
          <ThreadCards threads={list.rows} slug={category.slug} caption={caption} now={now} />
        ) : (
          <ThreadTable threads={list.rows} slug={category.slug} caption={caption} now={now} />
        )}
      </PagedListBody>
      {list.status === 'ready' && !searching && list.rows.length > 0 && (
        <ShowMoreButtons
          steps={FORUM_THREAD_STEPS}
          shown={list.rows.length}
          total={list.total}
          onMore={(step) => void list.loadMore(step)}
          label={(step) => t('forums.showMore', { count: step })}
          groupLabel={t('forums.showMoreGroup')}
          busy={list.loadingMore}
          showing={t('forums.showing', { shown: list.rows.length, total: list.total })}
          error={list.moreFailed ? t('forums.moreError') : null}
        />
      )}
    </>
  );
}
