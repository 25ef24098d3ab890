import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, RealtimeAuth, ServerToClientEvents } from '@ecup/domain';

/** The app's typed socket (domain contract/realtime.ts). */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the one real-time connection of a signed-in player (decisions §3): socket.io at /socket.io on this origin,
 * the same id/token pair as the HTTP calls in the handshake. The server joins the user's own room on connect;
 * socket.io reconnects by itself after transport trouble (1 s, backing off to 5 s). `forceNew`, so a new pair never
 * shares the previous user's connection.
 */
export function openSocket(auth: RealtimeAuth, origin: string = window.location.origin): RealtimeSocket {
  return io(origin, {
    path: '/socket.io',
    auth: { id: auth.id, token: auth.token },
    forceNew: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
  });
}
