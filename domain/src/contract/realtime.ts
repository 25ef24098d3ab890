/**
 * The real-time contract (docs/product.md#calls "Real-time", docs/decisions.md#real-time): socket.io at /socket.io, a private room per user and
 * per game, and the events each carries.
 */
import type {
  ChatMessagePayload,
  EvidencePayload,
  GameReadyEvent,
  GameSummary,
  MatchAcceptedEvent,
  MatchDeclinedEvent,
  MatchPayload,
  StatsEvent,
} from './games.ts';
import type { SeasonPayload } from './accounts.ts';

/** The room of one user's own events (match, match-accepted, match-declined, game, stats). */
export function userRoom(userId: number): string {
  return `private-user-${userId}`;
}

/**
 * The room every signed-in socket joins at connection: events for all players at once, such as the season at the
 * weekly window's opening and closing.
 */
export const PLAYERS_ROOM = 'players';

/** The room of one game's events (message, score, evidence). */
export function gameRoom(gameId: number): string {
  return `private-game-${gameId}`;
}

/** Reads a room name: which kind and which id, or null for anything else. */
export function parseRoom(channel: unknown): { kind: 'user' | 'game'; id: number } | null {
  if (typeof channel !== 'string') return null;
  const match = /^private-(user|game)-([1-9]\d{0,9})$/.exec(channel);
  return match ? { kind: match[1] as 'user' | 'game', id: Number(match[2]) } : null;
}

/** The handshake's `auth` object: the same id/token pair as the HTTP calls (docs/decisions.md#api-contract). */
export interface RealtimeAuth {
  id: number;
  token: string;
}

/**
 * How a player's socket.io client connects (docs/decisions.md#real-time), beside `io(origin, ...)`: WebSocket first (one upgrade
 * request instead of a long-polling handshake, its polls and then the upgrade; and no sticky sessions needed behind
 * a balancer), long-polling where a network refuses WebSockets; a fresh connection for every sign-in, so a new pair
 * never shares the last user's; socket.io reconnects by itself after 1 s, backing off to 5 s.
 */
export function realtimeClientOptions(auth: RealtimeAuth) {
  return {
    path: '/socket.io',
    auth: { id: auth.id, token: auth.token },
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    forceNew: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
  };
}

/** What a client may emit; `subscribe` is acknowledged with `{ ok: true }` or `{ error }`. */
export interface ClientToServerEvents {
  subscribe(request: { channel: string }, ack: (answer: { ok: true } | { error: string }) => void): void;
  unsubscribe(request: { channel: string }, ack?: (answer: { ok: true }) => void): void;
}

/** Events the server pushes (docs/product.md#calls "Real-time"): user room first, then game room. */
export interface ServerToClientEvents {
  match(payload: MatchPayload): void;
  'match-accepted'(payload: MatchAcceptedEvent): void;
  'match-declined'(payload: MatchDeclinedEvent): void;
  game(payload: GameReadyEvent): void;
  stats(payload: StatsEvent): void;
  message(payload: ChatMessagePayload): void;
  /** An earlier chat line shown again, masked (a phone number spread over lines); replaces the line by id. */
  'message-update'(payload: ChatMessagePayload): void;
  score(payload: GameSummary): void;
  evidence(payload: EvidencePayload): void;
  /** The current season as GET /season/current answers it, sent at the weekly window's opening and closing. */
  season(payload: SeasonPayload): void;
}

export type ServerEventName = keyof ServerToClientEvents;

/**
 * One event for one room, as commands hand it to the process that emits it after commit (docs/conventions.md#after-commit); sockets
 * also in one of the `except` rooms do not get it (a chat line is not delivered to a player who blocked its author).
 */
export type Push = {
  [E in ServerEventName]: {
    room: string;
    event: E;
    payload: Parameters<ServerToClientEvents[E]>[0];
    except?: string[];
  };
}[ServerEventName];

/** Builds a typed push. */
export function push<E extends ServerEventName>(
  room: string,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): Push {
  return { room, event, payload } as Push;
}

/** A connected user counts as online this long after their last sign of life (a crashed node cannot leave them on). */
export const PRESENCE_TTL_SECONDS = 60;
/** How often each connection renews its user's presence. */
export const PRESENCE_REFRESH_MS = 20_000;
