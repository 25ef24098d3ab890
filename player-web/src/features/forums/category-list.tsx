import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { ForumCategory, ForumCategoryCounts } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { drawnCategoryCounts, getCategoryCounts } from './get-category-counts.ts';
import { useRead } from '../../lib/use-read.ts';

type CountsState = { status: 'loading' } | { status: 'ready'; counts: ForumCategoryCounts } | { status: 'error' };

/** The thread counts, read again every time the list opens (so a new topic shows at once). */
function useCategoryCounts(): { state: CountsState; retry(): void } {
  const { api } = useClient();
  const read = useRead(
    () => drawnCategoryCounts(api),
    (signal) => getCategoryCounts(api, signal),
    [api],
  );
  return { state: read.status === 'ready' ? { status: 'ready', counts: read.data } : read, retry: read.retry };
}

/** Route /forums (docs/product.md#screens-and-routes): the four categories with title, description and "Ongoing conversations". */
export function CategoryList({ categories }: { categories: ForumCategory[] }) {
  const { t, numberFormat: number } = useI18n();
  usePageTitle(t('forums.title'));
  const { state, retry } = useCategoryCounts();

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1 }}>
        {t('forums.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {t('forums.intro')}
      </Typography>
      {state.status === 'error' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('forums.retry')}
            </Button>
          }
        >
          {t('forums.error')}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={t('forums.title')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {categories.map((category) => {
          const count = state.status === 'ready' ? (state.counts[category.id] ?? 0) : null;
          return (
            <Paper
              key={category.id}
              component="li"
              variant="outlined"
              data-category={category.slug}
              sx={{ overflow: 'hidden', '&:hover': { borderColor: 'primary.main' } }}
            >
              <CardActionArea
                component={RouterLink}
                to={`/forums/${category.slug}`}
                sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', display: 'flex', alignItems: 'stretch', gap: 2 }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    variant="h2"
                    sx={{
                      fontSize: { xs: '1.25rem', sm: '1.4rem' },
                      fontWeight: 700,
                      mb: 0.5,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {category.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {category.description}
                  </Typography>
                  <Box component="dl" sx={{ m: 0, display: 'flex', alignItems: 'baseline', gap: 1, '& dd': { m: 0 } }}>
                    <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
                      {t('forums.ongoing')}
                    </Box>
                    <Box
                      component="dd"
                      data-count
                      sx={{
                        fontWeight: 700,
                        fontSize: '1.25rem',
                        color: 'primary.main',
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {count === null ? '…' : number.format(count)}
                    </Box>
                  </Box>
                </Box>
                <ChevronRight aria-hidden sx={{ alignSelf: 'center', color: 'text.secondary' }} />
              </CardActionArea>
            </Paper>
          );
        })}
      </Box>
    </>
  );
}
