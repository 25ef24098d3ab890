import test from 'ava';
import type { Knex } from 'knex';
import { isDeadlock, transaction } from '@ecup/db';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase('txretry');
  await db.knex.schema.createTable('counters', (t) => {
    t.integer('id').primary();
    t.integer('value').notNullable();
  });
});
test.after.always(async () => db?.drop());
test.beforeEach(async () => {
  await db.knex('counters').delete();
  await db.knex('counters').insert([
    { id: 1, value: 0 },
    { id: 2, value: 0 },
  ]);
});

/** Locks `first`, waits until the other side holds its first row, then locks `second`: opposite orders deadlock. */
function crossing(first: number, second: number, barrier: { arrived: number }) {
  return async (trx: Knex.Transaction) => {
    await trx('counters').where('id', first).increment('value', 1);
    barrier.arrived += 1;
    while (barrier.arrived < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await trx('counters').where('id', second).increment('value', 1);
  };
}

test.serial('two transactions locking rows in opposite orders: plain knex loses one to a deadlock', async (t) => {
  const barrier = { arrived: 0 };
  const results = await Promise.allSettled([
    db.knex.transaction(crossing(1, 2, barrier)),
    db.knex.transaction(crossing(2, 1, barrier)),
  ]);
  const failed = results.filter((r) => r.status === 'rejected');
  t.is(failed.length, 1);
  t.true(isDeadlock((failed[0] as PromiseRejectedResult).reason));
});

test.serial('transaction() runs the deadlock victim again, so both changes land exactly once', async (t) => {
  const barrier = { arrived: 0 };
  let runs = 0;
  const counted = (work: (trx: Knex.Transaction) => Promise<void>) => (trx: Knex.Transaction) => {
    runs += 1;
    return work(trx);
  };
  await Promise.all([
    transaction(db.knex, counted(crossing(1, 2, barrier))),
    transaction(db.knex, counted(crossing(2, 1, barrier))),
  ]);
  t.is(runs, 3, 'one of the two ran twice');
  t.deepEqual(await db.knex('counters').orderBy('id').select('id', 'value'), [
    { id: 1, value: 2 },
    { id: 2, value: 2 },
  ]);
});

test.serial('transaction() does not retry other errors', async (t) => {
  let runs = 0;
  await t.throwsAsync(
    transaction(db.knex, async (trx) => {
      runs += 1;
      await trx('counters').insert({ id: 1, value: 5 });
    }),
  );
  t.is(runs, 1);
});
