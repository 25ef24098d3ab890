/**
 * The real-time connection states of docs/product.md#states (initialized, connecting, connected, unavailable, failed,
 * disconnected) and how socket.io's lifecycle maps onto them. Pure, so the mapping is tested without a server.
 */

export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

/** What happened to the socket, in the terms the states care about. */
export type ConnectionEvent =
  /** A connection is being opened (the first time, or again after a refusal). */
  | { type: 'open' }
  /** The handshake succeeded. */
  | { type: 'connected' }
  /** A connection attempt failed; `retrying` is socket.io's `socket.active`: false when the server refused it. */
  | { type: 'connect-error'; retrying: boolean }
  /** An open connection ended; `retrying` tells whether socket.io reconnects by itself. */
  | { type: 'lost'; retrying: boolean }
  /** No connection for REALTIME_UNAVAILABLE_TIMEOUT_MS (10 s) while trying (docs/product.md#calls). */
  | { type: 'unavailable-timeout' }
  /** This app closed the connection (sign-out, another user). */
  | { type: 'closed' };

/**
 * The next state. Trying again keeps 'unavailable' (it stays so until a connection opens) and keeps 'failed' (a
 * quiet retry after a refusal does not flicker the indicator); a refusal by the server is 'failed'; a connection
 * that socket.io will not reopen is 'disconnected'.
 */
export function nextConnectionState(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'open':
      return state === 'unavailable' || state === 'failed' || state === 'connected' ? state : 'connecting';
    case 'connected':
      return 'connected';
    case 'connect-error':
      if (!event.retrying) return 'failed';
      return state === 'unavailable' || state === 'failed' ? state : 'connecting';
    case 'lost':
      return event.retrying ? 'connecting' : 'disconnected';
    case 'unavailable-timeout':
      return state === 'connecting' ? 'unavailable' : state;
    case 'closed':
      return 'disconnected';
  }
}

/**
 * Whether socket.io reconnects by itself after a disconnect with `reason`: not when this app closed the socket
 * ('io client disconnect') nor when the server did ('io server disconnect', e.g. the session was revoked by a
 * password change elsewhere); after a dropped transport or a missed ping it does.
 */
export function reconnectsAfter(reason: string): boolean {
  return reason !== 'io client disconnect' && reason !== 'io server disconnect';
}

/** True in the states where the player should be told that live updates are not arriving. */
export function isInterrupted(state: ConnectionState): boolean {
  return state === 'unavailable' || state === 'failed' || state === 'disconnected';
}

/** Delay before quietly trying again after the server refused a connection: 10 s, doubling, at most 2 min. */
export function retryAfterRefusalMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 120_000);
}

/** How long after a failed join of a game's room the app asks again (while the same connection lasts). */
export const SUBSCRIBE_RETRY_MS = 2_000;

/**
 * Whether a `subscribe` to a game's room that did not succeed is asked again (docs/decisions.md#real-time): yes when no
 * acknowledgement came in time (`null`: a busy server) or the server had trouble of its own; not when it answered that
 * the room is not the user's ('Not found.'), which asking again cannot change. Without it a player whose join went
 * unanswered once stays out of the game's room (no chat, score or evidence) until the next reconnect.
 */
export function retriesJoin(answer: { ok: true } | { error: string; code?: string } | null): boolean {
  if (answer === null) return true;
  return 'error' in answer && answer.code !== 'notFound';
}
