import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { HISTORY_STATES, type HistoryState, type PlayerGameEntry, type PlayerHistoryResponse } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SignedOutPrompt } from '../../components/signed-out-prompt.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { usePagedList, type Page } from '../../lib/use-paged-list.ts';
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

const gameKey = (game: PlayerGameEntry) => game.game_id;

/** The player's games in one state, PAGE at a time; a new filter starts over. */
function useHistoryList(filter: Filter) {
  const { api } = useClient();
  const fetchMore = useCallback(
    (start: number, amount: number, signal?: AbortSignal): Promise<Page<PlayerGameEntry>> =>
      api
        .get<PlayerHistoryResponse>(
          '/user/history',
          { state: filter, start, amount },
          { signal, defaultErrorHandler: false },
        )
        .then(({ games, total }) => ({ rows: games, total })),
    [api, filter],
  );
  const fetchFirst = useCallback((signal: AbortSignal) => fetchMore(0, PAGE, signal), [fetchMore]);
  return usePagedList(fetchFirst, fetchMore, gameKey);
}

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

/** The games in one state; a new filter is a new list, so the old state's games do not stay while it loads. */
function GameList({ filter }: { filter: Filter }) {
  const { t, numberFormat: number } = useI18n();
  const list = useHistoryList(filter);
  return (
    <PagedList
      list={list}
      page={PAGE}
      text={{
        error: t('history.error'),
        retry: t('history.retry'),
        empty: t('history.empty'),
        more: t('history.more'),
        shown: (shown, total) => t('history.shown', { shown: number.format(shown), total: number.format(total) }),
      }}
    >
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {list.rows.map((game) => (
          <li key={game.game_id}>
            <GameRow game={game} />
          </li>
        ))}
      </Box>
    </PagedList>
  );
}

function History() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'all';

  const choose = (next: Filter) => setParams(next === 'all' ? {} : { state: next }, { replace: true });

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
      <GameList key={filter} filter={filter} />
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
        <SignedOutPrompt hint={t('history.signedOutHint')} signInLabel={t('history.signIn')} />
      )}
    </Container>
  );
}
