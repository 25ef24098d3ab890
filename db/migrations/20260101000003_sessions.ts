import type { Knex } from 'knex';

/** Sessions with hashed tokens and password-reset requests (docs/decisions.md#api-contract). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('ip', 45).nullable();
    t.string('user_agent', 255).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('last_seen_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['user_id']);
  });
  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable();
    t.datetime('expires_at').notNullable();
    t.datetime('used_at').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_resets');
  await knex.schema.dropTable('sessions');
}
