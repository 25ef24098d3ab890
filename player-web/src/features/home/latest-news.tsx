import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { HOME_NEWS_COUNT } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { NewsCard, newsGrid } from '../../components/news-card.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { drawnLatestNews, getLatestNews } from '../../lib/news.ts';
import { useRead } from '../../lib/use-read.ts';
import { SectionHeading } from './section-heading.tsx';
import { Placeholder } from '../../components/placeholder.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** The 4 latest articles of docs/product.md#screens-and-routes as cards linking to /news/{id}. */
export function LatestNews() {
  const { t } = useI18n();
  const { api } = useClient();
  const state = useRead(
    () => drawnLatestNews(api, HOME_NEWS_COUNT),
    (signal) => getLatestNews(api, HOME_NEWS_COUNT, signal),
    [api],
  );

  return (
    <Box component="section" aria-labelledby="home-news">
      <SectionHeading id="home-news" title={t('home.news.title')} to="/news" linkText={t('home.news.all')} />
      {state.status === 'loading' && (
        <Box sx={newsGrid} aria-hidden>
          {Array.from({ length: HOME_NEWS_COUNT }, (_, i) => (
            <Placeholder key={i} height={300} />
          ))}
        </Box>
      )}
      {state.status === 'error' && (
        <ErrorAlert
          action={
            <Button color="inherit" size="small" onClick={state.retry}>
              {t('home.news.retry')}
            </Button>
          }
        >
          {t('home.news.error')}
        </ErrorAlert>
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <Typography color="text.secondary">{t('home.news.none')}</Typography>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <Box component="ul" sx={newsGrid}>
          {state.data.map((item) => (
            <li key={item.id}>
              <NewsCard entry={item} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
