import type { Knex } from 'knex';

/**
 * Notifications outside the open tab (docs/api.md "Notifications"): the browsers subscribed to Web Push, each
 * player's choices per channel and kind (no row: off), the trophy expiry already announced to its holder, and the
 * one-click unsubscribe link a notification e-mail carries in its List-Unsubscribe header.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('endpoint').notNullable();
    /** SHA-256 of the endpoint, hex: an endpoint is long TEXT, so its uniqueness is kept on the hash. */
    t.specificType('endpoint_hash', 'CHAR(64)').notNullable();
    t.string('p256dh', 200).notNullable();
    t.string('auth', 100).notNullable();
    t.enu('lang', ['en', 'sv']).notNullable().defaultTo('en');
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('last_success_at', { precision: 3 }).nullable();
    t.unique(['endpoint_hash'], 'push_subscriptions_endpoint');
    t.index(['user_id']);
  });
  await knex.schema.createTable('notification_choices', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.enu('channel', ['push', 'email']).notNullable();
    t.string('kind', 32).notNullable();
    t.boolean('enabled').notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.primary(['user_id', 'channel', 'kind']);
    t.index(['channel', 'kind', 'enabled']);
  });
  await knex.schema.alterTable('trophies', (t) => {
    /** The `expires_at` whose "2 hours left" notice went out, so each holding is announced once. */
    t.datetime('expiry_notified_for', { precision: 3 }).nullable();
  });
  await knex.schema.alterTable('emails', (t) => {
    /** A notification e-mail's one-click unsubscribe link (List-Unsubscribe, RFC 8058); null for other mail. */
    t.string('unsubscribe_url', 500).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('emails', (t) => t.dropColumn('unsubscribe_url'));
  await knex.schema.alterTable('trophies', (t) => t.dropColumn('expiry_notified_for'));
  await knex.schema.dropTable('notification_choices');
  await knex.schema.dropTable('push_subscriptions');
}
