import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { RANKING_PAGE_SIZE, RANKING_SORT_ELO, RANKING_SORT_TROPHIES, type RankingSorting } from '@ecup/domain';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { RankingSearch } from '../../components/ranking/ranking-search.tsx';
import { RankingTable } from '../../components/ranking/ranking-table.tsx';
import { RankingTabs } from '../../components/ranking/ranking-tabs.tsx';

/** The sorting in the address (`?sort=trophies`), so a shared link opens the same list. */
const TROPHIES_PARAM = 'trophies';

/** Route /ranking (docs/product.md#screens-and-routes): 50 players by Elo, a search, and the same list by secured trophies. */
export function Component() {
  const { t } = useI18n();
  usePageTitle(t('ranking.title'));
  const [params, setParams] = useSearchParams();
  const sorting: RankingSorting = params.get('sort') === TROPHIES_PARAM ? RANKING_SORT_TROPHIES : RANKING_SORT_ELO;
  const choose = (next: RankingSorting) =>
    setParams(next === RANKING_SORT_TROPHIES ? { sort: TROPHIES_PARAM } : {}, { replace: true });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <RankingTabs />
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1 }}>
        {t('ranking.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {t('ranking.intro')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={sorting}
          onChange={(_, value: RankingSorting) => choose(value)}
          aria-label={t('ranking.sort.label')}
          variant="fullWidth"
          sx={{ maxWidth: 420 }}
        >
          <Tab
            value={RANKING_SORT_ELO}
            label={t('ranking.sort.elo')}
            id="ranking-tab-elo"
            aria-controls="ranking-panel"
          />
          <Tab
            value={RANKING_SORT_TROPHIES}
            label={t('ranking.sort.trophies')}
            id="ranking-tab-trophies"
            aria-controls="ranking-panel"
          />
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id="ranking-panel"
        aria-labelledby={sorting === RANKING_SORT_TROPHIES ? 'ranking-tab-trophies' : 'ranking-tab-elo'}
      >
        <RankingTable sorting={sorting} initialAmount={RANKING_PAGE_SIZE} Search={RankingSearch} />
      </Box>
    </Container>
  );
}
