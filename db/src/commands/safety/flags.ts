import type { Knex } from 'knex';

/**
 * Flags an adult whose chat line to a minor was masked for contact details (issue 18 "Automatic flags"): one open
 * flag per player, a `reports` row of kind 'flag' without a reporter, in the same queue and with the same actions as
 * players' reports. A further masked line while the flag is open counts one more attempt and points the flag at the
 * latest line. The unique stored `open_flag_user_id` settles lines arriving at once (one inserts, the others count);
 * once a moderator settles the flag, the next masked line opens a new one. The flag points at the latest attempt
 * only, so a chat line clears a forum post it pointed at before.
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
      post_id: null,
    });
}

/**
 * Flags an adult whose forum title or post was masked for contact details (docs/rules.md "Forum titles and posts"):
 * the same open flag as chat's, one per player, counting one more attempt and pointing at the post (a thread's
 * opening post for its title) instead of a chat line.
 */
export async function flagForumContactAttempt(
  trx: Knex,
  input: { user_id: number; post_id: number; now: Date },
): Promise<void> {
  await trx('reports')
    .insert({
      kind: 'flag',
      reporter_user_id: null,
      reported_user_id: input.user_id,
      post_id: input.post_id,
      reason: 'personal_details',
      attempts: 1,
      created_at: input.now,
    })
    .onConflict('open_flag_user_id')
    .merge({ attempts: trx.raw('attempts + 1'), post_id: input.post_id, game_id: null, chat_message_id: null });
}
