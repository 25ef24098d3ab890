import type { Knex } from 'knex';

/**
 * Forum titles pass the safety filter as posts do (docs/rules.md "Forum titles and posts"): `forum_thread_originals`
 * keeps a masked thread title as typed, for staff only, deleted after 90 days by the `clean-chat-originals` job as
 * `forum_post_originals` is. Reasons are the filter's, comma-separated ("handle,profanity").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forum_thread_originals', (t) => {
    t.increments('id');
    t.integer('thread_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('id')
      .inTable('forum_threads')
      .onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('original', 1000).notNullable();
    t.string('reasons', 100).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('forum_thread_originals');
}
