import path from 'node:path';
import { parseDatabaseUrl, type DatabaseTarget } from './connection.ts';
import {
  AppSecretError,
  PASSWORD_COST,
  PASSWORD_COST_MIN,
  parseIpRange,
  resolveAppSecret,
  resolveVapidKeys,
  totpKeyOf,
  unsubscribeKeyOf,
  VapidError,
  type VapidKeys,
} from '@ecup/security';
import { parsePushTestHosts, type PushTestHost } from '@ecup/domain';

/** Process configuration from environment variables, with working local defaults (docs/decisions.md#shape). */
export interface Config {
  port: number;
  databaseUrl: string;
  database: DatabaseTarget;
  redisUrl: string;
  redisPrefix: string;
  publicUrl: string;
  mailOutbox: string;
  smtpUrl: string | null;
  mailFrom: string;
  uploadDir: string;
  trustProxy: boolean;
  /**
   * TRUSTED_PROXIES: the addresses or CIDR ranges of the proxies in front of the API (default loopback). With
   * TRUST_PROXY=on, X-Forwarded-For is read only on connections from them, and the client is the last address in
   * the header that is not one of them, so an address a client writes into the header itself changes nothing.
   */
  trustedProxies: { start: Buffer; end: Buffer; cidr: string }[];
  worker: boolean;
  /** SEED_DEMO: seed the demo into an empty database (default on; off and refused when NODE_ENV=production). */
  seedDemo: boolean;
  /** PLAYER_WEB_DIST: the built player app the API serves (default player-web/dist). */
  playerWebDist: string;
  adminWebDist: string;
  shutdownTimeoutMs: number;
  /**
   * JOB_LOCK_MS: how long a worker's claim on a running job lasts without renewal (BullMQ lockDuration); a job
   * held by a worker that died is handed to another worker within about 1.5 times this (stalled check every half).
   * Default {@link DEFAULT_JOB_LOCK_MS}.
   */
  jobLockMs: number;
  /**
   * TEST_CLOCK=on: tests may move the server's clock through POST /test/clock (the test-only mechanism).
   * Refused when NODE_ENV=production.
   */
  testClock: boolean;
  /** LOG_LEVEL: the lowest level written to the JSON log (default info; silent writes nothing). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>`; unset, it is open. */
  metricsToken: string | null;
  /** METRICS_PORT: where `npm run worker` serves its own /metrics; null (unset) serves none. */
  metricsPort: number | null;
  /**
   * Whether this process serves metrics at all: not with NODE_ENV=production and no METRICS_TOKEN, where an open
   * /metrics would show anyone the site's traffic (no /metrics on the API, no worker metrics server); see
   * {@link metricsNotice}.
   */
  metricsServed: boolean;
  /**
   * IMAGE_FETCH_ALLOW_PRIVATE=on: a news article may copy images from private, loopback and link-local addresses
   * (tests serve their images on loopback). Refused when NODE_ENV=production, where such an address is refused.
   */
  imageFetchAllowPrivate: boolean;
  /**
   * The AES-256-GCM key of the TOTP secrets at rest, derived from APP_SECRET (development without APP_SECRET: from
   * `.data/app-secret`, generated once; production refuses to start without one). Never logged.
   */
  totpKey: Buffer;
  /** The HMAC key of the e-mails' one-click unsubscribe links, derived from APP_SECRET like the TOTP key. Never logged. */
  unsubscribeKey: Buffer;
  /**
   * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: the Web Push identity (development without the keys: from
   * `.data/vapid.json`, generated once; production refuses to start without them). The private key is never logged.
   */
  vapid: VapidKeys;
  /**
   * PUSH_ENDPOINT_HOSTS_FOR_TESTS (tests only): loopback push services a subscription may name besides the browsers'
   * own (docs/rules.md "Push subscriptions"), such as `127.0.0.1:4100` or `127.0.0.1` for any port; unset, none.
   * Refused when NODE_ENV=production, and for any host that is not a loopback address.
   */
  pushEndpointHostsForTests: PushTestHost[];
  /**
   * PASSWORD_COST: scrypt's log2 N for new hashes and the rehash at sign-in (default {@link PASSWORD_COST}, 10 to
   * 20; p follows from it, see scryptParallelism); below {@link PASSWORD_COST_MIN} only outside production, where
   * tests use a cheaper one.
   */
  passwordCost: number;
  /**
   * RENDER_LIMIT: public pages drawn on the server at once in this process, at most (default
   * {@link DEFAULT_RENDER_LIMIT}; 0 draws none). A drawn page costs 100 to 300 ms of the one thread that also answers
   * every other request, so a request beyond the limit gets the app shell, which the browser draws itself.
   */
  renderLimit: number;
}

