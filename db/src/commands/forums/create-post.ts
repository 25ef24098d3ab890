import type { Knex } from 'knex';

import { CommandRejected, notifyEvents, type CommandOutcome } from '../types.ts';
import { flagIfContactAttempt, keepPostOriginal } from './mask-post.ts';
import { maskForumText } from '@ecup/domain/chat-safety/index.ts';
import { forumPostsWithPosters, type ForumPostRow } from '../../queries/forums.ts';

/**
 * A reply (docs/product.md#states Forum, docs/product.md#calls /forums/new_post). The thread's counter moves first with a guarded UPDATE (`locked =
 * false`), which also holds the thread's row lock, so replies at the same instant queue up and all count; no row
 * changed means the thread is unknown (404) or locked (409). Answers the new post with the poster's new lifetime
 * count, and `masked` when parts of the post were hidden: every post is stored masked, its original kept for staff,
 * and an adult's contact details count on their flag (docs/rules.md "Forum titles and posts"). The thread's starter
 * is notified (`forum_reply`), unless they replied themselves or blocked the replier.
 */
export async function createPost(
  trx: Knex,
  input: { user_id: number; thread_id: number; message: string; now: Date },
): Promise<CommandOutcome<{ post: ForumPostRow; masked: boolean }>> {
  const moved = await trx('forum_threads')
    .where({ id: input.thread_id, locked: false })
    .update({
      reply_count: trx.raw('reply_count + 1'),
      last_post_at: trx.raw('GREATEST(last_post_at, ?)', [input.now]),
    });
  if (moved === 0) {
    const thread = await trx('forum_threads').where('id', input.thread_id).first('locked');
    if (!thread) throw new CommandRejected('not_found', 'threadNotFound');
    throw new CommandRejected('conflict', 'threadLocked');
  }
  const masked = maskForumText(input.message, input.now);
  const [postId] = await trx('forum_posts').insert({
    thread_id: input.thread_id,
    user_id: input.user_id,
    message: masked.text,
    created_at: input.now,
  });
  await keepPostOriginal(trx, { post_id: postId!, user_id: input.user_id, masked, now: input.now });
  await flagIfContactAttempt(trx, { user_id: input.user_id, post_id: postId!, masked: [masked], now: input.now });
  await trx('users').where('id', input.user_id).increment('forum_post_count', 1);
  const post = await forumPostsWithPosters(trx).where('forum_posts.id', postId!).first();
  const thread = await trx('forum_threads').where('id', input.thread_id).first('user_id');
  // The thread row is locked by the reply count's update above, so it is there.
  const starter = thread === undefined || thread.user_id === input.user_id ? [] : [thread.user_id];
  // A player who blocked the replier hears nothing of their replies (docs/rules.md "Forum titles and posts").
  const blockers = new Set(
    starter.length === 0
      ? []
      : ((await trx('blocks')
          .where('blocked_user_id', input.user_id)
          .whereIn('blocker_user_id', starter)
          .pluck('blocker_user_id')) as number[]),
  );
  return {
    result: { post: post!, masked: masked.original !== null },
    events: notifyEvents(
      'forum_reply',
      starter.filter((id) => !blockers.has(id)),
      input.thread_id,
    ),
  };
}
