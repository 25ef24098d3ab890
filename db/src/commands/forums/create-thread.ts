import type { Knex } from 'knex';

import { CommandRejected, type CommandOutcome } from '../types.ts';
import { flagIfContactAttempt, keepPostOriginal, keepTitleOriginal } from './mask-post.ts';
import { maskForumText } from '@ecup/domain/chat-safety/index.ts';

/**
 * A new topic (docs/product.md#states Forum, docs/product.md#calls /forums/new_thread): the thread and its opening post, the category's thread count
 * and the poster's lifetime post count, all in one transaction. Counters move by guarded increments, never by a
 * read-then-write, so concurrent posts all count. The title and the opening post are stored masked and their
 * originals kept for staff (docs/rules.md "Forum titles and posts"); `masked` says whether either was. An adult's
 * contact details in either count as one attempt on their flag, pointed at the opening post.
 */
export async function createThread(
  trx: Knex,
  input: { user_id: number; category_id: number; title: string; message: string; now: Date },
): Promise<CommandOutcome<{ id: number; masked: boolean }>> {
  const counted = await trx('forum_categories').where('id', input.category_id).increment('thread_count', 1);
  if (counted === 0) throw new CommandRejected('not_found', 'forumNotFound');
  const title = maskForumText(input.title, input.now);
  const message = maskForumText(input.message, input.now);
  const [threadId] = await trx('forum_threads').insert({
    category_id: input.category_id,
    user_id: input.user_id,
    title: title.text,
    reply_count: 0,
    created_at: input.now,
    last_post_at: input.now,
  });
  const id = threadId!;
  const [postId] = await trx('forum_posts').insert({
    thread_id: id,
    user_id: input.user_id,
    message: message.text,
    created_at: input.now,
  });
  const own = { user_id: input.user_id, now: input.now };
  await keepTitleOriginal(trx, { ...own, thread_id: id, masked: title });
  await keepPostOriginal(trx, { ...own, post_id: postId!, masked: message });
  await flagIfContactAttempt(trx, { ...own, post_id: postId!, masked: [title, message] });
  await trx('users').where('id', input.user_id).increment('forum_post_count', 1);
  return { result: { id, masked: title.original !== null || message.original !== null }, events: [] };
}
