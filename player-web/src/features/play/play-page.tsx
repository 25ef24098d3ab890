import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SportsSoccer from '@mui/icons-material/SportsSoccer';
import {
  ACCEPT_GRACE_MS,
  ACCEPT_WINDOW_MS,
  MESSAGES,
  QUEUE_KEEPALIVE_MS,
  START_COUNTDOWN_AT_MS,
  type MatchmakingStatus,
  type UserPayload,
} from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useOpenSignIn } from '../../components/header/use-open-sign-in.ts';
import { useRealtimeEvent, useResync } from '../../providers/realtime-context.tsx';
import { useSeason } from '../../providers/season-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PlayerCard } from '../../components/player-card.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatClock, weeksDaysHours, type WeeksDaysHours } from '../../lib/durations.ts';
import { serverNow, syncServerClock, useServerNow } from '../../lib/server-clock.ts';
import { acceptMatch } from './accept-match.ts';
import { declineMatch } from './decline-match.ts';
import { enterQueue } from './enter-queue.ts';
import { getMatchmakingStatus } from './get-matchmaking-status.ts';
import { keepQueueAlive } from './keep-queue-alive.ts';
import { leaveQueue } from './leave-queue.ts';
import { flashTitle, notify, playMatchSound, primeSound } from './match-alert.ts';
import { MatchCard } from './match-card.tsx';
import { NotificationOptIn } from './notification-opt-in.tsx';
import { playReducer, sidesOf, type PlayView } from './play-state.ts';

/** While the match is past its deadline and still shown, the status is read again this often. */
const RECHECK_AFTER_DEADLINE_MS = 3_000;

/** The start button's time to the start in words: "2 weeks, 3 days and 4 hours" (zero parts left out). */
function useStartCountdownWords(): (parts: WeeksDaysHours) => string {
  const { t, locale } = useI18n();
  return (parts) => {
    const words: string[] = [];
    const add = (count: number, one: MessageKey, many: MessageKey) => {
      if (count > 0) words.push(count === 1 ? t(one) : t(many, { count }));
    };
    add(parts.weeks, 'play.time.week', 'play.time.weeks');
    add(parts.days, 'play.time.day', 'play.time.days');
    add(parts.hours, 'play.time.hour', 'play.time.hours');
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(words);
  };
}

/** Signed out: 'Sign in to play' opens the header's sign-in form (spec §2). */
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
          {tm(MESSAGES.signInToPlay)}
        </Button>
        <Button component={RouterLink} to="/register" variant="outlined" size="large">
          {t('play.register')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Idle: the start button, disabled with the time left before the season's start (spec §2). */
function StartPanel({ busy, onStart }: { busy: boolean; onStart(): void }) {
  const { t, tm, dateTime } = useI18n();
  const { season } = useSeason();
  const words = useStartCountdownWords();
  const startAt = season?.start_countdown_at ? season.start_countdown_at * 1000 : START_COUNTDOWN_AT_MS;
  const now = useServerNow(true, 30_000);
  const untilStart = weeksDaysHours(startAt - now);
  return (
    <Paper component="section" aria-labelledby="start-title" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography
        id="start-title"
        variant="h2"
        sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, fontWeight: 700, mb: 1 }}
      >
        {t('play.ready')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('play.readyHint')}
      </Typography>
      <Button
        variant="contained"
        size="large"
        onClick={onStart}
        disabled={busy || untilStart !== null}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : <SportsSoccer />}
        sx={{
          py: 1.75,
          px: { xs: 2, sm: 4 },
          fontSize: { xs: '1.05rem', sm: '1.2rem' },
          fontWeight: 700,
          width: { xs: '100%', sm: 'auto' },
          // The time to the start is worth reading even while the button waits for it.
          '&.Mui-disabled': { color: 'text.secondary', bgcolor: 'action.selected' },
        }}
      >
        {untilStart ? t('play.opensIn', { time: words(untilStart) }) : tm(MESSAGES.startMatchmaking)}
      </Button>
      {untilStart && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('play.opensAt', {
            date: dateTime(new Date(startAt), {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              hour: '2-digit',
              minute: '2-digit',
              timeZoneName: 'short',
            }),
          })}
        </Typography>
      )}
    </Paper>
  );
}

