import type { Knex } from 'knex';

/** Countries (docs/product.md#entities: 245 entries, ids 0–244) and seasons (docs/decisions.md#season-and-time). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('countries', (t) => {
    t.smallint('id').unsigned().primary();
    t.string('code', 2).notNullable().unique();
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('seasons', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('product_name', 50).notNullable();
    t.datetime('qualifiers_start').notNullable();
    t.datetime('qualifiers_end').notNullable();
    t.string('time_zone', 64).notNullable().defaultTo('Europe/Stockholm');
    // Minutes since Monday 00:00 local time; default Monday 00:00 to Saturday 00:00.
    t.integer('window_start_minute').notNullable().defaultTo(0);
    t.integer('window_end_minute').notNullable().defaultTo(7200);
    t.datetime('finals_date').nullable();
    t.datetime('trophy_hunt_end').notNullable();
    t.text('prizes_text').notNullable();
    t.integer('max_games_per_week').notNullable().defaultTo(30);
    t.datetime('start_countdown_at').nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['active', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seasons');
  await knex.schema.dropTable('countries');
}
