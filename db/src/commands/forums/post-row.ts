import type { Knex } from 'knex';

/** A forum post with its poster's public fields, as the forum reads and the reply command return it. */
export interface ForumPostRow {
  id: number;
  thread_id: number;
  user_id: number;
  message: string;
  created_at: Date;
  hidden_at: Date | null;
  hidden_reason: string | null;
  username: string;
  avatar_hash: string | null;
  permissions: number;
  forum_post_count: number;
}

/**
 * Posts joined with their posters in one query (no query per post): username, avatar, permissions (for the Admin
 * label) and the lifetime post count come with each row.
 */
export function forumPostsWithPosters(knex: Knex) {
  return knex('forum_posts')
    .join('users', 'users.id', 'forum_posts.user_id')
    .select<ForumPostRow[]>(
      'forum_posts.id',
      'forum_posts.thread_id',
      'forum_posts.user_id',
      'forum_posts.message',
      'forum_posts.created_at',
      'forum_posts.hidden_at',
      'forum_posts.hidden_reason',
      'users.username',
      'users.avatar_hash',
      'users.permissions',
      'users.forum_post_count',
    );
}
