import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { RANKING_INITIAL, RANKING_SORT_ELO } from '@ecup/domain';
import { RankingTable } from '../../components/ranking/ranking-table.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Hero } from './hero.tsx';
import { LatestNews } from './latest-news.tsx';
import { Promo } from './promo.tsx';
import { SectionHeading } from './section-heading.tsx';

/** Routes / and /home (docs/product.md#screens-and-routes): JOIN NOW or PLAY NOW, the promo text, the 4 latest news and the Elo ranking. */
export function Component() {
  const { t } = useI18n();
  usePageTitle(null);
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 0, sm: 4 }, pb: 4 }}>
      <Stack
        spacing={{ xs: 5, sm: 7 }}
        sx={{
          // The sections below the hero are laid out and painted when they scroll near, so the first draw of the
          // page on a slow phone is shorter (Lighthouse's Total Blocking Time).
          '& > section': { contentVisibility: 'auto', containIntrinsicSize: 'auto 640px' },
        }}
      >
        <Hero />
        <Promo />
        <LatestNews />
        <Box component="section" aria-labelledby="home-ranking">
          <SectionHeading
            id="home-ranking"
            title={t('home.ranking.title')}
            to="/ranking"
            linkText={t('home.ranking.all')}
          />
          <RankingTable sorting={RANKING_SORT_ELO} initialAmount={RANKING_INITIAL} />
        </Box>
      </Stack>
    </Container>
  );
}
