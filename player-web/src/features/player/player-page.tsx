import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONSOLE_PLAYSTATION,
  fullNameOf,
  type PastSeasonEntry,
  type PlayerGameEntry,
  type PlayerProfilePayload,
} from '@ecup/domain';
import { isNotFound } from '../../lib/api-client.ts';
import { countryName } from '../../lib/country-name.ts';
import { useClient } from '../../providers/client-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { EloChart } from './elo-chart.tsx';
import { flagOf } from '../../lib/country-flag.ts';
import { drawnPlayer, getPlayer } from './get-player.ts';
import { useRead } from '../../lib/use-read.ts';

type State =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'ready'; player: PlayerProfilePayload };

/** An unknown name: says so, with a search of the ranking and a link to it. */
function NotFound({ username }: { username: string }) {
  const { t, tm } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    void navigate(search === '' ? '/ranking' : `/ranking?search=${encodeURIComponent(search)}`);
  };
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, mb: 2, overflowWrap: 'anywhere' }}>
        {username}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {tm('playerNotFound')}
      </Alert>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, maxWidth: 480, mb: 2 }}>
        <TextField
          size="small"
          fullWidth
          label={t('player.searchLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="contained">
          {t('player.searchButton')}
        </Button>
      </Box>
      <Link component={RouterLink} to="/ranking">
        {t('player.toRanking')}
      </Link>
    </Box>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
      <Typography variant="body2" component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Paper>
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** The last games as a list of rows; each opens its game page. */
function LastGames({ games }: { games: PlayerGameEntry[] }) {
  const { t, dateTime } = useI18n();
  if (games.length === 0) return <Typography color="text.secondary">{t('player.noGames')}</Typography>;
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      aria-label={t('player.lastGames')}
    >
      {games.map((game) => (
        <Paper
          component="li"
          variant="outlined"
          key={game.game_id}
          data-game={game.game_id}
          sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
        >
          <Link
            component={RouterLink}
            to={`/player/${encodeURIComponent(game.opponent.username)}`}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              fontWeight: 500,
              minWidth: 0,
              flex: '1 1 140px',
            }}
          >
            <UserAvatar username={game.opponent.username} avatarHash={game.opponent.avatar_hash} size={28} decorative />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {game.opponent.username}
            </Box>
          </Link>
          <Link
            component={RouterLink}
            to={`/game/${game.game_id}`}
            aria-label={t('player.openGame', { id: game.game_id })}
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {game.score_own ?? '–'} : {game.score_opponent ?? '–'}
          </Link>
          <Typography
            component="span"
            sx={{
              fontVariantNumeric: 'tabular-nums',
              minWidth: 40,
              color:
                (game.elo_change ?? 0) > 0
                  ? 'success.main'
                  : (game.elo_change ?? 0) < 0
                    ? 'error.main'
                    : 'text.secondary',
            }}
          >
            {game.elo_change === null ? '–' : signed(game.elo_change)}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {dateTime(new Date(game.at), { dateStyle: 'medium' })}
          </Typography>
          {game.conflict && <Chip size="small" color="warning" label={t('player.conflict')} data-conflict />}
        </Paper>
      ))}
    </Box>
  );
}

function Profile({ player }: { player: PlayerProfilePayload }) {
  const { t, numberFormat: number, locale } = useI18n();
  const fullName = fullNameOf(player);
  const tagLabel = player.console === CONSOLE_PLAYSTATION ? t('player.tag.playstation') : t('player.tag.xbox');
  const facts: [string, string][] = [
    [t('player.team'), player.team?.name || '–'],
    [t('player.fifaTeam'), player.fifa_team_name || '–'],
    [tagLabel, player.gamer_tag || '–'],
  ];
  const stats: [string, number][] = [
    [t('player.wins'), player.wins],
    [t('player.draws'), player.ties],
    [t('player.losses'), player.losses],
    [t('player.goals'), player.scored_goals],
    [t('player.trophies'), player.secured_trophies],
    [t('player.posts'), player.forum_post_count],
  ];
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <UserAvatar username={player.username} avatarHash={player.avatar_hash} size={72} decorative />
        <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, overflowWrap: 'anywhere' }}>
            {player.username}
          </Typography>
          <Typography color="text.secondary">
            {player.country && (
              <span>
                <span aria-hidden>{flagOf(player.country.code)} </span>
                {countryName(player.country.code, player.country.name, locale)}
                {fullName !== '' && ' · '}
              </span>
            )}
            {fullName}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 3 }}>
          <Box data-elo>
            <Typography variant="body2" color="text.secondary">
              {t('player.elo')}
            </Typography>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>{number.format(player.elo)}</Typography>
          </Box>
          <Box data-rank>
            <Typography variant="body2" color="text.secondary">
              {t('player.rank')}
            </Typography>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
              {player.rank === null ? t('player.unranked') : `#${player.rank}`}
            </Typography>
          </Box>
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1, m: 0, mb: 3 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(6, 1fr)' },
          gap: 1,
          m: 0,
          mb: 4,
        }}
      >
        {stats.map(([label, value]) => (
          <Stat key={label} label={label} value={number.format(value)} />
        ))}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('player.chart')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 4 }}>
        <EloChart start={player.season_start_elo} history={player.elo_history} />
      </Paper>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('player.lastGames')}
      </Typography>
      <LastGames games={player.games} />
      {player.past_seasons.length > 0 && <PastSeasons seasons={player.past_seasons} />}
    </>
  );
}

/** Finished seasons the player played in: final place and Elo, each linking to the season's page. */
function PastSeasons({ seasons }: { seasons: PastSeasonEntry[] }) {
  const { t, numberFormat: number } = useI18n();
  return (
    <Box component="section" aria-labelledby="past-seasons" sx={{ mt: 4 }}>
      <Typography id="past-seasons" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('player.pastSeasons')}
      </Typography>
      <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {seasons.map((season) => (
          <Box
            component="li"
            key={season.season_id}
            data-season={season.season_id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              justifyContent: 'space-between',
              px: 2,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <Link component={RouterLink} to={`/seasons/${season.season_id}`} sx={{ fontWeight: 600 }}>
              {season.name}
            </Link>
            <Typography component="span" color="text.secondary">
              {season.rank === null
                ? t('player.pastSeasonUnranked')
                : t('player.pastSeasonRank', { rank: number.format(season.rank) })}
              {' · '}
              {t('player.pastSeasonElo', { elo: number.format(season.elo), games: number.format(season.games_played) })}
            </Typography>
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

/** Route /player/:username: a player's public page. Never the e-mail, birth date or age. */
export function Component() {
  const { t } = useI18n();
  const { api } = useClient();
  const username = useParams().username ?? '';
  const read = useRead(
    () => drawnPlayer(api, username),
    (signal) => getPlayer(api, username, signal),
    [api, username],
  );
  const state: State =
    read.status === 'ready'
      ? { status: 'ready', player: read.data.player }
      : read.status === 'error'
        ? { status: isNotFound(read.error) ? 'missing' : 'error' }
        : read;
  usePageTitle(state.status === 'ready' ? t('player.title', { name: state.player.username }) : username);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      {state.status === 'loading' && <LoadingScreen fullScreen={false} />}
      {state.status === 'missing' && <NotFound username={username} />}
      {state.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={read.retry}>
              {t('player.retry')}
            </Button>
          }
        >
          {t('player.error')}
        </Alert>
      )}
      {state.status === 'ready' && <Profile player={state.player} />}
    </Container>
  );
}
