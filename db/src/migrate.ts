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
import * as m14 from '../migrations/20260101000014_elo_history.ts';
import * as m15 from '../migrations/20261126000001_console_sessions.ts';
import * as m16 from '../migrations/20261126000002_settings.ts';
import * as m17 from '../migrations/20261126000003_enrolment.ts';
import * as m18 from '../migrations/20261126000004_chat_safety.ts';
import * as m19 from '../migrations/20261126000005_reports_blocks.ts';
import * as m20 from '../migrations/20261126000006_elo_replay.ts';
import * as m21 from '../migrations/20261126000007_reports_merge_flags.ts';
import * as m22 from '../migrations/20261126000008_round_winners.ts';
import * as m23 from '../migrations/20261126000009_notifications.ts';
import * as m24 from '../migrations/20261127030000_season_standings.ts';
import * as m25forum from '../migrations/20261128200001_forum_thread_originals.ts';
import * as m26forum from '../migrations/20261128200002_forum_text_filter.ts';
import * as m25 from '../migrations/20261128610000_guardian_link_issued.ts';
import * as mHideRealName from '../migrations/20261128300000_users_hide_real_name.ts';
import * as mEmailChanges from '../migrations/20261128500000_email_changes.ts';
import * as mIdentityText from '../migrations/20261128100000_identity_text.ts';

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
  '20260101000014_elo_history': m14,
  '20261126000001_console_sessions': m15,
  '20261126000002_settings': m16,
  '20261126000003_enrolment': m17,
  '20261126000004_chat_safety': m18,
  '20261126000005_reports_blocks': m19,
  '20261126000006_elo_replay': m20,
  '20261126000007_reports_merge_flags': m21,
  '20261126000008_round_winners': m22,
  '20261126000009_notifications': m23,
  '20261127030000_season_standings': m24,
  '20261128200001_forum_thread_originals': m25forum,
  '20261128200002_forum_text_filter': m26forum,
  '20261128610000_guardian_link_issued': m25,
  '20261128300000_users_hide_real_name': mHideRealName,
  '20261128500000_email_changes': mEmailChanges,
  '20261128100000_identity_text': mIdentityText,
};

const migrationSource: Knex.MigrationSource<string> = {
  // Run in the order of their timestamps, however the map above was written.
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/** How long a starting process waits for another one's migrations before giving up. */
const MIGRATION_WAIT_SECONDS = 300;

/**
 * Brings the schema to the latest migration. Several processes may start at once (scale-out, docs/decisions.md#shape): knex's
 * own lock row makes a second migrator fail with MigrationLocked instead of waiting, so the run is serialised by a
 * MySQL named lock per database, held on one connection; whoever comes second finds nothing left to do.
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const database = String((knex.client.config.connection as { database?: string } | undefined)?.database ?? '');
  const lockName = `ecup-migrate:${database}`.slice(0, 64);
  const connection = await knex.client.acquireConnection();
  try {
    const [rows] = (await knex
      .raw('SELECT GET_LOCK(?, ?) AS got', [lockName, MIGRATION_WAIT_SECONDS])
      .connection(connection)) as [Array<{ got: number | null }>];
    if (rows[0]?.got !== 1) {
      throw new Error(`another process kept the migration lock for ${MIGRATION_WAIT_SECONDS} s; try again`);
    }
    try {
      const [, names] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
      return names;
    } finally {
      await knex.raw('SELECT RELEASE_LOCK(?)', [lockName]).connection(connection);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** Runs the migrations up to and including `last` only (a test of one migration starts from the schema before it). */
export async function migrateUpTo(knex: Knex, last: string): Promise<void> {
  if (!(last in migrations)) throw new Error(`no migration ${last}`);
  for (;;) {
    const [, names] = (await knex.migrate.up({ migrationSource })) as [number, string[]];
    if (names.length === 0 || names.includes(last)) return;
  }
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback({ migrationSource }, true);
}

/**
 * Migrations this release has that the database has not run (readiness, /ready): read from knex's table without
 * creating it, so a probe never writes. Empty when the schema is current.
 */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const known = Object.keys(migrations);
  if (!(await knex.schema.hasTable('knex_migrations'))) return known;
  const done = new Set((await knex('knex_migrations').select('name')).map((row: { name: string }) => row.name));
  return known.filter((name) => !done.has(name));
}
