import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  REALTIME_UNAVAILABLE_TIMEOUT_MS,
  gameRoom,
  type ServerEventName,
  type ServerToClientEvents,
} from '@ecup/domain';
import {
  nextConnectionState,
  SUBSCRIBE_RETRY_MS,
  reconnectsAfter,
  retriesJoin,
  retryAfterRefusalMs,
  type ConnectionState,
} from '../lib/connection-state.ts';
import type { Credentials } from '../lib/api-client.ts';
import { loadCredentials } from '../lib/credentials.ts';
import type { RealtimeSocket } from '../lib/socket.ts';
import { useClient } from './client-context.tsx';

/** The payload of a server event (domain contract/realtime.ts). */
export type EventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
type Handler = (payload: never) => void;

/** Every event the server pushes (docs/product.md#calls): the user room's, then a game room's, then the one for all players. */
const SERVER_EVENTS: readonly ServerEventName[] = [
  'match',
  'match-accepted',
  'match-declined',
  'game',
  'stats',
  'message',
  'message-update',
  'score',
  'evidence',
  'season',
];

/** How long a `subscribe` may wait for its acknowledgement. */
const SUBSCRIBE_ACK_TIMEOUT_MS = 10_000;

export interface Realtime {
  /** The connection state of docs/product.md#states. */
  state: ConnectionState;
  /**
   * Changes every time a connection opens. Anything pushed while there was none may have been missed, so screens
   * read their state from the API again (see useResync).
   */
  resyncToken: number;
  /** Listens to a server event on every connection of this session; returns the way to stop. */
  on<E extends ServerEventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void;
  /**
   * Joins the game's room (docs/decisions.md#real-time), again after every reconnect, until the returned function is called.
   * `onJoined` runs after each successful join, when the screen should read the game again.
   */
  subscribeGame(gameId: number, onJoined?: () => void): () => void;
}

const RealtimeContext = createContext<Realtime | null>(null);

interface GameSubscription {
  count: number;
  joined: Set<() => void>;
}

/** The id/token pair of the signed-in user as the session stored it, or null. */
function pairOf(userId: number | null): Credentials | null {
  if (userId === null) return null;
  const pair = loadCredentials();
  return pair && pair.id === userId ? pair : null;
}

/**
 * The one real-time connection of a signed-in player (docs/decisions.md#real-time; docs/product.md#states "Signed-in users subscribe to a private
 * real-time channel"): opened with the session's id/token pair, closed on sign-out, replaced when the user or the
 * token changes. socket.io reconnects by itself; a refusal by the server is retried quietly with a back-off. A
 * `stats` event reads the signed-in user again, so the header and the ranking show the new numbers.
 */
