import type { Knex } from 'knex';

/**
 * When the guardian's current approval link was issued (docs/rules.md "Guardian e-mail and link"): a link works for
 * a limited time after it was sent. Links already out count from the account's creation, which is when the sign-up
 * sent them or earlier than any resend; a player whose old link has so expired can send a new one from settings.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.datetime('guardian_token_issued_at', { precision: 3 }).nullable().after('guardian_token_hash');
  });
  await knex('users')
    .whereNotNull('guardian_token_hash')
    .update({ guardian_token_issued_at: knex.ref('created_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('guardian_token_issued_at');
  });
}
