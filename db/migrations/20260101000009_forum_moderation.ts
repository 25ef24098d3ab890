import type { Knex } from 'knex';

/**
 * Forum moderation (docs/decisions.md#permissions: a youth forum's basics): locked threads, hidden posts with the reason and who
 * hid them, and player reports (one per player and post). Searches need no new index: a title search is a
 * `LIKE '%q%'` scan of one category's thread titles (the `forum_threads_activity` prefix on category_id), and a
 * post search a scan of one thread's posts through the (thread_id, hidden_at, id) or (thread_id, id) range, never
 * of the whole posts table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forum_threads', (t) => {
    t.boolean('locked').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('forum_posts', (t) => {
    t.datetime('hidden_at', { precision: 3 }).nullable();
    t.integer('hidden_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('hidden_reason', 500).nullable();
    // Players' thread pages: visible posts of a thread in id order, read from the index alone.
    t.index(['thread_id', 'hidden_at', 'id'], 'forum_posts_visible');
  });
  await knex.schema.createTable('forum_reports', (t) => {
    t.increments('id');
    t.integer('post_id').unsigned().notNullable().references('id').inTable('forum_posts').onDelete('CASCADE');
    t.integer('reporter_user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason', 500).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('resolved_at', { precision: 3 }).nullable();
    t.integer('resolved_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.unique(['post_id', 'reporter_user_id'], { indexName: 'forum_reports_once' });
    t.index(['resolved_at', 'created_at'], 'forum_reports_open');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('forum_reports');
  await knex.schema.alterTable('forum_posts', (t) => {
    t.dropForeign(['hidden_by_user_id']);
    t.dropIndex(['thread_id', 'hidden_at', 'id'], 'forum_posts_visible');
    t.dropColumn('hidden_at');
    t.dropColumn('hidden_by_user_id');
    t.dropColumn('hidden_reason');
  });
  await knex.schema.alterTable('forum_threads', (t) => {
    t.dropColumn('locked');
  });
}
