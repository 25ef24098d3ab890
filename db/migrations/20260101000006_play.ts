import type { Knex } from 'knex';

/** The play loop (docs/decisions.md#matchmaking): queue entries, matches, games, chat and evidence are rows, never only Redis. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('queue_entries', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().unique().references('id').inTable('users').onDelete('CASCADE');
    t.integer('season_id').unsigned().notNullable().references('id').inTable('seasons');
    t.integer('elo').notNullable();
    t.datetime('entered_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('keepalive_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['keepalive_at']);
    t.index(['elo']);
  });
  await knex.schema.createTable('matches', (t) => {
    t.increments('id');
    t.integer('season_id').unsigned().notNullable().references('id').inTable('seasons');
    t.integer('user_1_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('user_2_id').unsigned().notNullable().references('id').inTable('users');
    t.enu('state', ['pending', 'accepted', 'declined', 'expired']).notNullable().defaultTo('pending');
    t.datetime('user_1_accepted_at', { precision: 3 }).nullable();
    t.datetime('user_2_accepted_at', { precision: 3 }).nullable();
    t.integer('declined_user_id').unsigned().nullable();
    t.datetime('deadline_at', { precision: 3 }).notNullable();
    t.datetime('closed_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['user_1_id', 'state']);
    t.index(['user_2_id', 'state']);
    t.index(['state', 'deadline_at']);
  });
  await knex.schema.createTable('games', (t) => {
    t.increments('id');
    t.integer('season_id').unsigned().notNullable().references('id').inTable('seasons');
    t.integer('match_id').unsigned().nullable().unique().references('id').inTable('matches');
    t.integer('user_1_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('user_2_id').unsigned().notNullable().references('id').inTable('users');
    t.tinyint('score_1').unsigned().nullable();
    t.tinyint('score_2').unsigned().nullable();
    t.enu('state', ['playing', 'submitted', 'dropped', 'conflict', 'final']).notNullable().defaultTo('playing');
    t.integer('submitted_user_id').unsigned().nullable();
    t.integer('confirmed_user_id').unsigned().nullable();
    t.integer('dropped_user_id').unsigned().nullable();
    t.boolean('conflict').notNullable().defaultTo(false);
    t.boolean('conflict_solved').notNullable().defaultTo(false);
    t.integer('solved_by_user_id').unsigned().nullable();
    t.datetime('submitted_at', { precision: 3 }).nullable();
    t.datetime('final_at', { precision: 3 }).nullable();
    t.datetime('week_start').notNullable();
    t.integer('elo_1_before').nullable();
    t.integer('elo_2_before').nullable();
    t.integer('elo_1_after').nullable();
    t.integer('elo_2_after').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['user_1_id', 'state']);
    t.index(['user_2_id', 'state']);
    t.index(['state', 'submitted_at']);
    t.index(['season_id', 'final_at']);
    t.index(['conflict', 'created_at']);
  });
  await knex.schema.createTable('chat_messages', (t) => {
    t.increments('id');
    t.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('content', 1000).notNullable();
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['game_id', 'id']);
  });
  await knex.schema.createTable('evidence', (t) => {
    t.increments('id');
    t.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('youtube_id', 15).nullable();
    t.string('evidence_hash', 32).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.index(['game_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['evidence', 'chat_messages', 'games', 'matches', 'queue_entries']) {
    await knex.schema.dropTable(table);
  }
}
