import type { Knex } from 'knex';

/** MySQL/MariaDB ER_LOCK_DEADLOCK: InnoDB chose this transaction as the victim and rolled all of it back. */
const ER_LOCK_DEADLOCK = 1213;
/** Tries of one transaction that keeps losing deadlocks before the error goes to the caller. */
const DEADLOCK_ATTEMPTS = 5;

/** Whether an error is a deadlock, after which the whole transaction may simply run again. */
export function isDeadlock(error: unknown): boolean {
  return (error as { errno?: unknown } | null)?.errno === ER_LOCK_DEADLOCK;
}

/** Socket errors of a database that cannot be reached (stopped, restarting, network down). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
]);
/** Server answers of a database going away: too many connections, shutdown in progress, connection killed. */
const UNAVAILABLE_ERRNOS = new Set([1040, 1053, 1927]);

/**
 * Whether an error means the database cannot be used right now rather than that the statement was wrong: the
 * server is down or restarting, the connection died under the statement (mysql2 marks those `fatal`), or no pooled
 * connection came free in time (knex's KnexTimeoutError). The API answers these 503 (a MySQL restart
 * gives quick 503s, not 500s); the transaction was not committed, or its COMMIT's answer was lost.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  type DriverError = { code?: unknown; errno?: unknown; fatal?: unknown; name?: unknown; nativeError?: unknown };
  // objection wraps the driver's error in nativeError; a knex query throws the driver's own.
  const e = error as DriverError | null;
  const native = (e?.nativeError ?? e) as DriverError | null;
  if (!native) return false;
  return (
    native.fatal === true ||
    native.name === 'KnexTimeoutError' ||
    (typeof native.code === 'string' && UNREACHABLE_CODES.has(native.code)) ||
    (typeof native.errno === 'number' && UNAVAILABLE_ERRNOS.has(native.errno))
  );
}

/**
 * Runs `work` in a transaction and runs it again when the database picked it as a deadlock victim: InnoDB has
 * already rolled everything back then, and MySQL's manual asks applications to retry. Two players' accept and the
 * accept timeout, or a result and a trophy sweep, lock the same rows from different ends, so deadlocks are an
 * expected part of the races docs/decisions.md#api-contract settles in the database; a retry turns them into the ordinary 200 or 409.
 */
export async function transaction<T>(
  knex: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  config?: Knex.TransactionConfig,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (config ? knex.transaction(work, config) : knex.transaction(work));
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      // A short, growing, jittered pause lets the winner commit first.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
