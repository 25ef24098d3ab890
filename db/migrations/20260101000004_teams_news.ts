import type { Knex } from 'knex';

/** Team names for /user/search_teams and news articles (docs/product.md#entities). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('teams', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.boolean('is_irl').notNullable().defaultTo(true);
    t.boolean('is_fifa').notNullable().defaultTo(false);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });
  await knex.schema.createTable('news', (t) => {
    t.increments('id');
    t.string('title', 200).notNullable();
    t.string('excerpt', 500).notNullable();
    t.text('content', 'mediumtext').notNullable();
    t.string('image_hash', 32).nullable();
    t.tinyint('category_id').unsigned().notNullable();
    t.integer('publisher_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.boolean('published').notNullable().defaultTo(true);
    t.datetime('published_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['published', 'published_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('news');
  await knex.schema.dropTable('teams');
}
