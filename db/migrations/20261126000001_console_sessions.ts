import type { Knex } from 'knex';

/**
 * Marks console sessions (docs/decisions.md#minors-safety): they end after 12 hours without use and 7 days in all, where a player
 * app's session lasts 30 days without use and 180 in all. Sessions opened before this column existed count as
 * the player app's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.boolean('console').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('console');
  });
}
