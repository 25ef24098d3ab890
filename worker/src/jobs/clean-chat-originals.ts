import type { Knex } from 'knex';
import { CHAT_ORIGINAL_RETENTION_DAYS } from '@ecup/domain';

/**
 * The daily clean-up of masked lines' originals (docs/rules.md "Chat safety filter" and "Forum titles and posts"): staff may read a chat line, forum post or
 * thread title as typed for CHAT_ORIGINAL_RETENTION_DAYS days, then it is deleted; the masked text the players saw
 * stays. `forum` counts posts and titles.
 * Idempotent: a second run at the same moment finds nothing more to delete.
 */
export async function cleanChatOriginals(knex: Knex, now: Date): Promise<{ chat: number; forum: number }> {
  const cutoff = new Date(now.getTime() - CHAT_ORIGINAL_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const chat = await knex('chat_originals').where('created_at', '<', cutoff).delete();
  const posts = await knex('forum_post_originals').where('created_at', '<', cutoff).delete();
  const titles = await knex('forum_thread_originals').where('created_at', '<', cutoff).delete();
  return { chat, forum: posts + titles };
}
