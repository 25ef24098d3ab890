import type { Knex } from 'knex';

/** Forum categories, threads and posts (docs/product.md#screens-and-routes, docs/product.md#entities, docs/product.md#states). Lists are read by (category, last activity) and (thread, id). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forum_categories', (t) => {
    t.tinyint('id').unsigned().primary();
    t.string('slug', 50).notNullable().unique();
    t.string('title', 100).notNullable();
    t.string('description', 300).notNullable();
    t.integer('thread_count').unsigned().notNullable().defaultTo(0);
  });
  await knex.schema.createTable('forum_threads', (t) => {
    t.increments('id');
    t.tinyint('category_id').unsigned().notNullable().references('id').inTable('forum_categories');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('title', 1000).notNullable();
    t.integer('reply_count').unsigned().notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('last_post_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['category_id', 'last_post_at', 'id'], 'forum_threads_activity');
    t.index(['user_id']);
  });
  await knex.schema.createTable('forum_posts', (t) => {
    t.increments('id');
    t.integer('thread_id').unsigned().notNullable().references('id').inTable('forum_threads').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.text('message').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['thread_id', 'id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('forum_posts');
  await knex.schema.dropTable('forum_threads');
  await knex.schema.dropTable('forum_categories');
}
