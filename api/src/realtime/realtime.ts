import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { Gauge } from 'prom-client';
import { createAdapter } from '@socket.io/redis-adapter';
import { reportLostPublishes } from '@ecup/db';
import type { Redis } from 'ioredis';
import {
  MESSAGES,
  message,
  PRESENCE_REFRESH_MS,
  PRESENCE_TTL_SECONDS,
  parsePositiveInt,
  userRoom,
  PLAYERS_ROOM,
  type ClientToServerEvents,
  type ServerToClientEvents,
  sessionPermissions,
} from '@ecup/domain';
import type { AppDeps } from '../context.ts';
import { findSession, isBanned } from '../middleware/auth.ts';
import { presenceKey } from '../services/presence.ts';
import { canJoin } from './channels.ts';
import { isForeignRequest } from '../middleware/origin.ts';
import { contentSecurityPolicy, securityHeaders } from '../middleware/security-headers.ts';

interface SocketData {
  user: { id: number; permissions: number };
  sessionId: number;
}

const SOCKETS_METRIC = 'ecup_socket_connections';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What real-time needs from the process: the app's dependencies but the two it gives them. */
export type RealtimeDeps = Omit<AppDeps, 'publish' | 'disconnectSessions'>;

export interface Realtime extends Pick<AppDeps, 'publish' | 'disconnectSessions'> {
  io: RealtimeServer;
  /** Serves socket.io on the API's HTTP server (the same port). */
  attach(server: http.Server): void;
  close(): Promise<void>;
}

/**
 * socket.io for the API's HTTP server (docs/decisions.md#real-time): the handshake carries the id/token pair, a socket joins its
 * user's room and the room of all players at once and a game's room on `subscribe`; rooms are shared by every API
 * process through the Redis adapter; presence lives in Redis with an expiry. Made before the app, which gets its
 * `publish` and `disconnectSessions`, and attached to the server once that exists.
 */
export function createRealtime(deps: RealtimeDeps): Realtime {
  const { publicUrl, trustProxy } = deps.config;
  const io: RealtimeServer = new Server({
    path: '/socket.io',
    serveClient: false,
    // A page of another site cannot open a socket with a visitor's browser (foreign origins).
    allowRequest: (request, callback) => {
      const foreign = isForeignRequest(request.headers, publicUrl, trustProxy);
      callback(foreign ? MESSAGES.foreignOrigin : null, !foreign);
    },
  });
  // The adapter needs its own connections: one of them only listens.
  const pub: Redis = deps.redis.duplicate({ keyPrefix: '', enableOfflineQueue: true });
  const sub: Redis = deps.redis.duplicate({ keyPrefix: '', enableOfflineQueue: true });
  for (const client of [pub, sub]) client.on('error', (error) => deps.log.warn(`socket.io Redis: ${error.message}`));
  reportLostPublishes(pub, (error) => deps.log.warn(`socket.io push lost while Redis is away: ${error.message}`));
  io.adapter(createAdapter(pub, sub, { key: `${deps.config.redisPrefix}socket.io` }));
  const registry = deps.metrics.registry;
  new Gauge({
    name: SOCKETS_METRIC,
    help: 'socket.io connections open on this API process',
    registers: [registry],
    collect() {
      this.set(io.of('/').sockets.size);
    },
  });

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as Record<string, unknown>;
    const id = parsePositiveInt(auth.id);
    const token = typeof auth.token === 'string' ? auth.token.toLowerCase() : '';
    try {
      const found = id ? await findSession(deps, id, token) : null;
      if (!found) return next(new Error(MESSAGES.sessionExpired));
      if (isBanned(found.user, deps.now())) return next(new Error(MESSAGES.noPermission));
      socket.data.user = {
        id: found.user.id,
        permissions: sessionPermissions(found.user, found.session.second_factor),
      };
      socket.data.sessionId = found.session.id;
      next();
    } catch {
      next(new Error(MESSAGES.somethingWentWrong));
    }
  });

  const touch = (userId: number) =>
    deps.redis.set(presenceKey(userId), '1', 'EX', PRESENCE_TTL_SECONDS).catch(() => undefined);

  io.on(
    'connection',
    (socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>) => {
      const { user } = socket.data;
      void socket.join([userRoom(user.id), PLAYERS_ROOM]);
      void touch(user.id);
      const refresh = setInterval(() => void touch(user.id), PRESENCE_REFRESH_MS);

      socket.on('subscribe', async (request, ack) => {
        const answer = typeof ack === 'function' ? ack : () => undefined;
        const channel = (request as { channel?: unknown } | null)?.channel;
        try {
          if (!(await canJoin(deps.knex, user, channel))) return answer(message('notFound'));
          await socket.join(channel as string);
          answer({ ok: true });
        } catch {
          answer(message('somethingWentWrong'));
        }
      });
      socket.on('unsubscribe', async (request, ack) => {
        const channel = (request as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string' && channel !== userRoom(user.id)) await socket.leave(channel);
        if (typeof ack === 'function') ack({ ok: true });
      });

      socket.on('disconnect', async () => {
        clearInterval(refresh);
        // Offline only when none of the user's connections, on any API process, is left.
        const left = await io
          .in(userRoom(user.id))
          .fetchSockets()
          .catch(() => [{}]);
        if (left.length === 0) await deps.redis.del(presenceKey(user.id)).catch(() => undefined);
      });
    },
  );

  return {
    io,
    publish(pushes) {
      for (const { room, event, payload, except } of pushes) {
        const target = except && except.length > 0 ? io.to(room).except(except) : io.to(room);
        (target.emit as (event: string, payload: unknown) => boolean)(event, payload);
      }
    },
    async disconnectSessions(userId, keptSessionId, onlySessionIds) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      for (const socket of sockets) {
        if (socket.data.sessionId === keptSessionId) continue;
        if (onlySessionIds && !onlySessionIds.includes(socket.data.sessionId)) continue;
        socket.disconnect(true);
      }
    },
    attach(server) {
      io.attach(server);
      // The transport's answers (handshakes, polling, its own errors) bypass Koa: the same headers, set before
      // engine.io writes anything.
      const headers = securityHeaders(publicUrl);
      server.prependListener('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
        if (!request.url?.startsWith('/socket.io/')) return;
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        response.setHeader('Content-Security-Policy', contentSecurityPolicy(request.headers.host ?? ''));
      });
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      pub.disconnect();
      sub.disconnect();
      registry.removeSingleMetric(SOCKETS_METRIC);
    },
  };
}
