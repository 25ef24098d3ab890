import type { Knex } from 'knex';
import * as m1 from '../migrations/20260101000001_countries_seasons.ts';
import * as m2 from '../migrations/20260101000002_users.ts';
import * as m3 from '../migrations/20260101000003_sessions.ts';
import * as m4 from '../migrations/20260101000004_teams_news.ts';
import * as m5 from '../migrations/20260101000005_forums.ts';
import * as m6 from '../migrations/20260101000006_play.ts';
import * as m7 from '../migrations/20260101000007_trophies.ts';
import * as m8 from '../migrations/20260101000008_moderation_mail.ts';
import * as m9 from '../migrations/20260101000009_forum_moderation.ts';
import * as m10 from '../migrations/20260101000010_queue_matching.ts';
import * as m11 from '../migrations/20260101000011_trophy_reversal.ts';
import * as m12 from '../migrations/20260101000012_admin_console.ts';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

// Listed here, in order, so migrations run the same under tsx, tests and bundlers (no directory scanning).
const migrations: Record<string, Migration> = {
  '20260101000001_countries_seasons': m1,
  '20260101000002_users': m2,
  '20260101000003_sessions': m3,
  '20260101000004_teams_news': m4,
  '20260101000005_forums': m5,
  '20260101000006_play': m6,
  '20260101000007_trophies': m7,
  '20260101000008_moderation_mail': m8,
  '20260101000009_forum_moderation': m9,
  '20260101000010_queue_matching': m10,
  '20260101000011_trophy_reversal': m11,
  '20260101000012_admin_console': m12,
};

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/** Brings the schema to the latest migration; safe to run from several processes at once (knex's lock table). */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, names] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return names;
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback({ migrationSource }, true);
}
