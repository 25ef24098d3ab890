import type { Knex } from 'knex';

/** Weekly trophy pools and trophies (docs/decisions.md#trophy-hunt). A held trophy has one holder; a player holds at most one. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trophy_pools', (t) => {
    t.increments('id');
    t.integer('season_id').unsigned().notNullable().references('id').inTable('seasons');
    t.datetime('week_start').notNullable();
    t.integer('size').unsigned().notNullable().defaultTo(25);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.unique(['season_id', 'week_start']);
  });
  await knex.schema.createTable('trophies', (t) => {
    t.increments('id');
    t.integer('pool_id').unsigned().notNullable().references('id').inTable('trophy_pools');
    t.enu('state', ['pool', 'held', 'secured']).notNullable().defaultTo('pool');
    t.integer('holder_user_id').unsigned().nullable().references('id').inTable('users');
    t.tinyint('wins').unsigned().notNullable().defaultTo(0);
    t.datetime('taken_at', { precision: 3 }).nullable();
    t.datetime('expires_at', { precision: 3 }).nullable();
    t.datetime('secured_at', { precision: 3 }).nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['pool_id', 'state']);
    t.index(['holder_user_id', 'state']);
    t.index(['state', 'expires_at']);
  });
  // "A player holds at most one unsecured trophy": enforced by a unique key over held trophies only.
  await knex.raw(
    "ALTER TABLE trophies ADD COLUMN held_by INT UNSIGNED AS (IF(state = 'held', holder_user_id, NULL)) PERSISTENT, ADD UNIQUE KEY trophies_one_held (held_by)",
  );
  await knex.schema.createTable('trophy_moves', (t) => {
    t.increments('id');
    t.integer('trophy_id').unsigned().notNullable().references('id').inTable('trophies');
    t.integer('game_id').unsigned().nullable().references('id').inTable('games');
    t.enu('kind', ['take', 'pass', 'win', 'secure', 'expire', 'reset', 'reverse']).notNullable();
    t.integer('from_user_id').unsigned().nullable();
    t.integer('to_user_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['game_id']);
    t.index(['trophy_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trophy_moves');
  await knex.schema.dropTable('trophies');
  await knex.schema.dropTable('trophy_pools');
}
