import type { Knex } from 'knex';

import { CommandRejected, type CommandOutcome } from '../types.ts';
import { writeAudit } from '../audit.ts';

/**
 * Staff hide a post from players, with a reason, or show it again (moderation; canBanUsers). Counts do not change:
 * the post still happened. Audited with the state before and after.
 */
export async function setPostHidden(
  trx: Knex,
  input: {
    actor_user_id: number;
    post_id: number;
    hidden: boolean;
    reason: string | null;
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ hidden: boolean }>> {
  const post = await trx('forum_posts')
    .where('id', input.post_id)
    .forUpdate()
    .first('id', 'hidden_at', 'hidden_by_user_id', 'hidden_reason');
  if (!post) throw new CommandRejected('not_found', 'postNotFound');
  const after = input.hidden
    ? { hidden_at: input.now, hidden_by_user_id: input.actor_user_id, hidden_reason: input.reason }
    : { hidden_at: null, hidden_by_user_id: null, hidden_reason: null };
  await trx('forum_posts').where('id', input.post_id).update(after);
  await writeAudit(trx, {
    actor_user_id: input.actor_user_id,
    action: input.hidden ? 'forum.post.hide' : 'forum.post.unhide',
    entity: 'forum_post',
    entity_id: input.post_id,
    before: { hidden: post.hidden_at !== null, hidden_reason: post.hidden_reason ?? null },
    after: { hidden: input.hidden, hidden_reason: after.hidden_reason },
    ip: input.ip,
    now: input.now,
  });
  return { result: { hidden: input.hidden }, events: [] };
}
