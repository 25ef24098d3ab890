import type { Knex } from 'knex';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { writeAudit } from '../audit.ts';

/**
 * A player reports a post to the moderators: a report of kind 'forum' in the one safeguarding queue (docs/decisions.md#minors-safety),
 * against the post's author, with reason 'other' and the player's words as its text. The unique
 * (post_id, reporter_user_id) key settles repeats, also at the same instant: a second report of the same post
 * answers the same success and adds no row.
 */
export async function reportPost(
  trx: Knex,
  input: { reporter_user_id: number; post_id: number; reason: string; ip: string | null; now: Date },
): Promise<CommandOutcome<{ reported: true; created: boolean }>> {
  const post = await trx('forum_posts').where('id', input.post_id).first('id', 'user_id');
  if (!post) throw new CommandRejected('not_found', 'postNotFound');
  const [inserted] = await trx('reports')
    .insert({
      kind: 'forum',
      reporter_user_id: input.reporter_user_id,
      reported_user_id: post.user_id,
      post_id: input.post_id,
      reason: 'other',
      text: input.reason,
      created_at: input.now,
    })
    .onConflict(['post_id', 'reporter_user_id'])
    .ignore();
  // An insert the unique key ignored reports no id (0).
  const created = Boolean(inserted);
  if (created) {
    await writeAudit(trx, {
      actor_user_id: input.reporter_user_id,
      action: 'forum.post.report',
      entity: 'forum_post',
      entity_id: input.post_id,
      before: null,
      after: { report_id: inserted!, reason: input.reason },
      ip: input.ip,
      now: input.now,
    });
  }
  return { result: { reported: true, created }, events: [] };
}
