import type { Knex } from 'knex';

/** MySQL/MariaDB ER_LOCK_DEADLOCK: InnoDB chose this transaction as the victim and rolled all of it back. */
const ER_LOCK_DEADLOCK = 1213;
/** Tries of one transaction that keeps losing deadlocks before the error goes to the caller. */
const DEADLOCK_ATTEMPTS = 5;

/** Whether an error is a deadlock, after which the whole transaction may simply run again. */
export function isDeadlock(error: unknown): boolean {
  return (error as { errno?: unknown } | null)?.errno === ER_LOCK_DEADLOCK;
}

/**
 * Runs `work` in a transaction and runs it again when the database picked it as a deadlock victim: InnoDB has
 * already rolled everything back then, and MySQL's manual asks applications to retry. Two players' accept and the
 * accept timeout, or a result and a trophy sweep, lock the same rows from different ends, so deadlocks are an
 * expected part of the races decisions §2 settles in the database; a retry turns them into the ordinary 200 or 409.
 */
export async function transaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await knex.transaction(work);
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      // A short, growing, jittered pause lets the winner commit first.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
