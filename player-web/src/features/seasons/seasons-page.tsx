import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SeasonListEntry, SeasonListResponse } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { RankingTabs } from '../../components/ranking/ranking-tabs.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { SEASON_DATE } from './season-dates.ts';
import { SeasonsLoadError } from './load-error.tsx';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; seasons: SeasonListEntry[] };

/** Route /seasons: the current season and every finished one, newest first, each linking to its page. */
export function Component() {
  const { t, dateTime, numberFormat: number } = useI18n();
  const { api } = useClient();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  usePageTitle(t('seasons.title'));

  useEffect(() => {
    const controller = new AbortController();
    api.get<SeasonListResponse>('/season/list', {}, { signal: controller.signal, defaultErrorHandler: false }).then(
      ({ seasons }) => setState({ status: 'ready', seasons }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <RankingTabs />
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1 }}>
        {t('seasons.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {t('seasons.intro')}
      </Typography>
      {state.status === 'loading' && <LoadingScreen fullScreen={false} />}
      {state.status === 'error' && <SeasonsLoadError onRetry={() => setAttempt((n) => n + 1)} />}
      {state.status === 'ready' &&
        (state.seasons.length === 0 ? (
          <Typography color="text.secondary">{t('seasons.empty')}</Typography>
        ) : (
          <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {state.seasons.map((season) => (
              <Box
                component="li"
                key={season.id}
                data-season={season.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  justifyContent: 'space-between',
                  alignItems: 'baseline',
                  px: 2,
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Box>
                  <Link component={RouterLink} to={`/seasons/${season.id}`} sx={{ fontWeight: 700 }}>
                    {season.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {t('seasons.dates', {
                      start: dateTime(season.qualifiers_start, SEASON_DATE),
                      end: dateTime(season.qualifiers_end, SEASON_DATE),
                    })}
                  </Typography>
                </Box>
                <Typography component="span" color={season.current ? 'primary' : 'text.secondary'}>
                  {season.current
                    ? t('seasons.current')
                    : t('seasons.finished', { players: number.format(season.players) })}
                </Typography>
              </Box>
            ))}
          </Paper>
        ))}
    </Container>
  );
}
