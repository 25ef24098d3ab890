import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NEWS_IMAGE_WIDTH, NEWS_THUMB_WIDTH, type NewsListEntry } from '@ecup/domain';
import { useI18n } from '../i18n/i18n.tsx';
import { imageUrl } from '../lib/images.ts';
import { newsPattern } from './news-art.ts';
import { CATEGORY_LABEL } from './news-i18n.ts';

/** The list the cards sit in: one column on phones, two from 600 px, four from 900 px. */
export const newsGrid = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** How wide a card's image is drawn at each layout of {@link newsGrid}: a 104 px thumbnail beside the text on phones. */
const CARD_IMAGE_SIZES = '(min-width: 900px) 276px, (min-width: 600px) calc(50vw - 32px), 104px';

/**
 * One article in a list: image (or a generated pattern), category, title, excerpt and date. The title is the one
 * link, stretched over the whole card, so a screen reader hears one link with the title as its name.
 */
export function NewsCard({ entry }: { entry: NewsListEntry }) {
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
        // The keyboard's ring drawn inside the card: a list's section may clip anything drawn around it.
        '&:has(a:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        '@media (prefers-reduced-motion: no-preference)': { '&:hover': { transform: 'translateY(-2px)' } },
      }}
    >
      <Box
        sx={{
          flex: 'none',
          width: { xs: 104, sm: 'auto' },
          minHeight: { xs: 104, sm: 0 },
          aspectRatio: { xs: 'auto', sm: '16 / 9' },
          background: image ? undefined : newsPattern(entry.id, entry.category_id),
        }}
      >
        {image && (
          <Box
            component="img"
            src={imageUrl('news', image)}
            // The thumbnail wherever it is sharp enough (phones, four columns); the full image on wide cards.
            srcSet={`${imageUrl('news_thumb', image)} ${NEWS_THUMB_WIDTH}w, ${imageUrl('news', image)} ${NEWS_IMAGE_WIDTH}w`}
            sizes={CARD_IMAGE_SIZES}
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
