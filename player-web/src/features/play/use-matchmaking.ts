import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCEPT_GRACE_MS,
  ACCEPT_WINDOW_MS,
  QUEUE_KEEPALIVE_MS,
  type MatchmakingStatus,
  type UserPayload,
} from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useRealtimeEvent, useResync } from '../../providers/realtime-context.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { serverNow, syncServerClock } from '../../lib/server-clock.ts';
import { acceptMatch } from './accept-match.ts';
import { declineMatch } from './decline-match.ts';
import { enterQueue } from './enter-queue.ts';
import { getMatchmakingStatus } from './get-matchmaking-status.ts';
import { keepQueueAlive } from './keep-queue-alive.ts';
import { leaveQueue } from './leave-queue.ts';
import { flashTitle, notify, playMatchSound, primeSound } from './match-alert.ts';
import { playReducer, sidesOf, type PlayView } from './play-state.ts';

/** While the match is past its deadline and still shown, the status is read again this often. */
const RECHECK_AFTER_DEADLINE_MS = 3_000;

/** A message above the start or queue panel after the player's own action or a match that did not start. */
export interface Notice {
  key: MessageKey;
  params?: Record<string, string>;
}

/** What the play screen draws and the player's actions on it. */
export interface Matchmaking {
  view: PlayView;
  /** The first status read failed; `refresh` tries again. */
  failed: boolean;
  /** One /matchmaking call is on its way. */
  busy: boolean;
  notice: Notice | null;
  dismissNotice(): void;
  /** Said at once by screen readers (a match was found). */
  urgent: string;
  /** Said politely by screen readers. */
  polite: string;
  announce(text: string): void;
  refresh(): Promise<void>;
  start(): void;
  leave(): void;
  accept(): void;
  decline(): void;
}

/**
 * The matchmaking of one signed-in player (docs/product.md#states Queue). The server decides where the player stands: its status is
 * read on load, after every reconnect and whenever something may have been missed; pushed events move the screen
 * in between. While queued (and not matched) a keepalive goes every 6 s; leaving the screen or the page while
 * queued leaves the queue.
 */
export function useMatchmaking(user: UserPayload): Matchmaking {
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

  // A game to play: go to it (docs/product.md#states: a 'game' event ends queueing and loads the game).
  useEffect(() => {
    if (view.kind === 'playing') navigate(`/game/${view.gameId}`, { replace: true });
  }, [view, navigate]);

  // Keepalive every 6 s while queued and not matched (docs/product.md#states); a refusal means the entry is gone.
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

  // Leaving the play screen while queued leaves the queue (docs/product.md#states); so does closing or reloading the page.
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

  // Past the deadline plus the grace with no `game` event: the server decides (docs/product.md#states); read its status.
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
    // Not requeued and named: this player declined, or let the match run out (server decides, docs/product.md#states).
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

  return {
    view,
    failed,
    busy,
    notice,
    dismissNotice: () => setNotice(null),
    urgent,
    polite,
    announce: setPolite,
    refresh,
    start,
    leave,
    accept,
    decline,
  };
}
