import type { Knex } from 'knex';

/**
 * Ratings belong to a season: the rating columns of `users` are the live season's ratings;
 * `season_standings` keeps each finished season's final standing per player, written when another season becomes
 * active. `live_ratings` (one row) names the season the `users` columns belong to: today's ratings belong to the
 * current season (the newest active one, docs/cli.md), so a later activation archives them under it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('season_standings', (t) => {
    t.increments('id');
    t.integer('season_id').unsigned().notNullable().references('id').inTable('seasons');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    /** The final place in the Elo ranking; null for a player who played but was not ranked (banned, erased). */
    t.integer('rank').unsigned().nullable();
    t.integer('elo').notNullable();
    t.integer('wins').unsigned().notNullable();
    t.integer('ties').unsigned().notNullable();
    t.integer('losses').unsigned().notNullable();
    t.integer('scored_goals').unsigned().notNullable();
    t.integer('conceded_goals').unsigned().notNullable();
    t.integer('games_played').unsigned().notNullable();
    t.integer('secured_trophies').unsigned().notNullable();
    t.unique(['season_id', 'user_id'], 'season_standings_season_user');
    t.index(['season_id', 'rank'], 'season_standings_season_rank');
    t.index(['user_id'], 'season_standings_user');
  });
  await knex.schema.createTable('live_ratings', (t) => {
    t.tinyint('id').unsigned().primary();
    t.integer('season_id').unsigned().nullable().references('id').inTable('seasons');
  });
  const current = (await knex('seasons').where('active', true).orderBy('id', 'desc').first('id')) as
    { id: number } | undefined;
  await knex('live_ratings').insert({ id: 1, season_id: current?.id ?? null });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_ratings');
  await knex.schema.dropTable('season_standings');
}
