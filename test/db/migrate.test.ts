import test from 'ava';
import { randomBytes } from 'node:crypto';
import { createKnex, dropDatabase, ensureDatabase, migrateLatest, parseDatabaseUrl, pendingMigrations } from '@ecup/db';
import { TEST_DATABASE_SERVER } from '../helpers/db.ts';

test('four processes starting on one new database at once: one applies every migration, the others wait and find nothing to do', async (t) => {
  const target = {
    ...parseDatabaseUrl(TEST_DATABASE_SERVER),
    database: `ecup_t_migrace_${randomBytes(4).toString('hex')}`,
  };
  await ensureDatabase(target);
  const processes = [1, 2, 3, 4].map(() => createKnex(target));
  t.teardown(async () => {
    for (const knex of processes) await knex.destroy();
    await dropDatabase(target);
  });
  const pending = await pendingMigrations(processes[0]!);
  t.true(pending.length > 0);

  const applied = await Promise.all(processes.map((knex) => migrateLatest(knex)));
  t.deepEqual(
    applied.map((names) => names.length).sort((a, b) => b - a),
    [pending.length, 0, 0, 0],
  );
  t.deepEqual(await pendingMigrations(processes[0]!), []);
  t.is((await processes[0]!('knex_migrations').count({ n: '*' }))[0]!.n, pending.length, 'each migration ran once');
});
