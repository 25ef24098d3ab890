import type { Knex } from 'knex';

/** The player saw a warning (POST /user/warning/seen): shown once. Someone else's warning changes nothing. */
export async function markWarningSeen(knex: Knex, input: { user_id: number; warning_id: number; now: Date }) {
  await knex('user_warnings')
    .where({ id: input.warning_id, user_id: input.user_id })
    .whereNull('seen_at')
    .update({ seen_at: input.now });
}
