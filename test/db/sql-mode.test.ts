import test from 'ava';
import type { Knex } from 'knex';
import { createKnex, parseDatabaseUrl } from '@ecup/db';
import { TEST_DATABASE_SERVER } from '../helpers/db.ts';

// Bound values reach MariaDB inside the query text, escaped with backslashes: a server whose global sql_mode has
// NO_BACKSLASH_ESCAPES (some hosted MariaDBs) would read `\'` as a backslash and a closing quote. Every connection
// the product opens turns that mode off for itself, so a hostile value stays one value.

test('under a global NO_BACKSLASH_ESCAPES a quote in a bound value stays inside the value', async (t) => {
  const server = { ...parseDatabaseUrl(TEST_DATABASE_SERVER), database: '' };
  const root = createKnex(server, { pool: { min: 0, max: 1 } });
  t.teardown(() => root.destroy());
  const [[{ mode }]] = (await root.raw('SELECT @@GLOBAL.sql_mode AS mode')) as [[{ mode: string }]];
  // The global mode changes for the moment one new connection is opened, then is put back as it was.
  let knex: Knex | null = null;
  await root.raw('SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ?)', [',NO_BACKSLASH_ESCAPES']);
  try {
    knex = createKnex(server, { pool: { min: 0, max: 1 } });
    await knex.raw('SELECT 1');
  } finally {
    await root.raw('SET GLOBAL sql_mode = ?', [mode]);
  }
  const own = knex;
  t.teardown(() => own.destroy());
  const [[session]] = (await own.raw('SELECT @@SESSION.sql_mode AS mode')) as [[{ mode: string }]];
  t.notRegex(session.mode, /NO_BACKSLASH_ESCAPES/);
  const hostile = `x\\' OR 1=1 -- '`;
  const [[row]] = (await own.raw('SELECT ? AS value', [hostile])) as [[{ value: string }]];
  t.is(row.value, hostile);
});
