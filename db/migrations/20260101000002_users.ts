import type { Knex } from 'knex';

/** Users: every field of docs/product.md#entities that is stored, plus sign-up data, guardian consent (docs/decisions.md#permissions) and bans. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('username', 15).notNullable().unique();
    t.string('first_name', 50).notNullable();
    t.string('last_name', 50).notNullable();
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('avatar_hash', 32).nullable();
    t.integer('permissions').unsigned().notNullable().defaultTo(0);
    t.tinyint('console').unsigned().notNullable();
    t.string('gamer_tag', 25).notNullable();
    t.smallint('country_id').unsigned().notNullable().references('id').inTable('countries');
    t.date('birth_date').notNullable();
    t.string('team_name', 100).notNullable();
    t.string('team_avatar_hash', 32).nullable();
    t.string('fifa_team_name', 100).notNullable();
    t.integer('wins').unsigned().notNullable().defaultTo(0);
    t.integer('losses').unsigned().notNullable().defaultTo(0);
    t.integer('ties').unsigned().notNullable().defaultTo(0);
    t.integer('games_played').unsigned().notNullable().defaultTo(0);
    t.integer('scored_goals').unsigned().notNullable().defaultTo(0);
    t.integer('conceded_goals').unsigned().notNullable().defaultTo(0);
    t.integer('secured_trophies').unsigned().notNullable().defaultTo(0);
    t.integer('unsecured_trophies').unsigned().notNullable().defaultTo(0);
    t.integer('elo').notNullable().defaultTo(1000);
    t.integer('forum_post_count').unsigned().notNullable().defaultTo(0);
    t.string('guardian_email', 254).nullable();
    t.string('guardian_token_hash', 64).nullable();
    t.datetime('guardian_confirmed_at').nullable();
    t.datetime('terms_accepted_at').notNullable();
    t.datetime('banned_until').nullable();
    t.string('ban_reason', 500).nullable();
    t.string('totp_secret', 64).nullable();
    t.boolean('totp_enabled').notNullable().defaultTo(false);
    t.datetime('erased_at').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['gamer_tag']);
    t.index(['last_name', 'first_name']);
    t.index(['permissions']);
  });
  // Ranking orders (docs/decisions.md#elo): Elo or secured trophies, then more games, then earlier sign-up.
  // MariaDB 10.8+ keeps descending keys, so the list is read in index order.
  await knex.raw('CREATE INDEX users_ranking_elo ON users (elo DESC, games_played DESC, id ASC)');
  await knex.raw('CREATE INDEX users_ranking_trophies ON users (secured_trophies DESC, games_played DESC, id ASC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
