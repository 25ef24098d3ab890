import type { Knex } from 'knex';

/**
 * Flags an adult whose chat line to a minor was masked for contact details (issue 18 "Automatic flags"): one open
 * flag per player, a `reports` row of kind 'flag' without a reporter, in the same queue and with the same actions as
 * players' reports. A further masked line while the flag is open counts one more attempt and points the flag at the
 * latest line. The unique stored `open_flag_user_id` settles lines arriving at once (one inserts, the others count);
 * once a moderator settles the flag, the next masked line opens a new one.
 */
export async function flagContactAttempt(
  trx: Knex,
  input: { user_id: number; game_id: number; chat_message_id: number; now: Date },
): Promise<void> {
  await trx('reports')
    .insert({
      kind: 'flag',
      reporter_user_id: null,
      reported_user_id: input.user_id,
      game_id: input.game_id,
      chat_message_id: input.chat_message_id,
      reason: 'personal_details',
      attempts: 1,
      created_at: input.now,
    })
    .onConflict('open_flag_user_id')
    .merge({
      attempts: trx.raw('attempts + 1'),
      game_id: input.game_id,
      chat_message_id: input.chat_message_id,
    });
}
