import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HISTORY_STATES, type HistoryState, type PlayerGameEntry, type PlayerHistoryResponse } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';

/** Games read per page. */
const PAGE = 25;

type Filter = HistoryState | 'all';
const FILTERS: Filter[] = ['all', ...HISTORY_STATES];

const STATE_LABEL: Record<Filter, MessageKey> = {
  all: 'history.state.all',
  playing: 'history.state.playing',
  submitted: 'history.state.submitted',
  conflict: 'history.state.conflict',
  dropped: 'history.state.dropped',
  final: 'history.state.final',
};

type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; games: PlayerGameEntry[]; total: number; more: boolean };

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** One game: opens its game page. */
function GameRow({ game }: { game: PlayerGameEntry }) {
  const { t, dateTime } = useI18n();
  const change = game.elo_change;
  return (
    <Paper
      component={RouterLink}
      to={`/game/${game.game_id}`}
      variant="outlined"
      data-game={game.game_id}
      sx={{
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        textDecoration: 'none',
        color: 'inherit',
        '&:hover, &:focus-visible': { borderColor: 'primary.main' },
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: { xs: '1 1 100%', sm: '1 1 160px' }, minWidth: 0 }}
      >
        <UserAvatar username={game.opponent.username} avatarHash={game.opponent.avatar_hash} size={28} decorative />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('history.against', { name: game.opponent.username })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('history.game', { id: game.game_id })} · {dateTime(new Date(game.at), { dateStyle: 'medium' })}
          </Typography>
        </Box>
      </Box>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {game.score_own ?? '–'} : {game.score_opponent ?? '–'}
      </Typography>
      <Typography
        sx={{
          fontVariantNumeric: 'tabular-nums',
          minWidth: 40,
          color: (change ?? 0) > 0 ? 'success.main' : (change ?? 0) < 0 ? 'error.main' : 'text.secondary',
        }}
      >
        {change === null ? '–' : signed(change)}
      </Typography>
      <Chip
        size="small"
        label={t(STATE_LABEL[game.state])}
        color={game.state === 'conflict' ? 'warning' : game.state === 'final' ? 'success' : 'default'}
        data-state={game.state}
      />
    </Paper>
  );
}

function History() {
  const { t, numberFormat: number } = useI18n();
  const { api } = useClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'all';
  const [amount, setAmount] = useState(PAGE);
  const [attempt, setAttempt] = useState(0);
  const [list, setList] = useState<ListState>({ status: 'loading' });

  useEffect(() => setAmount(PAGE), [filter]);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<PlayerHistoryResponse>(
        '/user/history',
        { state: filter, start: 0, amount },
        { signal: controller.signal, defaultErrorHandler: false },
      )
      .then(
        ({ games, total }) => setList({ status: 'ready', games, total, more: games.length < total }),
        () => {
          if (!controller.signal.aborted) setList({ status: 'error' });
        },
      );
    return () => controller.abort();
  }, [api, filter, amount, attempt]);

  const choose = (next: Filter) => {
    setList({ status: 'loading' });
    setParams(next === 'all' ? {} : { state: next }, { replace: true });
  };

  return (
    <>
      <Box role="group" aria-label={t('history.filter')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {FILTERS.map((option) => (
          <Chip
            key={option}
            label={t(STATE_LABEL[option])}
            clickable
            color={option === filter ? 'primary' : 'default'}
            variant={option === filter ? 'filled' : 'outlined'}
            aria-pressed={option === filter}
            onClick={() => choose(option)}
            component="button"
          />
        ))}
      </Box>
      {list.status === 'loading' && <LoadingScreen fullScreen={false} />}
      {list.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => setAttempt((n) => n + 1)}>
              {t('history.retry')}
            </Button>
          }
        >
          {t('history.error')}
        </Alert>
      )}
      {list.status === 'ready' &&
        (list.games.length === 0 ? (
          <Typography color="text.secondary">{t('history.empty')}</Typography>
        ) : (
          <>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {list.games.map((game) => (
                <li key={game.game_id}>
                  <GameRow game={game} />
                </li>
              ))}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {t('history.shown', { shown: number.format(list.games.length), total: number.format(list.total) })}
              </Typography>
              {list.more && (
                <Button variant="outlined" onClick={() => setAmount((n) => n + PAGE)}>
                  {t('history.more')}
                </Button>
              )}
            </Box>
          </>
        ))}
    </>
  );
}

function SignedOut() {
  const { t, tm } = useI18n();
  const openSignIn = useOpenSignIn();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: 1 }}>
        {tm('mustLogInToView')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('history.signedOutHint')}
      </Typography>
      <Button variant="contained" size="large" onClick={openSignIn}>
        {t('history.signIn')}
      </Button>
    </>
  );
}

/** Route /history: the signed-in player's games, filtered by state (`?state=`), paged by "Show more". */
export function Component() {
  const { t } = useI18n();
  const { state } = useClient();
  usePageTitle(t('history.title'));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {state.user ? (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 1 }}>
            {t('history.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
            {t('history.intro')}
          </Typography>
          <History />
        </>
      ) : state.authenticating ? (
        <LoadingScreen fullScreen={false} />
      ) : (
        <SignedOut />
      )}
    </Container>
  );
}
