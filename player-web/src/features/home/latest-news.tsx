import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { HOME_NEWS_COUNT, type NewsCategoryId, type NewsListEntry } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { getLatestNews } from './get-latest-news.ts';

const CATEGORY_LABEL: Record<NewsCategoryId, MessageKey> = {
  0: 'home.category.gothiaCup',
  1: 'home.category.trophyHunt',
  2: 'home.category.tournament',
  3: 'home.category.sponsored',
};

/** Category colours (pitch green, red, gold, blue), as the seeded article images use them. */
const CATEGORY_COLOUR: Record<NewsCategoryId, string> = { 0: '#2fbf5e', 1: '#d7263d', 2: '#f5b700', 3: '#3b82d6' };

/** A generated pattern for an article without an image (ui-brief), varied by id so neighbours differ. */
function pattern(id: number, category: NewsCategoryId): string {
  const colour = CATEGORY_COLOUR[category] ?? '#2fbf5e';
  return [
    `radial-gradient(circle at ${(id * 31) % 100}% 20%, ${colour}80, transparent 55%)`,
    `repeating-linear-gradient(${20 + ((id * 47) % 140)}deg, ${colour}26 0 14px, transparent 14px 28px)`,
    'linear-gradient(160deg, #13243d, #0b1a2e)',
  ].join(', ');
}

const grid = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** One news card; the title is the one link, stretched over the card. */
function NewsCard({ entry }: { entry: NewsListEntry }) {
  const { t, dateTime } = useI18n();
  const image = entry.image_hash;
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        // A thumbnail beside the title on phones, so four cards do not fill four screens; a picture on top above.
        flexDirection: { xs: 'row', sm: 'column' },
        overflow: 'hidden',
        transition: 'border-color 150ms, transform 150ms',
        '&:hover': { borderColor: 'primary.main' },
        '&:has(a:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '@media (prefers-reduced-motion: no-preference)': { '&:hover': { transform: 'translateY(-2px)' } },
      }}
    >
      <Box
        sx={{
          flex: 'none',
          width: { xs: 104, sm: 'auto' },
          minHeight: { xs: 104, sm: 0 },
          aspectRatio: { xs: 'auto', sm: '16 / 9' },
          background: image ? undefined : pattern(entry.id, entry.category_id),
        }}
      >
        {image && (
          <Box
            component="img"
            src={`/images/news/${image.slice(0, 2)}/${image}.jpg`}
            alt=""
            loading="lazy"
            sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'background.default' }}
          />
        )}
      </Box>
      <Box
        sx={{
          p: { xs: 1.5, sm: 2 },
          display: 'flex',
          flexDirection: 'column',
          gap: { xs: 0.5, sm: 1 },
          flex: 1,
          minWidth: 0,
        }}
      >
        <Typography variant="overline" color="primary" sx={{ lineHeight: 1.4, fontWeight: 700 }}>
          {t(CATEGORY_LABEL[entry.category_id])}
        </Typography>
        <Typography
          variant="h6"
          component="h3"
          sx={{ fontSize: { xs: '1rem', sm: '1.05rem' }, lineHeight: 1.3, overflowWrap: 'break-word' }}
        >
          <Link
            component={RouterLink}
            to={`/news/${entry.id}`}
            color="inherit"
            underline="hover"
            sx={{
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&:focus-visible': { outline: 'none' },
            }}
          >
            {entry.title}
          </Link>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: { xs: 'none', sm: '-webkit-box' },
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {entry.excerpt}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto', pt: 0.5 }}>
          <time dateTime={new Date(entry.inserted * 1000).toISOString()}>
            {dateTime(entry.inserted, { dateStyle: 'medium' })}
          </time>
        </Typography>
      </Box>
    </Paper>
  );
}

type State = { status: 'loading' } | { status: 'ready'; items: NewsListEntry[] } | { status: 'error' };

/** The 4 latest articles of spec §2 as cards linking to /news/{id}. */
export function LatestNews() {
  const { t } = useI18n();
  const { api } = useClient();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getLatestNews(api, HOME_NEWS_COUNT, controller.signal)
      .then((items) => setState({ status: 'ready', items }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [api, attempt]);

  return (
    <Box component="section" aria-labelledby="home-news">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2.5 }}>
        <Typography id="home-news" variant="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('home.news.title')}
        </Typography>
        <Link component={RouterLink} to="/news" sx={{ fontWeight: 500, flex: 'none' }}>
          {t('home.news.all')}
        </Link>
      </Box>
      {state.status === 'loading' && (
        <Box sx={grid} aria-hidden>
          {Array.from({ length: HOME_NEWS_COUNT }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={300} />
          ))}
        </Box>
      )}
      {state.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('home.news.retry')}
            </Button>
          }
        >
          {t('home.news.error')}
        </Alert>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <Typography color="text.secondary">{t('home.news.none')}</Typography>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <Box component="ul" sx={grid}>
          {state.items.map((item) => (
            <li key={item.id}>
              <NewsCard entry={item} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