/** Queued: the time in the queue on the server's clock, and Leave (spec §2, §4). */
function QueuePanel({ queuedAtMs, busy, onLeave }: { queuedAtMs: number; busy: boolean; onLeave(): void }) {
  const { t } = useI18n();
  const now = useServerNow(true, 500);
  const waited = formatClock(now - queuedAtMs);
  return (
    <Paper component="section" aria-labelledby="queue-title" sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
      <Box
        aria-hidden
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: 'action.selected',
          color: 'primary.main',
          mb: 1.5,
          '@media (prefers-reduced-motion: no-preference)': {
            animation: 'ecup-bounce 1.4s ease-in-out infinite',
            '@keyframes ecup-bounce': { '50%': { transform: 'translateY(-6px) rotate(40deg)' } },
          },
        }}
      >
        <SportsSoccer sx={{ fontSize: 40 }} />
      </Box>
      <Typography id="queue-title" variant="h2" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, fontWeight: 700 }}>
        {t('play.queue.title')}
      </Typography>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ mt: 2 }}>
        {t('play.queue.timer')}
      </Typography>
      <Typography
        role="timer"
        data-queue-timer
        sx={{
          fontSize: { xs: '3rem', sm: '3.75rem' },
          fontWeight: 700,
          lineHeight: 1.1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {waited}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 3, maxWidth: 440, mx: 'auto' }}>
        {t('play.queue.hint')}
      </Typography>
      <Button variant="outlined" color="inherit" size="large" onClick={onLeave} disabled={busy}>
        {t('play.queue.leave')}
      </Button>
    </Paper>
  );
}

interface Notice {
  key: MessageKey;
  params?: Record<string, string>;
}

/**
 * The matchmaking of one signed-in player (spec §4 Queue). The server decides where the player stands: its status is
 * read on load, after every reconnect and whenever something may have been missed; pushed events move the screen
 * in between. While queued (and not matched) a keepalive goes every 6 s; leaving the screen or the page while
 * queued leaves the queue.
 */
