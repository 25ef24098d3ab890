import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  bindModels,
  createKnex,
  dropDatabase,
  ensureDatabase,
  migrateLatest,
  parseDatabaseUrl,
  type DatabaseTarget,
} from '@ecup/db';

/** Base URL of the MariaDB the tests use; each test file gets its own database on it. */
export const TEST_DATABASE_SERVER = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/ecup_test';

export interface TestDatabase {
  knex: Knex;
  target: DatabaseTarget;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database with a unique name (AVA runs files in parallel), on the shared test
 * server or on `server` (a fault suite's own MariaDB).
 */
export async function createTestDatabase(label = 'db', server = TEST_DATABASE_SERVER): Promise<TestDatabase> {
  const base = parseDatabaseUrl(server);
  const name = `ecup_t_${label.replace(/[^a-z0-9]/gi, '').slice(0, 20)}_${randomBytes(4).toString('hex')}`;
  const target = { ...base, database: name };
  await ensureDatabase(target);
  const knex = createKnex(target, { pool: { min: 0, max: 20 } });
  await migrateLatest(knex);
  bindModels(knex);
  const url = `mysql://${encodeURIComponent(target.user)}${target.password ? `:${encodeURIComponent(target.password)}` : ''}@${target.host}:${target.port}/${name}`;
  return {
    knex,
    target,
    url,
    async drop() {
      await knex.destroy();
      await dropDatabase(target);
    },
  };
}

/** A unique Redis key prefix per test file. */
export function testRedisPrefix(label = 't'): string {
  return `ecup-test:${label}:${randomBytes(4).toString('hex')}:`;
}
