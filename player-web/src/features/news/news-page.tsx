import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import {
  NEWS_FURTHER_COUNT,
  NEWS_IMAGE_HEIGHT,
  NEWS_IMAGE_TITLE_TOP,
  NEWS_IMAGE_WIDTH,
  type NewsEntry,
} from '@ecup/domain';
import { NewsArticleFooter, NewsCategoryBadge, NewsContent } from '@ecup/web-ui';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotFoundScreen } from '../../components/not-found-screen.tsx';
import { newsPattern } from '../../components/news-art.ts';
import { NewsCard, newsGrid } from '../../components/news-card.tsx';
import { CATEGORY_LABEL } from '../../components/news-i18n.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { imageUrl } from '../../lib/images.ts';
import { useArticle, useFurtherNews } from './use-news-article.ts';

/**
 * How far up the picture the title block may reach: the lowest 230 of a 1200×630 picture's 630 rows, as a share of
 * its width (a negative top margin in % is a share of the width). A generated picture's words stay above that line
 * (the demo seed's newsImageLabels), so nothing shows through under the title.
 */
const TITLE_OVERLAP = `-${(((NEWS_IMAGE_HEIGHT - NEWS_IMAGE_TITLE_TOP) / NEWS_IMAGE_WIDTH) * 100).toFixed(2)}%`;

/** The article's picture at the news image's shape, its lower part fading into the title written over it. */
function ArticleHeader({ article }: { article: NewsEntry }) {
  const { t } = useI18n();
  return (
    <Box
      component="header"
      sx={{
        position: 'relative',
        mx: { xs: -2, sm: 0 },
        borderRadius: { xs: 0, sm: 3 },
        overflow: 'hidden',
        background: '#0b1a2e',
      }}
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: `${NEWS_IMAGE_WIDTH} / ${NEWS_IMAGE_HEIGHT}`,
          background: article.image_hash ? undefined : newsPattern(article.id, article.category_id),
        }}
      >
        {article.image_hash && (
          <Box
            component="img"
            src={imageUrl('news', article.image_hash)}
            alt=""
            // The article's picture is the largest thing on its page: the browser fetches it first (LCP).
            fetchPriority="high"
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
            }}
          />
        )}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            background: 'linear-gradient(to bottom, rgba(11, 26, 46, 0) 40%, rgba(11, 26, 46, 0.85) 63%, #0b1a2e 100%)',
          }}
        />
      </Box>
      <Box data-article-title sx={{ position: 'relative', mt: TITLE_OVERLAP, p: { xs: 2.5, sm: 4 }, color: '#fff' }}>
        <NewsCategoryBadge>{t(CATEGORY_LABEL[article.category_id])}</NewsCategoryBadge>
        <Typography
          variant="h1"
          sx={{
            fontSize: { xs: '1.75rem', sm: '2.5rem' },
            lineHeight: 1.15,
            textWrap: 'balance',
            overflowWrap: 'break-word',
            textShadow: '0 1px 12px rgba(0, 0, 0, 0.5)',
          }}
        >
          {article.title}
        </Typography>
      </Box>
    </Box>
  );
}

function Article({ article }: { article: NewsEntry }) {
  const { t, dateTime } = useI18n();
  const publisher = `${article.publisher_first_name} ${article.publisher_last_name}`.trim();
  return (
    <Box component="article">
      <ArticleHeader article={article} />
      <NewsContent html={article.content} />
      <NewsArticleFooter
        publishedBy={publisher !== '' ? t('news.publishedBy', { name: publisher }) : undefined}
        when={<time dateTime={new Date(article.inserted * 1000).toISOString()}>{dateTime(article.inserted)}</time>}
      />
    </Box>
  );
}

function NotFound() {
  const { t, tm } = useI18n();
  return (
    <NotFoundScreen
      title={tm('newsNotFound')}
      hint={t('news.notFoundHint')}
      action={{ label: t('news.readMore'), to: '/news' }}
    />
  );
}

/** Route /news/{id?} (docs/product.md#screens-and-routes): one article (the newest without an id) and 8 further articles below it. */
export function Component() {
  const { id } = useParams();
  const { t, tm } = useI18n();
  const { state, retry } = useArticle(id);
  const further = useFurtherNews();
  usePageTitle(
    state.status === 'ready' ? state.article.title : state.status === 'not-found' ? tm('newsNotFound') : null,
  );

  const currentId = state.status === 'ready' ? state.article.id : undefined;
  const others =
    further.status === 'ready'
      ? further.items.filter((item) => item.id !== currentId).slice(0, NEWS_FURTHER_COUNT)
      : [];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 0, sm: 4 } }}>
      <Box sx={{ maxWidth: 800, mx: 'auto' }}>
        {state.status === 'loading' && <LoadingScreen fullScreen={false} />}
        {state.status === 'ready' && <Article article={state.article} />}
        {state.status === 'not-found' && <NotFound />}
        {state.status === 'error' && (
          <Box sx={{ py: 4 }}>
            <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
              {t('news.error')}
            </Typography>
            <Button variant="contained" onClick={retry}>
              {t('news.retry')}
            </Button>
          </Box>
        )}
      </Box>
      {state.status !== 'loading' && (
        <Box component="section" aria-labelledby="more-news" sx={{ mt: 6 }}>
          <Typography id="more-news" variant="h2" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2.5 }}>
            {t('news.more')}
          </Typography>
          {further.status === 'error' && <Alert severity="error">{t('news.moreError')}</Alert>}
          {further.status === 'ready' && others.length === 0 && (
            <Typography color="text.secondary">{t('news.none')}</Typography>
          )}
          <Box component="ul" sx={newsGrid}>
            {others.map((item) => (
              <li key={item.id}>
                <NewsCard entry={item} />
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Container>
  );
}