function PlayScreen({ user }: { user: UserPayload }) {
  const { t } = useI18n();
  const { api } = useClient();
  const navigate = useNavigate();
  const [view, dispatch] = useReducer(playReducer, { kind: 'loading' });
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [urgent, setUrgent] = useState('');
  const [polite, setPolite] = useState('');
  const viewRef = useRef<PlayView>(view);
  viewRef.current = view;
  const reads = useRef(0);
  const stopAlert = useRef<() => void>(() => undefined);
  /** Set while this player's Decline is on its way, so its own `match-declined` is not read as a missed match. */
  const declining = useRef(false);

  const apply = useCallback((status: MatchmakingStatus) => {
    reads.current += 1;
    dispatch({ type: 'status', status });
  }, []);

  const refresh = useCallback(async () => {
    const read = ++reads.current;
    try {
      const status = await getMatchmakingStatus(api);
      // An answer overtaken by a later one (or by an event-driven call) is dropped.
      if (read !== reads.current) return;
      setFailed(false);
      dispatch({ type: 'status', status });
    } catch {
      if (read === reads.current && viewRef.current.kind === 'loading') setFailed(true);
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useResync(() => void refresh());

  // A game to play: go to it (spec §4: a 'game' event ends queueing and loads the game).
  useEffect(() => {
    if (view.kind === 'playing') navigate(`/game/${view.gameId}`, { replace: true });
  }, [view, navigate]);

  // Keepalive every 6 s while queued and not matched (spec §4); a refusal means the entry is gone.
  const queued = view.kind === 'queued';
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(() => {
      keepQueueAlive(api).then(
        (status) => {
          if (viewRef.current.kind === 'queued') apply(status);
        },
        () => void refresh(),
      );
    }, QUEUE_KEEPALIVE_MS);
    return () => clearInterval(timer);
  }, [queued, api, apply, refresh]);

  // Leaving the play screen while queued leaves the queue (spec §4); so does closing or reloading the page.
  useEffect(() => {
    const leaveIfQueued = () => {
      if (viewRef.current.kind === 'queued')
        void leaveQueue(api, { keepalive: true, defaultErrorHandler: false }).catch(() => undefined);
    };
    const onPageHide = () => leaveIfQueued();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refresh();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      leaveIfQueued();
    };
  }, [api, refresh]);

  useEffect(() => () => stopAlert.current(), []);

  // Any press on the play screen readies the match sound (browsers allow sound only after one), so a queue that
  // was restored from the server, not started here, still beeps.
  useEffect(() => {
    const prime = () => primeSound();
    window.addEventListener('pointerdown', prime, { once: true });
    window.addEventListener('keydown', prime, { once: true });
    return () => {
      window.removeEventListener('pointerdown', prime);
      window.removeEventListener('keydown', prime);
    };
  }, []);

  // Past the deadline plus the grace with no `game` event: the server decides (spec §4); read its status.
  const matchId = view.kind === 'matched' ? view.match.id : null;
  const deadline = view.kind === 'matched' ? view.match.deadline_ms : null;
  useEffect(() => {
    if (matchId === null || deadline === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const wait = deadline + ACCEPT_GRACE_MS - serverNow();
      if (wait > 0) {
        timer = setTimeout(check, wait + 100);
        return;
      }
      void refresh();
      timer = setTimeout(check, RECHECK_AFTER_DEADLINE_MS);
    };
    check();
    return () => clearTimeout(timer);
  }, [matchId, deadline, refresh]);

  useRealtimeEvent('match', (match) => {
    syncServerClock(match.server_time_ms);
    reads.current += 1;
    dispatch({ type: 'match', match });
    setNotice(null);
    const { opponent } = sidesOf(match, user.id);
    setUrgent(t('play.announce.found', { name: opponent.username, seconds: ACCEPT_WINDOW_MS / 1000 }));
    playMatchSound();
    if (document.visibilityState === 'hidden') {
      stopAlert.current();
      const stopFlash = flashTitle(t('play.alert.title'));
      const closeNotification = notify(t('play.alert.title'), t('play.alert.body', { name: opponent.username }));
      stopAlert.current = () => {
        stopFlash();
        closeNotification();
      };
    }
  });

  useRealtimeEvent('match-accepted', (event) => {
    const current = viewRef.current;
    dispatch({ type: 'match-accepted', event });
    if (current.kind === 'matched' && current.match.id === event.match_id && event.user_id !== user.id) {
      setPolite(t('play.announce.opponentAccepted', { name: sidesOf(current.match, user.id).opponent.username }));
    }
  });

  useRealtimeEvent('match-declined', (event) => {
    const current = viewRef.current;
    if (current.kind !== 'matched' || current.match.id !== event.match_id) return;
    reads.current += 1;
    dispatch({ type: 'match-declined', event });
    stopAlert.current();
    const { opponent } = sidesOf(current.match, user.id);
    // Not requeued and named: this player declined, or let the match run out (server decides, spec §4).
    let next: Notice;
    if (event.requeued) next = { key: 'play.notice.requeued', params: { name: opponent.username } };
    else if (event.user_id === user.id)
      next = { key: declining.current ? 'play.notice.declined' : 'play.notice.missed' };
    else next = { key: 'play.notice.cancelled' };
    // The notice is an alert: screen readers hear it when it appears.
    setNotice(next);
  });

  useRealtimeEvent('game', (event) => {
    reads.current += 1;
    stopAlert.current();
    dispatch({ type: 'game', event });
  });

  /** Runs one /matchmaking call; its answer is the new status, a refusal re-reads the status. */
  const act = async (call: () => Promise<MatchmakingStatus>, after?: (status: MatchmakingStatus) => void) => {
    if (busy) return;
    setBusy(true);
    try {
      const status = await call();
      apply(status);
      after?.(status);
    } catch {
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    primeSound();
    setNotice(null);
    void act(() => enterQueue(api));
  };
  const leave = () =>
    void act(
      () => leaveQueue(api),
      () => setNotice({ key: 'play.notice.left' }),
    );
  const accept = () => {
    primeSound();
    stopAlert.current();
    void act(() => acceptMatch(api));
  };
  const decline = () => {
    stopAlert.current();
    declining.current = true;
    void act(
      () => declineMatch(api),
      () => setNotice({ key: 'play.notice.declined' }),
    ).finally(() => {
      declining.current = false;
    });
  };

  let body;
  if (view.kind === 'loading') {
    body = failed ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => void refresh()}>
            {t('play.retry')}
          </Button>
        }
      >
        {t('play.error')}
      </Alert>
    ) : (
      <LoadingScreen fullScreen={false} />
    );
  } else if (view.kind === 'playing') {
    body = <Typography color="text.secondary">{t('play.toGame')}</Typography>;
  } else if (view.kind === 'matched') {
    body = (
      <MatchedView view={view} meId={user.id} busy={busy} onAccept={accept} onDecline={decline} announce={setPolite} />
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
            <Alert severity="info" onClose={() => setNotice(null)} closeText={t('play.notice.dismiss')}>
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
          <PlayerCard player={user} caption={t('play.you')} highlight announce={setPolite} />
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

/** Route /play (spec §2): matchmaking for signed-in players, 'Sign in to play' otherwise. */
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
