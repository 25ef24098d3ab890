import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import type { Knex } from 'knex';
import { createKnex, dropDatabase, pendingMigrations, seedBase, seedDemo, type DatabaseTarget } from '@ecup/db';
import { createDiskImageStore } from '@ecup/storage';
import { createTestDatabase } from '../helpers/db.ts';
import { ROOT } from '../helpers/process.ts';

const run = promisify(execFile);

/** The shell block that follows `<!-- {marker}` in docs/operations.md, exactly as an operator would copy it. */
async function documentedBlock(marker: string): Promise<string> {
  const doc = await readFile(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
  const at = doc.indexOf(`<!-- ${marker}`);
  if (at < 0) throw new Error(`docs/operations.md has no "${marker}" block`);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(at));
  if (!block) throw new Error(`no sh block after "${marker}"`);
  return block[1]!;
}

/** Every table of a database with its row count. */
async function rowCounts(knex: Knex, database: string): Promise<Record<string, number>> {
  const tables = (await knex('information_schema.tables')
    .where({ table_schema: database, table_type: 'BASE TABLE' })
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = (await knex(table).count({ n: '*' })) as { n: number | string }[];
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** Relative paths of every file under a folder, sorted. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

test('the documented backup and restore commands bring back every table with the same rows, the migration state and the uploads', async (t) => {
  const source = await createTestDatabase('backup');
  const work = await mkdtemp(path.join(os.tmpdir(), 'ecup-backup-'));
  const restoredTarget: DatabaseTarget = { ...source.target, database: `${source.target.database}_restored` };
  t.teardown(async () => {
    await dropDatabase(restoredTarget);
    await source.drop();
    await rm(work, { recursive: true, force: true });
  });

  // Some of everything: the base seeds and the demo season with players, games, news, forums and images.
  const uploads = path.join(work, 'uploads');
  const now = new Date();
  await seedBase(source.knex, { now });
  await seedDemo(source.knex, { now, store: createDiskImageStore(uploads) });

  const env = {
    ...process.env,
    DB_HOST: source.target.host,
    DB_PORT: String(source.target.port),
    DB_USER: source.target.user,
    DB_NAME: source.target.database,
    ...(source.target.password ? { MYSQL_PWD: source.target.password } : {}),
    UPLOAD_DIR: uploads,
    BACKUP_DIR: path.join(work, 'backup'),
    RESTORE_DB: restoredTarget.database,
    RESTORE_UPLOAD_DIR: path.join(work, 'uploads-restored'),
  };
  await run('bash', ['-c', await documentedBlock('backup-commands')], { env });
  t.deepEqual((await readdir(env.BACKUP_DIR)).sort(), ['ecup-db.sql.gz', 'ecup-uploads.tar.gz']);
  await run('bash', ['-c', await documentedBlock('restore-commands')], { env });

  const restored = createKnex(restoredTarget);
  t.teardown(() => restored.destroy());
  const before = await rowCounts(source.knex, source.target.database);
  const after = await rowCounts(restored, restoredTarget.database);
  t.true(Object.keys(before).length >= 20, `tables: ${Object.keys(before).join(', ')}`);
  t.true(before.users! > 100 && before.games! > 0 && before.news! > 0, JSON.stringify(before));
  t.deepEqual(after, before);
  // Whole rows come back value for value (names with å, ä, ö; password hashes; UTC times).
  for (const table of ['users', 'games', 'news']) {
    const rows = (knex: Knex) => knex(table).orderBy('id').select('*');
    t.deepEqual(await rows(restored), await rows(source.knex), table);
  }
  // What /ready checks: no migration is pending in the restored database.
  t.deepEqual(await pendingMigrations(restored), []);
  const uploaded = await files(uploads);
  t.true(uploaded.length > 0);
  t.deepEqual(await files(env.RESTORE_UPLOAD_DIR), uploaded);
});
