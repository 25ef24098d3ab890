import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis client for our own keys (rate limits, presence), namespaced by the configured prefix.
 * Fails fast when Redis is down instead of queueing commands forever (docs/conventions.md#jobs).
 */
export function createRedis(url: string, prefix: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    lazyConnect: false,
    ...options,
  });
}

/** A connection for BullMQ: no key prefix (BullMQ has its own) and, for workers, no retry limit per request. */
export function createBullConnection(url: string, role: 'producer' | 'worker'): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    connectTimeout: 5000,
  });
}

/**
 * socket.io's Redis adapter and emitter publish without awaiting the answer. While Redis is away a publish fails
 * (MaxRetriesPerRequestError once the client gives up reconnecting for it), and a failure nobody awaits is an
 * unhandled rejection, which ends a Node process. Pushes are fire and forget (docs/decisions.md#real-time: a client re-reads after
 * a reconnect), so a lost one is reported to `lost` instead (a Redis restart must not end API or worker).
 */
export function reportLostPublishes(redis: Redis, lost: (error: Error) => void): Redis {
  type Publish = (...args: unknown[]) => Promise<number>;
  const publish = (redis.publish as Publish).bind(redis);
  (redis as unknown as { publish: Publish }).publish = (...args) => {
    const sent = publish(...args);
    sent.catch(lost);
    return sent;
  };
  return redis;
}
