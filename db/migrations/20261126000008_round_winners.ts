import type { Knex } from 'knex';

/**
 * Weekly round winners (docs/rules.md, "Prizes"): recorded by the worker when a week's window closes, one
 * row per season, week and place, so a week is recorded once however many workers close it, and `prizes:export`
 * reads the recorded weeks instead of computing them again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('round_winners', (t) => {
    t.increments('id');
    t.integer('season_id').unsigned().notNullable().references('id').inTable('seasons');
    /** Monday 00:00 local of the week, as `games.week_start`. */
    t.datetime('week_start').notNullable();
    t.tinyint('place').unsigned().notNullable();
    // A removed account (the demo's) takes its recorded wins along; the export then computes those weeks again.
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('elo_gain').notNullable();
    t.integer('games').unsigned().notNullable();
    t.integer('wins').unsigned().notNullable();
    t.datetime('recorded_at', { precision: 3 }).notNullable();
    t.unique(['season_id', 'week_start', 'place'], 'round_winners_week_place');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('round_winners');
}
