import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';

/** Parts of a `mysql://user:pass@host:port/database` URL. */
export interface DatabaseTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** Reads a DATABASE_URL; throws a plain Error naming the variable when it cannot be read. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DATABASE_URL is not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error(`DATABASE_URL must start with mysql:// (got ${parsed.protocol}//)`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,64}$/.test(database)) {
    throw new Error('DATABASE_URL must name a database of letters, digits and underscores, e.g. /ecup');
  }
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

/** knex's lines about one connection that could not be made or died (each with a stack). */
const CONNECTION_NOISE = /^(Acquire connection error|Connection Error):/;

/**
 * knex writes its warnings as plain text on standard output, the JSON log's stream (docs/operations.md). Those about
 * a failed or dead connection are dropped: the caller reports the failure itself (the API's 503 and its log line, a
 * job's failure), and during a MySQL outage knex wrote one with a stack per request. Other warnings go to stderr.
 */
const knexLog = {
  warn(message: unknown) {
    if (typeof message === 'string' && CONNECTION_NOISE.test(message)) return;
    console.warn(message);
  },
};

/**
 * Every connection's sql_mode without NO_BACKSLASH_ESCAPES, whatever the server's global mode: knex and mysql2 put
 * bound values into the query text escaped with backslashes, and under that mode a backslash is an ordinary
 * character, so a quote in a value would end the string (an injection).
 */
const BACKSLASH_ESCAPES_ON = "SET SESSION sql_mode = REPLACE(@@SESSION.sql_mode, 'NO_BACKSLASH_ESCAPES', '')";

/** Significant digits a double holds exactly: a DECIMAL with more stays a string rather than be rounded. */
const SAFE_DECIMAL_DIGITS = 15;

/** mysql2's view of a column value while a row is read (its `typeCast` hook). */
interface CastField {
  type: string;
  string(): string | null;
}

/**
 * Numbers arrive as numbers: INT columns do already, BIGINT ones (COUNT(*), ids) do through
 * `supportBigNumbers` while they are safe integers, and DECIMAL results (SUM, AVG) are cast here while they fit a
 * double exactly; anything larger stays a string, never a rounded number.
 */
export function castDecimal(field: CastField, next: () => unknown): unknown {
  if (field.type !== 'NEWDECIMAL') return next();
  const text = field.string();
  if (text === null) return null;
  const digits = text.replace(/[-.]/g, '').replace(/^0+/, '').length;
  return digits <= SAFE_DECIMAL_DIGITS ? Number(text) : text;
}

/** A knex instance on the target database; all times are UTC (docs/decisions.md#season-and-time). */
export function createKnex(target: DatabaseTarget, options: { pool?: { min: number; max: number } } = {}): Knex {
  return knexFactory({
    log: knexLog,
    client: 'mysql2',
    connection: {
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
      timezone: 'Z',
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: false,
      dateStrings: false,
      typeCast: castDecimal,
      connectTimeout: 5000,
      // knex sends plain queries, never prepared statements; mysql2's default cache of 16,000 makes every new
      // connection allocate about 0.5 MB, which a MySQL restart turns into a reconnect storm of garbage.
      maxPreparedStatements: 16,
    },
    // While MySQL is unreachable each failed connection attempt fails one waiting query at once (knex's
    // propagateCreateError) and the next attempt follows this pause: tarn's 200 ms default let requests queued
    // behind a busy pool wait seconds for their 503 when MySQL went down; 20 ms fails them within
    // moments. Attempts are made only for waiting queries, so nothing spins while the API is idle.
    pool: {
      ...(options.pool ?? { min: 0, max: 10 }),
      createRetryIntervalMillis: 20,
      afterCreate(
        connection: { query(sql: string, done: (error: Error | null) => void): void },
        done: (error: Error | null, connection: unknown) => void,
      ) {
        connection.query(BACKSLASH_ESCAPES_ON, (error) => done(error, connection));
      },
    },
    acquireConnectionTimeout: 10000,
  });
}

// knex logs pool errors itself; the caller turns a failure into one clear line instead.
const quietLog = { warn: () => undefined, error: () => undefined, deprecate: () => undefined, debug: () => undefined };

/** A one-connection knex on the server without a database, for creating and dropping databases. */
function serverKnex(target: DatabaseTarget): Knex {
  return knexFactory({
    log: quietLog,
    client: 'mysql2',
    connection: {
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      connectTimeout: 5000,
    },
    pool: { min: 0, max: 1 },
  });
}

/** Creates the database when it does not exist yet (`npm start` on a fresh machine); returns the server's VERSION(). */
export async function ensureDatabase(target: DatabaseTarget): Promise<string> {
  const admin = serverKnex(target);
  try {
    await admin.raw(
      `CREATE DATABASE IF NOT EXISTS \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    const [rows] = (await admin.raw('SELECT VERSION() AS version')) as [Array<{ version: string }>];
    return String(rows[0]?.version ?? '');
  } finally {
    await admin.destroy();
  }
}

/** Drops a database (tests clean up their own). */
export async function dropDatabase(target: DatabaseTarget): Promise<void> {
  const admin = serverKnex(target);
  try {
    await admin.raw(`DROP DATABASE IF EXISTS \`${target.database}\``);
  } finally {
    await admin.destroy();
  }
}

/** Binds objection models to a knex instance. */
export function bindModels(knex: Knex): void {
  Model.knex(knex);
}
