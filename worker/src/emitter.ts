import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Push, ServerToClientEvents } from '@ecup/domain';
import { reportLostPublishes } from '@ecup/db';

export interface Publisher {
  /** Emits events to their rooms on every API process; fire and forget (clients re-read after a reconnect). */
  publish(pushes: Push[]): void;
  close(): void;
}

/**
 * The worker's side of real-time (docs/decisions.md#shape, docs/decisions.md#real-time): `@socket.io/redis-emitter` on the channel key the API's
 * Redis adapter listens on (`{REDIS_PREFIX}socket.io`), so a job's events reach sockets on any API process.
 */
export function createPublisher(redisUrl: string, redisPrefix: string, log: Pick<Console, 'warn'>): Publisher {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 5000 });
  redis.on('error', (error) => log.warn(`worker emitter Redis: ${error.message}`));
  reportLostPublishes(redis, (error) => log.warn(`push lost while Redis is away: ${error.message}`));
  const emitter = new Emitter<ServerToClientEvents>(redis, { key: `${redisPrefix}socket.io` });
  return {
    publish(pushes) {
      for (const { room, event, payload, except } of pushes) {
        const target = except && except.length > 0 ? emitter.to(room).except(except) : emitter.to(room);
        (target.emit as (event: string, payload: unknown) => true)(event, payload);
      }
    },
    close() {
      redis.disconnect();
    },
  };
}
