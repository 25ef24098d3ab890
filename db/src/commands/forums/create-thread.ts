import type { Knex } from 'knex';

import { CommandRejected, type CommandOutcome } from '../types.ts';
import { keepPostOriginal, maskPostOfMinor } from './mask-post.ts';

/**
 * A new topic (spec §4 Forum, §7 /forums/new_thread): the thread and its opening post, the category's thread count
 * and the poster's lifetime post count, all in one transaction. Counters move by guarded increments, never by a
 * read-then-write, so concurrent posts all count. A minor's opening post is masked (issue 18); `masked` says so.
 */
export async function createThread(
  trx: Knex,
  input: { user_id: number; category_id: number; title: string; message: string; now: Date },
): Promise<CommandOutcome<{ id: number; masked: boolean }>> {
  const counted = await trx('forum_categories').where('id', input.category_id).increment('thread_count', 1);
  if (counted === 0) throw new CommandRejected('not_found', 'forumNotFound');
  const [threadId] = await trx('forum_threads').insert({
    category_id: input.category_id,
    user_id: input.user_id,
    title: input.title,
    reply_count: 0,
    created_at: input.now,
    last_post_at: input.now,
  });
  const id = threadId!;
  const masked = await maskPostOfMinor(trx, input.user_id, input.message, input.now);
  const [postId] = await trx('forum_posts').insert({
    thread_id: id,
    user_id: input.user_id,
    message: masked.message,
    created_at: input.now,
  });
  await keepPostOriginal(trx, { post_id: postId!, user_id: input.user_id, masked, now: input.now });
  await trx('users').where('id', input.user_id).increment('forum_post_count', 1);
  return { result: { id, masked: masked.original !== null }, events: [] };
}
