import type { Knex } from 'knex';

/**
 * E-mail changes by link (docs/rules.md "Account changes"): a change asked for in settings waits here until the new
 * address opens its confirmation link; the old address gets an undo link. Both tokens are kept only as SHA-256
 * hashes. `confirmed_at` marks a change that took effect, `undone_at` one cancelled (before confirmation),
 * reverted (after) or replaced by a newer request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_changes', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('old_email', 254).notNullable();
    t.string('new_email', 254).notNullable();
    t.specificType('confirm_token_hash', 'CHAR(64)').notNullable().unique();
    t.specificType('undo_token_hash', 'CHAR(64)').notNullable().unique();
    t.dateTime('confirm_expires_at', { precision: 3 }).notNullable();
    t.dateTime('undo_expires_at', { precision: 3 }).notNullable();
    t.dateTime('confirmed_at', { precision: 3 }).nullable();
    t.dateTime('undone_at', { precision: 3 }).nullable();
    t.dateTime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id', 'undone_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_changes');
}
