import type { Knex } from 'knex';

/**
 * The Elo history (docs/decisions.md#matchmaking, docs/decisions.md#elo; docs/rules.md "Elo rebuild"): one row for every rating event, in the order it
 * was applied, so `elo:rebuild` can replay a season exactly as the incremental path rated it. The games table
 * keeps only the latest result's before/after: after a moderator's edit of a final result it no longer says which
 * score was rated first, nor when the edit happened relative to the games finalised since, and the edit rates the
 * new score from the ratings of that moment. The row's auto-increment id is the order: both players' rows are
 * locked before the row is written, so two events sharing a player are numbered in the order they were applied.
 * Games made final before this table existed have no row; the rebuild replays them at their `final_at`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('elo_history', (t) => {
    t.increments('id');
    t.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    t.enu('kind', ['final', 'edit']).notNullable();
    // The score rated by this event, and for an edit the score it replaced.
    t.tinyint('score_1').unsigned().notNullable();
    t.tinyint('score_2').unsigned().notNullable();
    t.tinyint('previous_score_1').unsigned().nullable();
    t.tinyint('previous_score_2').unsigned().nullable();
    // Both players' stored rating before and after the event, and the final games played K was read from.
    t.integer('elo_1_before').notNullable();
    t.integer('elo_2_before').notNullable();
    t.integer('elo_1_after').notNullable();
    t.integer('elo_2_after').notNullable();
    t.integer('games_1').unsigned().notNullable();
    t.integer('games_2').unsigned().notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['game_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('elo_history');
}
