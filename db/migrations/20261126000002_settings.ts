import type { Knex } from 'knex';

/**
 * The configuration table: operator settings by name (`npm run cli -- settings:set`), starting with the four
 * session limits of docs/decisions.md#minors-safety in milliseconds (their defaults, domain/src/constants.ts). The values are written
 * out here: a later change of a constant must not change what this migration did.
 */
const SESSION_LIMITS: Record<string, number> = {
  player_session_idle_ms: 30 * 24 * 60 * 60 * 1000,
  player_session_max_ms: 180 * 24 * 60 * 60 * 1000,
  console_session_idle_ms: 12 * 60 * 60 * 1000,
  console_session_max_ms: 7 * 24 * 60 * 60 * 1000,
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings', (t) => {
    t.string('name', 64).primary();
    t.string('value', 255).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  });
  await knex('settings').insert(Object.entries(SESSION_LIMITS).map(([name, ms]) => ({ name, value: String(ms) })));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('settings');
}
