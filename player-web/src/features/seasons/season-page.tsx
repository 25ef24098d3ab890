import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SeasonPageResponse, SeasonPlayer } from '@ecup/domain';
import { ApiError } from '../../lib/api-client.ts';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { RankingTabs } from '../../components/ranking/ranking-tabs.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { SEASON_DATE } from './season-dates.ts';
import { flagOf } from '../../lib/country-flag.ts';
import { SeasonTable } from './season-table.tsx';
import { SeasonsLoadError } from './load-error.tsx';

type State =
  | { status: 'loading' }
  | { status: 'missing'; code: 'seasonNotFound' | 'seasonIdInvalid' }
  | { status: 'error' }
  | { status: 'ready'; page: SeasonPageResponse };

/** A player's name linking to their profile, after their country's flag. */
function PlayerName({ player }: { player: SeasonPlayer }) {
  return (
    <>
      {player.country && (
        <span aria-label={player.country.name} role="img">
          {flagOf(player.country.code)}{' '}
        </span>
      )}
      <Link component={RouterLink} to={`/player/${encodeURIComponent(player.username)}`} sx={{ fontWeight: 600 }}>
        {player.username}
      </Link>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SeasonDetails({ page }: { page: SeasonPageResponse }) {
  const { t, dateTime, numberFormat: number } = useI18n();
  const { season } = page;
  const none = <Typography color="text.secondary">{t('seasons.none')}</Typography>;
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1, overflowWrap: 'anywhere' }}>
        {season.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('seasons.dates', {
          start: dateTime(season.qualifiers_start, SEASON_DATE),
          end: dateTime(season.qualifiers_end, SEASON_DATE),
        })}
      </Typography>
      {season.current ? (
        <Alert severity="info" sx={{ mb: 4 }}>
          {t('seasons.currentNote')}{' '}
          <Link component={RouterLink} to="/ranking">
            {t('seasons.toRanking')}
          </Link>
        </Alert>
      ) : (
        <Section id="season-standings" title={t('seasons.standings')}>
          <SeasonTable
            rows={page.standings}
            rowKey={(row) => row.rank}
            rowData={(row) => ({ 'data-rank': row.rank })}
            empty={none}
            columns={[
              { label: t('seasons.col.rank'), sx: { fontWeight: 700 }, cell: (row) => row.rank },
              {
                label: t('seasons.col.player'),
                sx: { overflowWrap: 'anywhere' },
                cell: (row) => <PlayerName player={row} />,
              },
              { label: t('seasons.col.elo'), align: 'right', cell: (row) => number.format(row.elo) },
              {
                label: t('seasons.col.wdl'),
                align: 'right',
                sx: { whiteSpace: 'nowrap' },
                cell: (row) => `${row.wins}-${row.ties}-${row.losses}`,
              },
            ]}
          />
        </Section>
      )}
      <Section id="season-round-winners" title={t('seasons.roundWinners')}>
        <SeasonTable
          rows={page.round_winners}
          rowKey={(row) => row.round}
          rowData={(row) => ({ 'data-round': row.round })}
          empty={none}
          columns={[
            { label: t('seasons.col.round'), cell: (row) => row.round },
            {
              label: t('seasons.col.player'),
              sx: { overflowWrap: 'anywhere' },
              cell: (row) => <PlayerName player={row} />,
            },
            { label: t('seasons.col.gain'), align: 'right', cell: (row) => `+${number.format(row.elo_gain)}` },
          ]}
        />
      </Section>
      <Section id="season-trophy-winners" title={t('seasons.trophyWinners')}>
        <SeasonTable
          rows={page.trophy_winners}
          rowKey={(week) => week.round}
          rowData={(week) => ({ 'data-trophy-round': week.round })}
          empty={none}
          columns={[
            { label: t('seasons.col.round'), cell: (week) => week.round },
            {
              label: t('seasons.col.winners'),
              sx: { overflowWrap: 'anywhere' },
              cell: (week) =>
                week.winners.length === 0
                  ? t('seasons.none')
                  : week.winners.map((winner, index) => (
                      <span key={winner.username}>
                        {index > 0 && ', '}
                        <PlayerName player={winner} />
                      </span>
                    )),
            },
          ]}
        />
      </Section>
    </>
  );
}

/** Route /seasons/:id: a season's final top 100, weekly round winners and trophy-hunt winners. */
export function Component() {
  const { t, tm } = useI18n();
  const { api } = useClient();
  const id = useParams().id ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  usePageTitle(state.status === 'ready' ? state.page.season.name : t('seasons.title'));

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.get<SeasonPageResponse>('/season/get', { id }, { signal: controller.signal, defaultErrorHandler: false }).then(
      (page) => setState({ status: 'ready', page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'missing', code: error.status === 404 ? 'seasonNotFound' : 'seasonIdInvalid' });
        } else setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [api, id, attempt]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <RankingTabs />
      <Link component={RouterLink} to="/seasons" sx={{ display: 'inline-block', mb: 2 }}>
        ← {t('seasons.back')}
      </Link>
      {state.status === 'loading' && <LoadingScreen fullScreen={false} />}
      {state.status === 'missing' && (
        <Alert severity="info">
          {tm(state.code)}{' '}
          <Link component={RouterLink} to="/seasons">
            {t('seasons.back')}
          </Link>
        </Alert>
      )}
      {state.status === 'error' && <SeasonsLoadError onRetry={() => setAttempt((n) => n + 1)} />}
      {state.status === 'ready' && <SeasonDetails page={state.page} />}
    </Container>
  );
}
