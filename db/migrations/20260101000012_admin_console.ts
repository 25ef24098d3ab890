import type { Knex } from 'knex';

/**
 * The admin console (docs/decisions.md#permissions): a moderator claims a conflict (claimed_by/claimed_at) so two do not work on
 * the same game; a session remembers that it passed the second factor (TOTP), which the console API requires of
 * staff with TOTP on and of every holder of all flags. Indexes: the conflict queue (open conflicts by the time the
 * disputed result was entered), the audit log by action and time, banned users, and one IP ban per range.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('games', (t) => {
    t.integer('claimed_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('claimed_at', { precision: 3 }).nullable();
    t.index(['conflict', 'conflict_solved', 'submitted_at'], 'games_conflict_queue');
  });
  await knex.schema.alterTable('sessions', (t) => {
    t.datetime('totp_verified_at', { precision: 3 }).nullable();
  });
  await knex.schema.alterTable('audit_log', (t) => {
    t.index(['action', 'created_at'], 'audit_log_action');
  });
  await knex.schema.alterTable('users', (t) => {
    t.index(['banned_until'], 'users_banned_until');
  });
  // The same range twice is one ban; the key settles two moderators adding it at the same instant.
  await knex.schema.alterTable('ip_bans', (t) => {
    t.unique(['range_start', 'range_end'], { indexName: 'ip_bans_range_once' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ip_bans', (t) => {
    t.dropUnique([], 'ip_bans_range_once');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex([], 'users_banned_until');
  });
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex([], 'audit_log_action');
  });
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('totp_verified_at');
  });
  await knex.schema.alterTable('games', (t) => {
    t.dropForeign(['claimed_by_user_id']);
    t.dropIndex([], 'games_conflict_queue');
    t.dropColumn('claimed_by_user_id');
    t.dropColumn('claimed_at');
  });
}
