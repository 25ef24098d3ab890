import type { Knex } from 'knex';
import { deleteOldOriginals } from '@ecup/db';

/**
 * The daily clean-up of masked lines' originals (docs/rules.md "Chat safety filter" and "Forum titles and posts"): staff may read a chat line, forum post or
 * thread title as typed for CHAT_ORIGINAL_RETENTION_DAYS days, then it is deleted; the masked text the players saw
 * stays. `forum` counts posts and titles.
 * Idempotent: a second run at the same moment finds nothing more to delete.
 */
export async function cleanChatOriginals(knex: Knex, now: Date): Promise<{ chat: number; forum: number }> {
  return (await deleteOldOriginals(knex, { now })).result;
}
