/**
 * The real-time contract (spec §7 "Real-time", decisions §3): socket.io at /socket.io, a private room per user and
 * per game, and the events each carries. Payload types of the play-loop events are added with their features.
 */

/** The room of one user's own events (match, match-accepted, match-declined, game, stats). */
export function userRoom(userId: number): string {
  return `private-user-${userId}`;
}

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

/** The handshake's `auth` object: the same id/token pair as the HTTP calls (decisions §2). */
export interface RealtimeAuth {
  id: number;
  token: string;
}

/** What a client may emit; `subscribe` is acknowledged with `{ ok: true }` or `{ error }`. */
export interface ClientToServerEvents {
  subscribe(request: { channel: string }, ack: (answer: { ok: true } | { error: string }) => void): void;
  unsubscribe(request: { channel: string }, ack?: (answer: { ok: true }) => void): void;
}

/** Events the server pushes; payloads are filled in by the features that send them. */
export interface ServerToClientEvents {
  match(payload: unknown): void;
  'match-accepted'(payload: unknown): void;
  'match-declined'(payload: unknown): void;
  game(payload: unknown): void;
  stats(payload: unknown): void;
  message(payload: unknown): void;
  score(payload: unknown): void;
  evidence(payload: unknown): void;
}

/** A connected user counts as online this long after their last sign of life (a crashed node cannot leave them on). */
export const PRESENCE_TTL_SECONDS = 60;
/** How often each connection renews its user's presence. */
export const PRESENCE_REFRESH_MS = 20_000;
