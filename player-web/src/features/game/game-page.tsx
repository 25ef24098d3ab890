import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import TrendingUp from '@mui/icons-material/TrendingUp';
import { parsePositiveInt, type ChatMessagePayload, type GamePayload, type UserPayload, message } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotFoundScreen } from '../../components/not-found-screen.tsx';
import { PlayerCard } from '../../components/player-card.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AdminEditForm } from './admin-edit-form.tsx';
import { ChatPanel, useChatText } from './chat-panel.tsx';
import { EvidencePanel } from './evidence-panel.tsx';
import {
  appendOnce,
  evidenceOpen,
  formatEloChange,
  otherSeat,
  resultStatus,
  seatOf,
  viewerOf,
  type Seat,
  type Viewer,
} from './game-logic.ts';
import { PlayerResultPanel, StaffResultSummary } from './result-panel/index.ts';
import { useGame } from './use-game.ts';
import { OpponentActions } from '../../components/safety/opponent-actions.tsx';
import { ReportDialog } from '../../components/safety/report-dialog.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';

/** An Elo change as a chip with its sign and an arrow (never colour alone). */
function EloChange({ change }: { change: number }) {
  const { t } = useI18n();
  const text = formatEloChange(change);
  const icon = change > 0 ? <TrendingUp /> : change < 0 ? <TrendingDown /> : <TrendingFlat />;
  return (
    <Chip
      size="small"
      icon={icon}
      color={change > 0 ? 'success' : change < 0 ? 'error' : 'default'}
      variant="outlined"
      data-elo-change={text}
      label={
        <>
          <span aria-hidden>{t('game.eloChange', { change: text })}</span>
          <Box component="span" sx={visuallyHidden}>
            {t('game.eloChangeLong', { change: text })}
          </Box>
        </>
      }
      sx={{ alignSelf: 'center', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

/** Both players with the score between them and the result chip (docs/product.md#screens-and-routes "player cards, VS"). */
function Scoreboard({ game, viewer, announce }: { game: GamePayload; viewer: Viewer; announce(text: string): void }) {
  const { t, tm } = useI18n();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const leftSeat: Seat = viewer.kind === 'player' ? viewer.seat : 'user_1';
  const left = seatOf(game, leftSeat);
  const right = seatOf(game, otherSeat(leftSeat));
  const player = viewer.kind === 'player';
  const status = resultStatus(game);
  const scored = left.score !== null && right.score !== null;

  const card = (side: typeof left, mine: boolean, caption: string) => (
    <PlayerCard player={side.player} caption={caption} highlight={mine} announce={announce} compact={compact}>
      {side.eloChange !== null && game.state === 'final' && <EloChange change={side.eloChange} />}
    </PlayerCard>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) auto minmax(0, 1fr)' },
        gap: { xs: 1.5, md: 3 },
        alignItems: 'stretch',
      }}
    >
      {card(left, player, player ? t('game.you') : t(leftSeat === 'user_1' ? 'game.player1' : 'game.player2'))}
      <Stack
        spacing={1.5}
        sx={{ alignItems: 'center', justifyContent: 'center', py: { xs: 1, md: 0 }, minWidth: { md: 200 } }}
      >
        <Typography
          data-score={scored ? `${left.score}-${right.score}` : ''}
          aria-label={
            scored
              ? t('game.scoreLabel', {
                  first: left.player.username,
                  score1: left.score ?? 0,
                  second: right.player.username,
                  score2: right.score ?? 0,
                })
              : t('game.noScore')
          }
          sx={{
            fontSize: { xs: '2.75rem', md: '4rem' },
            fontWeight: 800,
            lineHeight: 1,
            fontVariantNumeric: 'tabular-nums',
            color: scored ? 'text.primary' : 'text.secondary',
          }}
        >
          <span aria-hidden>{scored ? `${left.score} : ${right.score}` : '– : –'}</span>
        </Typography>
        {status ? (
          <StatusChip tone={status.tone} label={tm(status.message)} />
        ) : (
          <StatusChip tone="playing" label={t('game.inProgress')} />
        )}
      </Stack>
      {card(right, false, player ? t('game.opponent') : t(leftSeat === 'user_1' ? 'game.player2' : 'game.player1'))}
    </Box>
  );
}

/** The screen of one game for a player or a moderator. */
function GameScreen({ gameId, user }: { gameId: number | null; user: UserPayload }) {
  const { t, tm, dateTime } = useI18n();
  const chatText = useChatText();
  const { popover } = useClient();
  const [chatNews, setChatNews] = useState('');
  const [polite, setPolite] = useState('');
  const shown = useRef<GamePayload | null>(null);
  const [reportedLine, setReportedLine] = useState<ChatMessagePayload | null>(null);

  const { state, replace, update, retry } = useGame(gameId, {
    onMessage: (message) => {
      if (message.user_id !== user.id)
        setChatNews(t('game.chat.announce', { name: message.name, message: chatText(message) }));
    },
    onEvidence: (evidence) => {
      // docs/product.md#roles, docs/product.md#errors: a moderator who is not a player is told when someone else uploads evidence.
      const game = shown.current;
      if (!game || evidence.user_id === user.id || viewerOf(game, user).kind !== 'staff') return;
      popover(tm('newEvidenceTitle'), tm(message('newEvidence', { name: evidence.username })));
    },
  });
  usePageTitle(state.status === 'not-found' ? tm('gameNotFound') : t('game.title', { id: gameId ?? '' }));

  if (state.status === 'loading') return <LoadingScreen fullScreen={false} />;
  if (state.status === 'error') {
    return (
      <RetryAlert retryLabel={t('game.retry')} onRetry={retry}>
        {t('game.error')}
      </RetryAlert>
    );
  }
  if (state.status === 'not-found') {
    return (
      <NotFoundScreen
        title={tm('gameNotFound')}
        hint={t('game.notFoundHint')}
        action={{ label: t('game.toPlay'), to: '/play' }}
      />
    );
  }

  const game = state.game;
  shown.current = game;
  const viewer = viewerOf(game, user);
  const staff = viewer.kind === 'staff';

  return (
    <>
      <Stack
        useFlexGap
        direction="row"
        spacing={2}
        sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5, mb: 2.5 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {t('game.title', { id: game.id })}
        </Typography>
        <Typography color="text.secondary">{t('game.started', { date: dateTime(game.inserted) })}</Typography>
      </Stack>
      <Scoreboard game={game} viewer={viewer} announce={setPolite} />
      {viewer.kind === 'player' && (
        <Box sx={{ mt: 1 }}>
          <OpponentActions
            gameId={game.id}
            opponent={seatOf(game, otherSeat(viewer.seat)).player}
            blocked={game.opponent_blocked}
            onBlocked={(blocked) => {
              const opponentId = seatOf(game, otherSeat(viewer.seat)).player.id;
              update((g) => ({
                ...g,
                opponent_blocked: blocked,
                messages: blocked ? g.messages.filter((m) => m.user_id !== opponentId) : g.messages,
              }));
            }}
          />
        </Box>
      )}
      <Box
        sx={{
          mt: { xs: 2, md: 3 },
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={{ xs: 2, md: 3 }}>
          {viewer.kind === 'player' ? (
            <PlayerResultPanel game={game} seat={viewer.seat} onGame={replace} />
          ) : (
            <StaffResultSummary game={game} />
          )}
          {staff && game.state !== 'playing' && (
            <AdminEditForm key={`${game.id}-${game.state}`} game={game} onGame={replace} />
          )}
          {(staff || evidenceOpen(game) || game.evidence.length > 0) && (
            <EvidencePanel
              gameId={game.id}
              evidence={game.evidence}
              canUpload={viewer.kind === 'player' && evidenceOpen(game)}
              onUploaded={(evidence) => update((g) => ({ ...g, evidence: appendOnce(g.evidence, evidence) }))}
            />
          )}
        </Stack>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <ChatPanel
            gameId={game.id}
            messages={game.messages}
            meId={user.id}
            policy={viewer.kind === 'player' ? game.chat_policy : 'free'}
            onSent={(message) => update((g) => ({ ...g, messages: appendOnce(g.messages, message) }))}
            onReport={viewer.kind === 'player' ? setReportedLine : undefined}
          />
          {viewer.kind === 'player' && (
            <ReportDialog
              open={reportedLine !== null}
              gameId={game.id}
              chatMessageId={reportedLine?.id ?? null}
              name={reportedLine?.name ?? ''}
              onClose={() => setReportedLine(null)}
            />
          )}
        </Box>
      </Box>
      <Box role="status" aria-atomic sx={visuallyHidden}>
        {chatNews}
      </Box>
      <Box role="status" aria-atomic sx={visuallyHidden}>
        {polite}
      </Box>
    </>
  );
}

/** Signed out: the game screen asks to sign in (docs/product.md#screens-and-routes: 'Sign in to play'). */
function SignedOut() {
  const { t, tm } = useI18n();
  const openSignIn = useOpenSignIn();
  usePageTitle(tm('signInToPlay'));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 640 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: 1 }}>
        {tm('signInToPlay')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('game.signedOutHint')}
      </Typography>
      <Button variant="contained" size="large" onClick={openSignIn}>
        {tm('signInToPlay')}
      </Button>
    </Paper>
  );
}

/** Route /game/{id} (docs/product.md#screens-and-routes): one game with its players, result, evidence and chat. */
export function Component() {
  const { id } = useParams();
  const { state } = useClient();
  const gameId = parsePositiveInt(id) ?? null;
  const user = state.user;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {user ? (
        <GameScreen key={`${gameId}-${user.id}`} gameId={gameId} user={user} />
      ) : state.authenticating ? (
        <LoadingScreen fullScreen={false} />
      ) : (
        <SignedOut />
      )}
    </Container>
  );
}
