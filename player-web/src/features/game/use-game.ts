import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessagePayload, EvidencePayload, GamePayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useRealtime, useRealtimeEvent } from '../../providers/realtime-context.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { syncServerClock } from '../../lib/server-clock.ts';
import { getGame } from './get-game.ts';
import { appendOnce, withPushed, withSummary } from './game-logic.ts';

export type GameState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; game: GamePayload };

export interface GameEvents {
  /** A chat line from the game room (after it was added). */
  onMessage?(message: ChatMessagePayload): void;
  /** Evidence from the game room (after it was added). */
  onEvidence?(evidence: EvidencePayload): void;
}

/**
 * One game with its chat and evidence (docs/product.md#entities Game), kept current: read from GET /game/get, its room joined
 * (docs/decisions.md#real-time) and read again after every (re)join, so nothing pushed while the connection was down is missed;
 * `message`, `score` and `evidence` events apply in between. `replace` takes a game an action answered with.
 */
export function useGame(gameId: number | null, events: GameEvents = {}) {
  const { api, state: client } = useClient();
  const { subscribeGame } = useRealtime();
  const userId = client.user?.id ?? null;
  const [state, setState] = useState<GameState>({ status: 'loading' });
  const reads = useRef(0);
  const latestEvents = useRef(events);
  latestEvents.current = events;

  const reload = useCallback(async () => {
    if (gameId === null) return;
    const read = ++reads.current;
    try {
      const game = await getGame(api, gameId);
      if (read !== reads.current) return;
      // Lines and evidence pushed while the answer was on its way stay (nothing is ever taken away from either).
      setState((s) => ({
        status: 'ready',
        game: s.status === 'ready' && s.game.id === game.id ? withPushed(game, s.game) : game,
      }));
    } catch (error) {
      if (read !== reads.current) return;
      if (error instanceof ApiError && (error.status === 404 || error.status === 403))
        setState({ status: 'not-found' });
      // A failed re-read keeps what is shown; only a first load shows the error.
      else setState((s) => (s.status === 'ready' ? s : { status: 'error' }));
    }
  }, [api, gameId]);

  useEffect(() => {
    if (gameId === null) {
      setState({ status: 'not-found' });
      return;
    }
    setState({ status: 'loading' });
    void reload();
  }, [gameId, userId, reload]);

  useEffect(() => {
    if (gameId === null || userId === null) return;
    return subscribeGame(gameId, () => void reload());
  }, [gameId, userId, subscribeGame, reload]);

  const replace = useCallback((game: GamePayload) => {
    reads.current += 1;
    setState({ status: 'ready', game });
  }, []);

  useRealtimeEvent('score', (summary) => {
    if (summary.id !== gameId) return;
    syncServerClock(summary.server_time_ms);
    reads.current += 1;
    setState((s) => (s.status === 'ready' ? { status: 'ready', game: withSummary(s.game, summary) } : s));
  });

  // Chat and evidence events carry no game id: this socket is only in the room of the game on screen.
  useRealtimeEvent('message', (message) => {
    setState((s) =>
      s.status === 'ready'
        ? { status: 'ready', game: { ...s.game, messages: appendOnce(s.game.messages, message) } }
        : s,
    );
    latestEvents.current.onMessage?.(message);
  });

  // An earlier line masked after the fact (a phone number spread over lines) replaces the shown one.
  useRealtimeEvent('message-update', (message) => {
    setState((s) =>
      s.status === 'ready'
        ? {
            status: 'ready',
            game: { ...s.game, messages: s.game.messages.map((shown) => (shown.id === message.id ? message : shown)) },
          }
        : s,
    );
  });

  useRealtimeEvent('evidence', (evidence) => {
    setState((s) =>
      s.status === 'ready'
        ? { status: 'ready', game: { ...s.game, evidence: appendOnce(s.game.evidence, evidence) } }
        : s,
    );
    latestEvents.current.onEvidence?.(evidence);
  });

  /** Changes the loaded game in place (a sent chat line, an uploaded piece of evidence). */
  const update = useCallback((change: (game: GamePayload) => GamePayload) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', game: change(s.game) } : s));
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  return { state, reload, replace, update, retry };
}
