import { isStaff, type ForumPostPayload, type ForumThreadRow } from '@ecup/domain';
import type { ForumPostRow, ForumThreadRowData } from '../queries/forums.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A row of a category's thread list (docs/product.md#entities Forum thread); `posts` is the reply count. */
export function presentThreadRow(row: ForumThreadRowData): ForumThreadRow {
  return {
    id: row.id,
    category_id: row.category_id,
    title: row.title,
    posts: row.reply_count,
    username: row.username,
    inserted: seconds(row.created_at),
    last_post_inserted: seconds(row.last_post_at),
    locked: Boolean(row.locked),
  };
}

/**
 * A post (docs/product.md#entities Forum post). Staff (`forStaff`) also receive `hidden` and `hidden_reason` on every post; players
 * never receive hidden posts at all, so the fields are left out for them.
 */
export function presentPost(
  row: ForumPostRow,
  forStaff: boolean,
  blocked: ReadonlySet<number> = new Set(),
): ForumPostPayload {
  const post: ForumPostPayload = {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    avatar_hash: row.avatar_hash,
    admin: isStaff(row.permissions),
    lifetime_posts: row.forum_post_count,
    message: row.message,
    inserted: seconds(row.created_at),
  };
  if (blocked.has(row.user_id)) {
    post.message = '';
    post.blocked = true;
  }
  if (forStaff) {
    post.hidden = row.hidden_at !== null;
    post.hidden_reason = row.hidden_at !== null ? row.hidden_reason : null;
  }
  return post;
}
