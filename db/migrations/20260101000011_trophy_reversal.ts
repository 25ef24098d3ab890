import type { Knex } from 'knex';

const KINDS_BEFORE = "'take','pass','win','secure','expire','reset','reverse'";
const KINDS_AFTER = "'take','pass','win','secure','return','expire','reset','reverse'";

/**
 * What applying and reversing trophy moves needs (docs/decisions.md#matchmaking, docs/decisions.md#trophy-hunt; docs/rules.md "Trophy hunt"): the domain's
 * 'return' move (holder beats holder: the loser's trophy goes back to the pool), each move's trophy state before it
 * (so a moderator's edit can restore it), when a move was reversed, and each trophy's latest move (so a reversal can
 * tell, under the trophy's row lock, whether the trophy has moved since).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE trophy_moves MODIFY kind ENUM(${KINDS_AFTER}) NOT NULL`);
  await knex.schema.alterTable('trophy_moves', (t) => {
    t.tinyint('wins_before').unsigned().nullable();
    t.datetime('taken_at_before', { precision: 3 }).nullable();
    t.datetime('expires_at_before', { precision: 3 }).nullable();
    t.datetime('reversed_at', { precision: 3 }).nullable();
  });
  await knex.schema.alterTable('trophies', (t) => {
    t.integer('last_move_id').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('trophies', (t) => {
    t.dropColumn('last_move_id');
  });
  await knex.schema.alterTable('trophy_moves', (t) => {
    t.dropColumn('wins_before');
    t.dropColumn('taken_at_before');
    t.dropColumn('expires_at_before');
    t.dropColumn('reversed_at');
  });
  // A 'return' sent a trophy back to the pool, which is what 'reset' records in the older schema.
  await knex('trophy_moves').where('kind', 'return').update({ kind: 'reset' });
  await knex.raw(`ALTER TABLE trophy_moves MODIFY kind ENUM(${KINDS_BEFORE}) NOT NULL`);
}
