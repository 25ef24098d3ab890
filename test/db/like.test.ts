import test from 'ava';
import type { Knex } from 'knex';
import { containsPattern, createKnex, like, prefixPattern } from '@ecup/db';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * The one LIKE helper against MariaDB, in the server's default sql_mode and with NO_BACKSLASH_ESCAPES on, where a
 * backslash escapes nothing: wildcards typed into a search match only themselves in both.
 */
let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase('like');
});
test.after.always(async () => db?.drop());

const NAMES = ['100%', '100 percent', 'a_b', 'axb', 'wow!', 'wow', 'wow!%', 'Alva Berg', 'Albin Ek'];

/** One connection (a temporary table and the session's sql_mode belong to it) with `mode` added to its sql_mode. */
async function session(mode: string | null): Promise<Knex> {
  const knex = createKnex(db.target, { pool: { min: 1, max: 1 } });
  if (mode) await knex.raw(`SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',${mode}')`);
  await knex.raw('CREATE TEMPORARY TABLE names (name VARCHAR(50) NOT NULL) CHARACTER SET utf8mb4');
  await knex('names').insert(NAMES.map((name) => ({ name })));
  return knex;
}

for (const mode of [null, 'NO_BACKSLASH_ESCAPES']) {
  const label = mode ?? 'the default sql_mode';

  test(`under ${label}: %, _ and ! in a search match only themselves`, async (t) => {
    const knex = await session(mode);
    t.teardown(() => knex.destroy());
    if (mode) {
      const [[row]] = (await knex.raw('SELECT @@SESSION.sql_mode AS mode')) as [[{ mode: string }]];
      t.regex(row.mode, /NO_BACKSLASH_ESCAPES/);
    }
    const contains = async (text: string) =>
      (await knex('names')
        .where(like(knex, 'name', containsPattern(text)))
        .orderBy('name')
        .pluck('name')) as string[];
    t.deepEqual(await contains('0%'), ['100%']);
    t.deepEqual(await contains('a_b'), ['a_b']);
    t.deepEqual(await contains('w!'), ['wow!', 'wow!%']);
    t.deepEqual(await contains('!%'), ['wow!%']);
    t.deepEqual(await contains('wow'), ['wow', 'wow!', 'wow!%']);
  });

  test(`under ${label}: a prefix, a CONCAT expression and the ordering of a prefix match`, async (t) => {
    const knex = await session(mode);
    t.teardown(() => knex.destroy());
    const prefixed = await knex('names')
      .where(like(knex, 'name', prefixPattern('100')))
      .orderBy('name')
      .pluck('name');
    t.deepEqual(prefixed, ['100 percent', '100%']);
    const fullName = knex.raw("CONCAT(name, ' (', LENGTH(name), ')')");
    const concat = await knex('names')
      .where(like(knex, fullName, containsPattern('% (4)')))
      .pluck('name');
    t.deepEqual(concat, ['100%']);
    const ordered = await knex('names')
      .where(like(knex, 'name', containsPattern('Al')))
      .orderByRaw('? DESC, name ASC', [like(knex, 'name', prefixPattern('Alb'))])
      .pluck('name');
    t.deepEqual(ordered, ['Albin Ek', 'Alva Berg']);
  });
}
