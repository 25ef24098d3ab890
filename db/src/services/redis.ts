import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis client for our own keys (rate limits, presence), namespaced by the configured prefix.
 * Fails fast when Redis is down instead of queueing commands forever (CONVENTIONS §7).
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
