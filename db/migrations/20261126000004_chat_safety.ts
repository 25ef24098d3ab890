import type { Knex } from 'knex';

/**
 * Chat safety (docs/decisions.md#minors-safety; docs/rules.md, "Chat safety filter"):
 * - `seasons.chat_mode`: what a chat between an adult and a minor allows (`presets`, `filtered`, `off`);
 * - `chat_messages.preset`: the quick message's key when the line is one (its English text is in `content`);
 * - `chat_originals` and `forum_post_originals`: a masked line or post as typed, for staff only, deleted after 90
 *   days by the `clean-chat-originals` job. Reasons are the filter's, comma-separated ("phone,profanity").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('seasons', (t) => {
    t.string('chat_mode', 16).notNullable().defaultTo('presets');
  });
  await knex.schema.alterTable('chat_messages', (t) => {
    t.string('preset', 32).nullable();
  });
  await knex.schema.createTable('chat_originals', (t) => {
    t.increments('id');
    t.integer('message_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('id')
      .inTable('chat_messages')
      .onDelete('CASCADE');
    t.integer('game_id').unsigned().notNullable().references('id').inTable('games').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('original', 1000).notNullable();
    t.string('reasons', 100).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['created_at']);
  });
  await knex.schema.createTable('forum_post_originals', (t) => {
    t.increments('id');
    t.integer('post_id').unsigned().notNullable().unique().references('id').inTable('forum_posts').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.text('original').notNullable();
    t.string('reasons', 100).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('forum_post_originals');
  await knex.schema.dropTable('chat_originals');
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropColumn('preset');
  });
  await knex.schema.alterTable('seasons', (t) => {
    t.dropColumn('chat_mode');
  });
}
