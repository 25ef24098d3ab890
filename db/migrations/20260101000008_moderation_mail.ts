import type { Knex } from 'knex';

/** Bans, IP bans, the audit log (docs/decisions.md#permissions) and the e-mail outbox rows the worker sends exactly once. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bans', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason', 500).notNullable();
    t.integer('created_by_user_id').unsigned().nullable();
    t.datetime('expires_at').nullable();
    t.datetime('lifted_at').nullable();
    t.integer('lifted_by_user_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['user_id', 'created_at']);
  });
  await knex.schema.createTable('ip_bans', (t) => {
    t.increments('id');
    t.string('cidr', 64).notNullable();
    // 16-byte addresses (IPv4 mapped into IPv6) so one range check serves both families.
    t.binary('range_start', 16).notNullable();
    t.binary('range_end', 16).notNullable();
    t.string('reason', 500).notNullable();
    t.integer('created_by_user_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['range_start', 'range_end']);
  });
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.integer('actor_user_id').unsigned().nullable();
    t.string('action', 64).notNullable();
    t.string('entity', 64).notNullable();
    t.string('entity_id', 64).nullable();
    t.text('before', 'longtext').nullable();
    t.text('after', 'longtext').nullable();
    t.string('ip', 45).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['entity', 'entity_id']);
    t.index(['actor_user_id', 'created_at']);
    t.index(['created_at']);
  });
  await knex.schema.createTable('emails', (t) => {
    t.increments('id');
    t.string('kind', 32).notNullable();
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('to_address', 254).notNullable();
    t.string('subject', 200).notNullable();
    t.text('text_body').notNullable();
    t.datetime('sent_at', { precision: 3 }).nullable();
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.string('last_error', 1000).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['sent_at']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['emails', 'audit_log', 'ip_bans', 'bans']) await knex.schema.dropTable(table);
}
