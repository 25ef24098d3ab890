import type { Knex } from 'knex';

/**
 * Elo recalculation: a moderator's correction of a result after later games were played is followed by
 * a replay of the rated games from that game on, in the order they became final; every game whose ratings the
 * replay changed gets an Elo history row of kind `replay` (its score unchanged, the new before/after), so the
 * history says why a rating moved without a result of its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE elo_history MODIFY kind ENUM('final', 'edit', 'replay') NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex('elo_history').where('kind', 'replay').delete();
  await knex.raw("ALTER TABLE elo_history MODIFY kind ENUM('final', 'edit') NOT NULL");
}
