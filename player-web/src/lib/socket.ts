import { io, type Socket } from 'socket.io-client';
import {
  realtimeClientOptions,
  type ClientToServerEvents,
  type RealtimeAuth,
  type ServerToClientEvents,
} from '@ecup/domain';

/** The app's typed socket (domain contract/realtime.ts). */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the one real-time connection of a signed-in player (docs/decisions.md#real-time): socket.io at /socket.io on this origin,
 * the same id/token pair as the HTTP calls in the handshake, connecting as `realtimeClientOptions` says. The server
 * joins the user's own room on connect.
 */
export function openSocket(auth: RealtimeAuth, origin: string = window.location.origin): RealtimeSocket {
  return io(origin, realtimeClientOptions(auth));
}