/** How long after the server closed the socket the session is checked (see the 'disconnect' handler). */
const SESSION_RECHECK_DELAY_MS = 2_000;

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { state: client, refreshUser, api } = useClient();
  const apiRef = useRef(api);
  apiRef.current = api;
  const [state, dispatch] = useReducer(nextConnectionState, 'initialized');
  const [resyncToken, setResyncToken] = useState(0);
  const socketRef = useRef<RealtimeSocket | null>(null);
  const handlers = useRef(new Map<ServerEventName, Set<Handler>>());
  const games = useRef(new Map<number, GameSubscription>());

  // Read on every change of the user object: a password change keeps the id but brings a new token.
  const pair = useMemo(() => pairOf(client.user?.id ?? null), [client.user]);
  const pairKey = pair ? `${pair.id}:${pair.token}` : null;
  const pairRef = useRef(pair);
  pairRef.current = pair;

  const join = useCallback((socket: RealtimeSocket, gameId: number) => {
    const connection = socket.id;
    const ask = () =>
      socket.timeout(SUBSCRIBE_ACK_TIMEOUT_MS).emit('subscribe', { channel: gameRoom(gameId) }, (error, answer) => {
        if (!error && 'ok' in answer) {
          for (const callback of games.current.get(gameId)?.joined ?? []) callback();
          return;
        }
        // Unanswered (a busy server) or the server's own trouble: ask again while this connection lasts and the game
        // is still on screen, or its chat, score and evidence would be missed until the next reconnect.
        if (!retriesJoin(error ? null : answer)) return;
        setTimeout(() => {
          if (socket.connected && socket.id === connection && games.current.has(gameId)) ask();
        }, SUBSCRIBE_RETRY_MS);
      });
    ask();
  }, []);

  useEffect(() => {
    const current = pairRef.current;
    if (pairKey === null || current === null) return;
    let unavailableTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    let closed = false;
    let close: (() => void) | undefined;

    const startUnavailableTimer = () => {
      clearTimeout(unavailableTimer);
      unavailableTimer = setTimeout(() => dispatch({ type: 'unavailable-timeout' }), REALTIME_UNAVAILABLE_TIMEOUT_MS);
    };
    dispatch({ type: 'open' });
    startUnavailableTimer();

    const connect = (socket: RealtimeSocket) => {
      socketRef.current = socket;
      socket.on('connect', () => {
        refusals = 0;
        clearTimeout(unavailableTimer);
        dispatch({ type: 'connected' });
        for (const gameId of games.current.keys()) join(socket, gameId);
        setResyncToken((n) => n + 1);
      });
      socket.on('connect_error', () => {
        dispatch({ type: 'connect-error', retrying: socket.active });
        if (socket.active) return;
        // Refused by the server (a revoked session, or trouble on its side): try again later, quietly.
        refusals += 1;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          dispatch({ type: 'open' });
          socket.connect();
        }, retryAfterRefusalMs(refusals));
      });
      socket.on('disconnect', (reason) => {
        const retrying = reconnectsAfter(reason);
        dispatch({ type: 'lost', retrying });
        if (retrying) startUnavailableTimer();
        // The server closes a session's sockets when it was signed out from another device or revoked: asking who is
        // signed in finds out (401 "Your session has ended." signs the player out and says so). Asked a moment later,
        // and only while this pair is still the one in use: a password change made here closes the old session's
        // socket before its answer brings the new pair.
        if (reason === 'io server disconnect') {
          setTimeout(() => {
            if (!closed)
              void apiRef.current.get('/user/auth', {}, { defaultErrorHandler: false }).catch(() => undefined);
          }, SESSION_RECHECK_DELAY_MS);
        }
      });
      for (const event of SERVER_EVENTS) {
        socket.on(event, (payload: unknown) => {
          for (const handler of handlers.current.get(event) ?? []) (handler as (payload: unknown) => void)(payload);
        });
      }
      // Back online after the network dropped: try at once rather than at the next back-off step.
      const online = () => {
        if (!socket.connected) socket.connect();
      };
      window.addEventListener('online', online);

      return () => {
        window.removeEventListener('online', online);
        socket.removeAllListeners();
        socket.disconnect();
        if (socketRef.current === socket) socketRef.current = null;
      };
    };

    // socket.io's client is its own chunk: visitors who are not signed in never download it.
    import('../lib/socket.ts').then(
      ({ openSocket }) => {
        if (!closed) close = connect(openSocket(current));
      },
      () => {
        // The chunk could not be loaded: as good as a refused connection ("Live updates off", reload).
        clearTimeout(unavailableTimer);
        if (!closed) dispatch({ type: 'connect-error', retrying: false });
      },
    );

    return () => {
      closed = true;
      clearTimeout(unavailableTimer);
      clearTimeout(retryTimer);
      close?.();
      dispatch({ type: 'closed' });
    };
  }, [pairKey, join]);

  const on = useCallback(<E extends ServerEventName>(event: E, handler: (payload: EventPayload<E>) => void) => {
    let set = handlers.current.get(event);
    if (!set) {
      set = new Set();
      handlers.current.set(event, set);
    }
    const entry = handler as Handler;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }, []);

  const subscribeGame = useCallback(
    (gameId: number, onJoined?: () => void) => {
      let entry = games.current.get(gameId);
      if (!entry) {
        entry = { count: 0, joined: new Set() };
        games.current.set(gameId, entry);
      }
      entry.count += 1;
      const callback = onJoined ? () => onJoined() : null;
      if (callback) entry.joined.add(callback);
      const socket = socketRef.current;
      if (socket?.connected) join(socket, gameId);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = games.current.get(gameId);
        if (!current) return;
        if (callback) current.joined.delete(callback);
        current.count -= 1;
        if (current.count > 0) return;
        games.current.delete(gameId);
        const open = socketRef.current;
        if (open?.connected) open.emit('unsubscribe', { channel: gameRoom(gameId) });
      };
    },
    [join],
  );

  // docs/product.md#calls: `stats` updates the user's stats; the header and the ranking read them from the signed-in user.
  useEffect(() => on('stats', () => void refreshUser().catch(() => undefined)), [on, refreshUser]);

  const value = useMemo<Realtime>(
    () => ({ state, resyncToken, on, subscribeGame }),
    [state, resyncToken, on, subscribeGame],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime outside RealtimeProvider');
  return value;
}

/** Calls `handler` for every `event` the server pushes while the component is mounted (the latest handler). */
export function useRealtimeEvent<E extends ServerEventName>(event: E, handler: (payload: EventPayload<E>) => void) {
  const { on } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => on(event, (payload) => latest.current(payload)), [on, event]);
}

/**
 * Calls `callback` whenever a connection opens after the component mounted: a reconnect, or the first connection
 * when the screen loaded before it. The screen then reads its state from the API (docs/product.md#states: queue, match and game).
 */
export function useResync(callback: () => void) {
  const { resyncToken } = useRealtime();
  const seen = useRef(resyncToken);
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    if (resyncToken === seen.current) return;
    seen.current = resyncToken;
    latest.current();
  }, [resyncToken]);
}
