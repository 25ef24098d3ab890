import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Push, ShiftableClock } from '@ecup/domain';
import type { Config, Logger, User } from '@ecup/db';
import type { ImageStore } from '@ecup/storage';
import type { JobQueues } from './services/jobs.ts';
import type { ApiMetrics } from './services/metrics.ts';
import type { ReadCache } from './services/read-cache.ts';
import type { VerifiedSessions } from './services/verified-sessions.ts';

/** What the app needs from the process; tests build it with their own database, Redis prefix and clock. */
export interface AppDeps {
  config: Config;
  knex: Knex;
  redis: Redis;
  images: ImageStore;
  jobs: JobQueues;
  /** The clock; a parameter so tests can move time (domain has no clock). */
  now: () => Date;
  /** The movable clock behind `now`, only with TEST_CLOCK=on (POST /test/clock). */
  clock?: ShiftableClock;
  /** The process's JSON logger; a request's own lines go through `ctx.state.log`, which carries its id. */
  log: Logger;
  /** The process's Prometheus registry and the API's metrics in it (served at /metrics). */
  metrics: ApiMetrics;
  /**
   * Public reads served to every visitor alike (the ranking, the latest news, forum thread lists), kept at most a
   * second per process; the writes of this process that change them drop them at once.
   */
  publicReads: ReadCache;
  /** Sessions that passed the lookup within the last second, for the cached public reads (`cachedReads`). */
  verifiedSessions: VerifiedSessions;
  /**
   * Emits real-time events to their rooms on every API process (socket.io's Redis adapter). Fire and forget: a
   * lost event is made good by the client's re-read after a reconnect (docs/decisions.md#real-time).
   */
  publish: (pushes: Push[]) => void;
  /**
   * Closes a user's sockets except those of one session (or only those of `onlySessionIds` when given), on every
   * API process.
   */
  disconnectSessions: (userId: number, keptSessionId: number | null, onlySessionIds?: number[]) => Promise<void>;
}

/** The signed-in session: its row id and when it was last seen. */
export interface SessionRef {
  id: number;
  last_seen_at: Date;
  /** Whether this session's sign-in passed the second factor, the console's or the player app's (totp_verified_at). */
  second_factor: boolean;
  /** Whether this is a console session (sessions.console), with the console's shorter limits (docs/decisions.md#minors-safety). */
  console: boolean;
}

export interface AppState {
  user?: User;
  session?: SessionRef;
  /** Temporary upload files of this request, removed when it ends. */
  uploads?: string[];
  /** This request's id (X-Request-Id), and a logger that writes it on every line. */
  requestId?: string;
  log?: Logger;
}

export type AppContext = Koa.ParameterizedContext<AppState> & { deps: AppDeps };
