import { Redis } from 'ioredis';
import { ensureDatabase } from '../connection.ts';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';

const START_MARIADB = 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd';
const START_REDIS = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no';

function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}

/**
 * Checks that MySQL and Redis answer before anything starts; throws a ConfigError whose message is one line naming
 * the variable and how to start the service (decisions §1). Creates the database when it does not exist.
 */
export async function checkServices(config: Config): Promise<void> {
  await checkDatabase(config);
  await checkRedis(config);
}

/** Checks that MySQL answers and creates the database when it does not exist (the CLI needs no Redis). */
export async function checkDatabase(config: Config): Promise<void> {
  try {
    await ensureDatabase(config.database);
  } catch (error) {
    const where = `${config.database.host}:${config.database.port}`;
    throw new ConfigError(
      `Cannot reach MySQL at ${where} (DATABASE_URL=${config.databaseUrl.replace(/:[^:@/]*@/, ':***@')}): ${reason(error)}. ` +
        `Start it (for example: ${START_MARIADB}) or set DATABASE_URL.`,
    );
  }
}

/** Checks that Redis answers. */
export async function checkRedis(config: Config): Promise<void> {
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ConfigError(
      `Cannot reach Redis (REDIS_URL=${config.redisUrl.replace(/:[^:@/]*@/, ':***@')}): ${reason(error)}. Start it (for example: ${START_REDIS}) or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}