/** Pages drawn at once per API process by default: two keep the event loop free between them on a small host. */
export const DEFAULT_RENDER_LIMIT = 2;

export class ConfigError extends Error {}

/** pino's levels, most severe first, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be on or off (got "${value}")`);
}

/**
 * Default JOB_LOCK_MS: 6 s. A killed worker's job runs again within lock + stalled check = 1.5 × 6 = 9 s (about 10 s
 * measured), under the 15 s of the worker-killed fault suite; the lock is renewed every 3 s, and no job
 * here blocks the event loop for anything near that (docs/operations.md "Jobs and stalled jobs").
 */
export const DEFAULT_JOB_LOCK_MS = 6_000;

/** Reads and validates the environment; throws ConfigError naming the variable and the fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number from 0 to 65535 (got "${env.PORT}")`);
  }
  const databaseUrl = env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/ecup';
  let database: DatabaseTarget;
  try {
    database = parseDatabaseUrl(databaseUrl);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redisUrl)) throw new ConfigError(`REDIS_URL must start with redis:// (got "${redisUrl}")`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://ecup.example.com (got "${publicUrl}")`);
  }
  const shutdownTimeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? 15000);
  const jobLockMs = Number(env.JOB_LOCK_MS ?? DEFAULT_JOB_LOCK_MS);
  if (!Number.isInteger(jobLockMs) || jobLockMs < 1000) {
    throw new ConfigError(
      `JOB_LOCK_MS must be a whole number of milliseconds, at least 1000 (got "${env.JOB_LOCK_MS}")`,
    );
  }
  const testClock = flag('TEST_CLOCK', env.TEST_CLOCK, false);
  if (testClock && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'TEST_CLOCK=on lets anyone move the clock: it is refused with NODE_ENV=production. Unset it.',
    );
  }
  const production = env.NODE_ENV === 'production';
  const seedDemo = flag('SEED_DEMO', env.SEED_DEMO, !production);
  if (seedDemo && production) {
    throw new ConfigError(
      'SEED_DEMO=on creates accounts whose passwords are in the README: it is refused with NODE_ENV=production. Unset it.',
    );
  }
  const imageFetchAllowPrivate = flag('IMAGE_FETCH_ALLOW_PRIVATE', env.IMAGE_FETCH_ALLOW_PRIVATE, false);
  if (imageFetchAllowPrivate && production) {
    throw new ConfigError(
      'IMAGE_FETCH_ALLOW_PRIVATE=on lets the server fetch from its own network: it is refused with NODE_ENV=production. Unset it.',
    );
  }
  const pushEndpointHostsForTests = parsePushTestHosts(env.PUSH_ENDPOINT_HOSTS_FOR_TESTS ?? '');
  if (pushEndpointHostsForTests === null) {
    throw new ConfigError(
      `PUSH_ENDPOINT_HOSTS_FOR_TESTS must be loopback hosts such as 127.0.0.1:4100, comma-separated (got "${env.PUSH_ENDPOINT_HOSTS_FOR_TESTS}")`,
    );
  }
  if (pushEndpointHostsForTests.length > 0 && production) {
    throw new ConfigError(
      'PUSH_ENDPOINT_HOSTS_FOR_TESTS lets push subscriptions name this machine: it is refused with NODE_ENV=production. Unset it.',
    );
  }
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  }
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (for example: openssl rand -hex 32)',
    );
  }
  let metricsPort: number | null = null;
  if (env.METRICS_PORT) {
    metricsPort = Number(env.METRICS_PORT);
    if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) {
      throw new ConfigError(
        `METRICS_PORT must be a port number from 0 to 65535, or unset for no worker metrics server (got "${env.METRICS_PORT}")`,
      );
    }
  }
  const passwordCost = Number(env.PASSWORD_COST || PASSWORD_COST);
  if (!Number.isInteger(passwordCost) || passwordCost < 10 || passwordCost > 20) {
    throw new ConfigError(`PASSWORD_COST must be a whole number from 10 to 20 (got "${env.PASSWORD_COST}")`);
  }
  if (production && passwordCost < PASSWORD_COST_MIN) {
    throw new ConfigError(
      `PASSWORD_COST below ${PASSWORD_COST_MIN} is weaker than OWASP's minimum: it is refused with NODE_ENV=production. Unset it.`,
    );
  }
  // Every entry must be a range: an empty one (a stray comma) is refused rather than skipped, since it usually
  // means a list was cut or joined wrong, and the API would then trust other addresses than the operator meant.
  const renderLimit = Number(env.RENDER_LIMIT || DEFAULT_RENDER_LIMIT);
  if (!/^\d{1,3}$/.test(env.RENDER_LIMIT || '0') || renderLimit > 64) {
    throw new ConfigError(
      `RENDER_LIMIT must be a whole number from 0 to 64: the pages drawn at once per process (got "${env.RENDER_LIMIT}")`,
    );
  }
  const trustedProxies = (env.TRUSTED_PROXIES || '127.0.0.0/8,::1').split(',').map((entry) => {
    const range = entry.trim() === '' ? null : parseIpRange(entry);
    if (!range) {
      const got = entry.trim() === '' ? `an empty entry in "${env.TRUSTED_PROXIES}"` : `"${entry.trim()}"`;
      throw new ConfigError(
        `TRUSTED_PROXIES must be a comma-separated list of addresses or CIDR ranges such as 10.0.0.0/8 (got ${got})`,
      );
    }
    return range;
  });
  let appSecret: string;
  try {
    appSecret = resolveAppSecret(env);
  } catch (error) {
    if (error instanceof AppSecretError) throw new ConfigError(error.message);
    throw error;
  }
  let vapid: VapidKeys;
  try {
    vapid = resolveVapidKeys(env, publicUrl);
  } catch (error) {
    if (error instanceof VapidError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    port,
    databaseUrl,
    database,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'ecup:',
    publicUrl,
    mailOutbox: path.resolve(env.MAIL_OUTBOX || path.join(ROOT, '.data', 'outbox')),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'eCup <no-reply@ecup.local>',
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(ROOT, '.data', 'uploads')),
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY, false),
    trustedProxies,
    worker: flag('WORKER', env.WORKER, true),
    seedDemo,
    playerWebDist: path.resolve(env.PLAYER_WEB_DIST || path.join(ROOT, 'player-web', 'dist')),
    adminWebDist: path.join(ROOT, 'admin-web', 'dist'),
    shutdownTimeoutMs: Number.isFinite(shutdownTimeoutMs) && shutdownTimeoutMs > 0 ? shutdownTimeoutMs : 15000,
    jobLockMs,
    testClock,
    logLevel,
    metricsToken,
    metricsPort,
    metricsServed: metricsToken !== null || env.NODE_ENV !== 'production',
    imageFetchAllowPrivate,
    totpKey: totpKeyOf(appSecret),
    unsubscribeKey: unsubscribeKeyOf(appSecret),
    vapid,
    pushEndpointHostsForTests,
    passwordCost,
    renderLimit,
  };
}

/**
 * The start's one line when it serves no metrics (production without METRICS_TOKEN), naming the fix; null when
 * metrics are served.
 */
export function metricsNotice(config: Config): string | null {
  if (config.metricsServed) return null;
  return 'metrics: none served (NODE_ENV=production without METRICS_TOKEN); set METRICS_TOKEN to serve /metrics';
}
