import type { Knex } from 'knex';
import { isSealedTotpSecret, openTotpSecret, sealTotpSecret, totpKeyFromEnv } from '@ecup/security';

/**
 * Two-factor enrolment without a password alone (docs/decisions.md#permissions):
 * - `enrolment_links`: one-time console enrolment links an operator prints (`admin:grant`, `admin:reset-2fa`), kept
 *   as a SHA-256 hash, valid 30 minutes, spent by use or by a newer link;
 * - `recovery_codes`: the 10 one-time codes shown at enrolment, one row each, kept as a SHA-256 hash;
 * - `users.totp_secret` widened for its encrypted form (AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>`), and every
 *   plaintext secret encrypted with the key the app uses (APP_SECRET, or development's `.data/app-secret`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('enrolment_links', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.specificType('token_hash', 'CHAR(64)').notNullable().unique();
    t.dateTime('expires_at', { precision: 3 }).notNullable();
    t.dateTime('used_at', { precision: 3 }).nullable();
    t.dateTime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id', 'used_at']);
  });
  await knex.schema.createTable('recovery_codes', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.specificType('code_hash', 'CHAR(64)').notNullable();
    t.dateTime('created_at', { precision: 3 }).notNullable();
    t.unique(['user_id', 'code_hash']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.string('totp_secret', 255).nullable().alter();
  });
  const plain = (await knex('users').whereNotNull('totp_secret').select('id', 'totp_secret')).flatMap(
    ({ id, totp_secret }) => (totp_secret !== null && !isSealedTotpSecret(totp_secret) ? [{ id, totp_secret }] : []),
  );
  if (plain.length === 0) return;
  const key = totpKeyFromEnv();
  for (const row of plain) {
    await knex('users')
      .where({ id: row.id, totp_secret: row.totp_secret })
      .update({ totp_secret: sealTotpSecret(key, row.totp_secret) });
  }
}

/** Back to plaintext secrets (the old code reads only those), then the tables go. */
export async function down(knex: Knex): Promise<void> {
  const sealed = await knex('users').whereNotNull('totp_secret').select('id', 'totp_secret');
  if (sealed.length > 0) {
    const key = totpKeyFromEnv();
    for (const row of sealed as { id: number; totp_secret: string }[]) {
      if (!isSealedTotpSecret(row.totp_secret)) continue;
      await knex('users')
        .where('id', row.id)
        .update({ totp_secret: openTotpSecret(key, row.totp_secret) });
    }
  }
  await knex.schema.alterTable('users', (t) => {
    t.string('totp_secret', 64).nullable().alter();
  });
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.dropTable('enrolment_links');
}
