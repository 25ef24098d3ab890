import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RANKING_INITIAL, RANKING_SORT_ELO } from '@ecup/domain';
import { usePageTitle } from '../../app/use-page-title.ts';
import { useI18n } from '../../i18n/i18n.tsx';
// The ranking feature's public table: the one cross-feature import, shared by home and /ranking.
import { RankingTable } from '../ranking/ranking-table.tsx';
import { Hero } from './hero.tsx';
import { LatestNews } from './latest-news.tsx';
import { Promo } from './promo.tsx';

/** Routes / and /home (spec §2): JOIN NOW or PLAY NOW, the promo text, the 4 latest news and the Elo ranking. */
export function Component() {
  const { t } = useI18n();
  usePageTitle(null);
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 0, sm: 4 }, pb: 4 }}>
      <Stack spacing={{ xs: 5, sm: 7 }}>
        <Hero />
        <Promo />
        <LatestNews />
        <Box component="section" aria-labelledby="home-ranking">
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2.5 }}>
            <Typography id="home-ranking" variant="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
              {t('home.ranking.title')}
            </Typography>
            <Link component={RouterLink} to="/ranking" sx={{ fontWeight: 500, flex: 'none' }}>
              {t('home.ranking.all')}
            </Link>
          </Box>
          <RankingTable sorting={RANKING_SORT_ELO} initialAmount={RANKING_INITIAL} />
        </Box>
      </Stack>
    </Container>
  );
}
