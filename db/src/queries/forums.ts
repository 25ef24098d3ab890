import type { Knex } from 'knex';
import { containsPattern, like } from '../services/like.ts';
import type { ForumPost } from '../models/ForumPost.ts';
import type { ForumThread } from '../models/ForumThread.ts';
import type { User } from '../models/User.ts';

/** A thread-list row: the thread and its author's username; `locked` is TINYINT 0/1. */
export type ForumThreadRowData = Pick<
  ForumThread,
  'id' | 'category_id' | 'title' | 'reply_count' | 'created_at' | 'last_post_at'
> &
  Pick<User, 'username'> & { locked: number | boolean };

/** A forum post with its poster's public fields, as the forum reads and the reply command return it. */
export type ForumPostRow = Pick<
  ForumPost,
  'id' | 'thread_id' | 'user_id' | 'message' | 'created_at' | 'hidden_at' | 'hidden_reason'
> &
  Pick<User, 'username' | 'avatar_hash' | 'permissions' | 'forum_post_count'>;

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

const THREAD_COLUMNS = [
  'forum_threads.id',
  'forum_threads.category_id',
  'forum_threads.title',
  'forum_threads.reply_count',
  'forum_threads.created_at',
  'forum_threads.last_post_at',
  'forum_threads.locked',
  'users.username',
];

const LATEST_FIRST = [
  { column: 'forum_threads.last_post_at', order: 'desc' },
  { column: 'forum_threads.id', order: 'desc' },
] as const;

/** The category's row (its thread count is kept with every new thread), or undefined. */
export async function findCategory(knex: Knex, categoryId: number) {
  return knex('forum_categories')
    .where('id', categoryId)
    .first<{ id: number; thread_count: number } | undefined>('id', 'thread_count');
}

/**
 * One page of a category's threads, latest activity first. The page's ids come from the
 * (category_id, last_post_at, id) index alone, read backwards with no sort; only those rows are then fetched and
 * joined to their authors, so a deep page costs index entries, not rows.
 */
export async function threadPage(
  knex: Knex,
  input: { category_id: number; start: number; amount: number },
): Promise<ForumThreadRowData[]> {
  const page = knex('forum_threads')
    .select('id')
    .where('category_id', input.category_id)
    .orderBy([
      { column: 'last_post_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(input.amount)
    .offset(input.start)
    .as('page');
  return knex
    .from(page)
    .join('forum_threads', 'forum_threads.id', 'page.id')
    .join('users', 'users.id', 'forum_threads.user_id')
    .orderBy([...LATEST_FIRST])
    .select<ForumThreadRowData[]>(THREAD_COLUMNS);
}

/** Threads of one category whose title contains `text` (a scan of that category's titles only). */
export async function searchThreads(
  knex: Knex,
  input: { category_id: number; text: string; limit: number },
): Promise<ForumThreadRowData[]> {
  return knex('forum_threads')
    .join('users', 'users.id', 'forum_threads.user_id')
    .where('forum_threads.category_id', input.category_id)
    .where(like(knex, 'forum_threads.title', containsPattern(input.text)))
    .orderBy([...LATEST_FIRST])
    .limit(input.limit)
    .select<ForumThreadRowData[]>(THREAD_COLUMNS);
}

interface ThreadHead {
  id: number;
  category_id: number;
  title: string;
  locked: number | boolean;
  reply_count: number;
}

/** A thread's own fields, or undefined. */
export async function findThread(knex: Knex, threadId: number) {
  return knex('forum_threads')
    .where('id', threadId)
    .first<ThreadHead | undefined>('id', 'category_id', 'title', 'locked', 'reply_count');
}

/**
 * Posts of a thread, oldest first; hidden ones only for staff. The page's ids come from an index alone —
 * (thread_id, hidden_at, id) for players, (thread_id, id) for staff — then only those rows are joined to their
 * posters, so a deep page in a long thread costs index entries. The total comes from the thread's reply count
 * (kept in the same transaction as every post) less its hidden posts, not from counting the thread's rows.
 */
export async function postPage(
  knex: Knex,
  input: { thread_id: number; reply_count: number; start: number; amount: number; withHidden: boolean },
): Promise<{ rows: ForumPostRow[]; total: number }> {
  const ids = knex('forum_posts')
    .select('id')
    .where('thread_id', input.thread_id)
    .orderBy('id', 'asc')
    .limit(input.amount)
    .offset(input.start)
    .as('page');
  if (!input.withHidden) ids.whereNull('hidden_at');
  const [rows, hidden] = await Promise.all([
    forumPostsWithPosters(knex).join(ids, 'page.id', 'forum_posts.id').orderBy('forum_posts.id', 'asc') as Promise<
      ForumPostRow[]
    >,
    input.withHidden
      ? Promise.resolve([{ total: 0 }])
      : (knex('forum_posts')
          .where('thread_id', input.thread_id)
          .whereNotNull('hidden_at')
          .count({ total: '*' }) as Promise<{ total: number }[]>),
  ]);
  return { rows, total: input.reply_count + 1 - (hidden[0]?.total ?? 0) };
}

/** Posts of one thread whose message contains `text` (a scan of that thread's posts only), oldest first. */
export async function searchPosts(
  knex: Knex,
  input: { thread_id: number; text: string; limit: number; withHidden: boolean },
): Promise<ForumPostRow[]> {
  const query = forumPostsWithPosters(knex)
    .where('forum_posts.thread_id', input.thread_id)
    .where(like(knex, 'forum_posts.message', containsPattern(input.text)))
    .orderBy('forum_posts.id', 'asc')
    .limit(input.limit);
  if (!input.withHidden) query.whereNull('forum_posts.hidden_at');
  return query;
}

/** Thread counts of every category, indexed by category id (docs/product.md#entities). */
export async function categoryCounts(knex: Knex, categoryIds: readonly number[]): Promise<number[]> {
  const rows = await knex('forum_categories').select<{ id: number; thread_count: number }[]>('id', 'thread_count');
  const byId = new Map(rows.map((row) => [row.id, row.thread_count]));
  return categoryIds.map((id) => byId.get(id) ?? 0);
}
