import { Redis } from 'ioredis';
import { ensureDatabase } from '../connection.ts';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import {
  databaseServer,
  databaseVersionProblem,
  redisServer,
  redisVersionProblem,
  versionsLine,
  type FoundServer,
} from './versions.ts';

const START_MARIADB = 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd';
const START_REDIS = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no';

function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}

/**
 * Checks that MySQL and Redis answer and are new enough before anything starts; throws a ConfigError whose message
 * is one line naming the variable and how to start the service, or the version found and the one needed
 * (docs/decisions.md#shape). Creates the database when it does not exist. Returns the line naming the versions.
 */
export async function checkServices(config: Config): Promise<string> {
  const database = await checkDatabase(config);
  const redis = await checkRedis(config);
  return versionsLine(database, redis);
}

/**
 * Checks that MySQL answers and is new enough, and creates the database when it does not exist (the CLI needs no
 * Redis).
 */
export async function checkDatabase(config: Config): Promise<FoundServer> {
  let reported: string;
  try {
    reported = await ensureDatabase(config.database);
  } catch (error) {
    const where = `${config.database.host}:${config.database.port}`;
    throw new ConfigError(
      `Cannot reach MySQL at ${where} (DATABASE_URL=${config.databaseUrl.replace(/:[^:@/]*@/, ':***@')}): ${reason(error)}. ` +
        `Start it (for example: ${START_MARIADB}) or set DATABASE_URL.`,
    );
  }
  const problem = databaseVersionProblem(reported);
  if (problem !== null) throw new ConfigError(problem);
  return databaseServer(reported)!;
}

/** Checks that Redis answers and is new enough. */
export async function checkRedis(config: Config): Promise<FoundServer> {
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on('error', () => undefined);
  let info: string;
  try {
    await redis.connect();
    info = await redis.info('server');
  } catch (error) {
    throw new ConfigError(
      `Cannot reach Redis (REDIS_URL=${config.redisUrl.replace(/:[^:@/]*@/, ':***@')}): ${reason(error)}. Start it (for example: ${START_REDIS}) or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
  const problem = redisVersionProblem(info);
  if (problem !== null) throw new ConfigError(problem);
  return redisServer(info)!;
}
