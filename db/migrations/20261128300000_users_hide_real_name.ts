import type { Knex } from 'knex';

/**
 * An adult's "hide my real name" setting (docs/rules.md "What others see of a player"): when set, other players and
 * visitors see the username instead of the first and last name. Off by default, as the spec draws profiles.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('hide_real_name').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('hide_real_name');
  });
}
