import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type UserPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PlayerCard } from '../../components/player-card.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useServerNow } from '../../lib/server-clock.ts';
import { MatchCard } from './match-card.tsx';
import { NotificationOptIn } from './notification-opt-in.tsx';
import { QueuePanel, StartPanel } from './play-panels.tsx';
import type { PlayView } from './play-state.ts';
import { useMatchmaking } from './use-matchmaking.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';

/** Signed out: 'Sign in to play' opens the header's sign-in form (docs/product.md#screens-and-routes). */
function SignedOut() {
  const { t, tm } = useI18n();
  const openSignIn = useOpenSignIn();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 640 }}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('play.signedOutHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" onClick={openSignIn}>
          {tm('signInToPlay')}
        </Button>
        <Button component={RouterLink} to="/register" variant="outlined" size="large">
          {t('play.register')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The play screen of a signed-in player: start, queue, match card, or the way to the game. */
function PlayScreen({ user }: { user: UserPayload }) {
  const { t } = useI18n();
  const {
    view,
    failed,
    busy,
    notice,
    dismissNotice,
    urgent,
    polite,
    announce,
    refresh,
    start,
    leave,
    accept,
    decline,
  } = useMatchmaking(user);

  let body;
  if (view.kind === 'loading') {
    body = failed ? (
      <RetryAlert retryLabel={t('play.retry')} onRetry={() => void refresh()}>
        {t('play.error')}
      </RetryAlert>
    ) : (
      <LoadingScreen fullScreen={false} />
    );
  } else if (view.kind === 'playing') {
    body = <Typography color="text.secondary">{t('play.toGame')}</Typography>;
  } else if (view.kind === 'matched') {
    body = (
      <MatchedView view={view} meId={user.id} busy={busy} onAccept={accept} onDecline={decline} announce={announce} />
    );
  } else {
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          {notice && (
            <Alert severity="info" onClose={dismissNotice} closeText={t('play.notice.dismiss')}>
              {t(notice.key, notice.params)}
            </Alert>
          )}
          {view.kind === 'queued' ? (
            <QueuePanel queuedAtMs={view.queuedAtMs} busy={busy} onLeave={leave} />
          ) : (
            <StartPanel busy={busy} onStart={start} />
          )}
        </Stack>
        <Stack spacing={2}>
          <PlayerCard player={user} caption={t('play.you')} highlight announce={announce} />
          <NotificationOptIn />
        </Stack>
      </Box>
    );
  }

  return (
    <>
      {body}
      <Box aria-live="assertive" aria-atomic sx={visuallyHidden}>
        {urgent}
      </Box>
      <Box role="status" aria-atomic sx={visuallyHidden}>
        {polite}
      </Box>
    </>
  );
}

/** The match card, counting down on the server's clock four times a second so the ring moves smoothly. */
function MatchedView({
  view,
  meId,
  busy,
  onAccept,
  onDecline,
  announce,
}: {
  view: Extract<PlayView, { kind: 'matched' }>;
  meId: number;
  busy: boolean;
  onAccept(): void;
  onDecline(): void;
  announce(text: string): void;
}) {
  const now = useServerNow(true, 250);
  return (
    <MatchCard
      match={view.match}
      meId={meId}
      nowMs={now}
      busy={busy}
      onAccept={onAccept}
      onDecline={onDecline}
      announce={announce}
    />
  );
}

/** Route /play (docs/product.md#screens-and-routes): matchmaking for signed-in players, 'Sign in to play' otherwise. */
export function Component() {
  const { t } = useI18n();
  const { state } = useClient();
  usePageTitle(t('play.title'));
  const user = state.user;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, mb: 1 }}>
        {t('play.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
        {t('play.intro')}
      </Typography>
      {user ? (
        <PlayScreen key={user.id} user={user} />
      ) : state.authenticating ? (
        <LoadingScreen fullScreen={false} />
      ) : (
        <SignedOut />
      )}
    </Container>
  );
}
