import test from 'ava';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  bindModels,
  createKnex,
  dropDatabase,
  ensureDatabase,
  migrateUpTo,
  parseDatabaseUrl,
  seedBase,
} from '@ecup/db';
import { TEST_DATABASE_SERVER } from './db.ts';

/**
 * A database of the calling file's own for testing a migration on stored rows: before the file's tests it is
 * migrated up to `migration` (the one before the migration under test) and given the base seeds; after them it is
 * dropped. The file writes its rows, then runs the later migrations itself.
 */
export function migrationSuite(label: string, migration: string): Knex {
  const target = {
    ...parseDatabaseUrl(TEST_DATABASE_SERVER),
    database: `ecup_t_${label}_${randomBytes(4).toString('hex')}`,
  };
  const knex = createKnex(target);
  test.before(async () => {
    await ensureDatabase(target);
    await migrateUpTo(knex, migration);
    bindModels(knex);
    await seedBase(knex, { now: new Date() });
  });
  test.after.always(async () => {
    await knex.destroy();
    await dropDatabase(target);
  });
  return knex;
}
