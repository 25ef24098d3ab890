import type { Knex } from 'knex';

/**
 * Reports and blocks (docs/decisions.md#minors-safety):
 * - `reports`: a player's report of an opponent's chat line or of the opponent (kind 'chat' or 'player'), with the
 *   reason, optional text, and how a moderator settled it; `reporter_seen_at` is left for the reporter's page.
 *   Kind 'forum' is reserved for post reports, which stay in `forum_reports` for now.
 * - `blocks`: one row per blocker and blocked player (mutual for pairing, one-sided for display).
 * - `users.chat_muted_until`: a moderator's chat mute; `user_warnings`: a moderator's warning, shown once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reports', (t) => {
    t.increments('id');
    t.enu('kind', ['chat', 'player', 'forum']).notNullable();
    t.integer('reporter_user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('reported_user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('game_id').unsigned().nullable().references('id').inTable('games').onDelete('CASCADE');
    t.integer('chat_message_id').unsigned().nullable().references('id').inTable('chat_messages').onDelete('SET NULL');
    t.integer('post_id').unsigned().nullable().references('id').inTable('forum_posts').onDelete('CASCADE');
    t.enu('reason', ['personal_details', 'bullying', 'cheating', 'other']).notNullable();
    t.string('text', 500).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('resolved_at', { precision: 3 }).nullable();
    t.integer('resolved_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.enu('outcome', ['dismissed', 'warned', 'muted', 'banned']).nullable();
    t.datetime('reporter_seen_at', { precision: 3 }).nullable();
    // One report per reporter and chat line.
    t.unique(['chat_message_id', 'reporter_user_id'], { indexName: 'reports_line_once' });
    t.index(['resolved_at', 'created_at'], 'reports_open');
    t.index(['reporter_user_id', 'id'], 'reports_by_reporter');
    t.index(['reported_user_id', 'id'], 'reports_against');
  });
  await knex.schema.createTable('blocks', (t) => {
    t.integer('blocker_user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('blocked_user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['blocker_user_id', 'blocked_user_id']);
    t.index(['blocked_user_id'], 'blocks_blocked');
  });
  await knex.schema.alterTable('users', (t) => {
    t.datetime('chat_muted_until', { precision: 3 }).nullable();
  });
  await knex.schema.createTable('user_warnings', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('message', 500).notNullable();
    t.integer('created_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('seen_at', { precision: 3 }).nullable();
    t.index(['user_id', 'seen_at'], 'user_warnings_unseen');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_warnings');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('chat_muted_until');
  });
  await knex.schema.dropTable('blocks');
  await knex.schema.dropTable('reports');
}
