/**
 * Payloads of the forum calls (docs/product.md#entities Forum thread / Forum post / category counts, docs/product.md#calls `/forums/*`). Times are unix
 * seconds. Messages and titles are plain text as written; clients render them as text, never as HTML.
 */

/** A row of a category's thread list (docs/product.md#screens-and-routes: title, reply count, @username, age). */
export interface ForumThreadRow {
  id: number;
  category_id: number;
  title: string;
  /** Replies: posts after the opening one. */
  posts: number;
  username: string;
  inserted: number;
  last_post_inserted: number;
  locked: boolean;
}

/** GET /forums/threads?category_id&start&amount — ordered by latest activity. */
export interface ForumThreadsResponse {
  threads: ForumThreadRow[];
  total: number;
}

/** GET /forums/threads/search?category_id&query — title search within a category. */
export interface ForumThreadSearchResponse {
  threads: ForumThreadRow[];
}

/** A post of a thread (docs/product.md#entities Forum post). */
export interface ForumPostPayload {
  id: number;
  user_id: number;
  username: string;
  avatar_hash: string | null;
  /** Staff (permissions > 0) are labelled Admin, others Member. */
  admin: boolean;
  lifetime_posts: number;
  message: string;
  inserted: number;
  /** Only staff receive hidden posts, marked with the reason; players never see them. */
  hidden?: boolean;
  hidden_reason?: string | null;
  /** Set, with an empty message, when the reader blocked the author (docs/decisions.md#minors-safety: "Post hidden"). */
  blocked?: boolean;
}

/** GET /forums/posts?thread_id&start&amount — the thread with its posts, oldest first. */
export interface ForumThreadResponse {
  id: number;
  category_id: number;
  title: string;
  locked: boolean;
  posts: ForumPostPayload[];
  total: number;
}

/** GET /forums/posts/search?thread_id&query — posts of a thread whose message contains the text. */
export interface ForumPostSearchResponse {
  posts: ForumPostPayload[];
}

/** POST /forums/new_post {thread_id, message} — the new post, with the poster's new lifetime count. */
export interface ForumNewPostResponse {
  post: ForumPostPayload;
  /** MESSAGES.forumMasked when parts of the post were hidden (docs/rules.md "Forum titles and posts"). */
  notice?: string;
}

/** POST /forums/new_thread {category_id, title, message} — the new thread's id. */
export interface ForumNewThreadResponse {
  id: number;
  /** MESSAGES.forumMasked when parts of the title or opening post were masked (docs/rules.md, forum text). */
  notice?: string;
}

/** GET /forums/category_threads — thread counts indexed by category id (docs/product.md#entities). */
export type ForumCategoryCounts = number[];

/**
 * Moderation (the basics a youth forum needs), all POST and audited:
 * /forums/thread/lock {thread_id, locked} (canBanUsers) → { locked };
 * /forums/post/hide {post_id, hidden, reason} (canBanUsers) → { hidden };
 * /forums/post/report {post_id, reason} (any signed-in player) → { reported: true }.
 */
export interface ForumLockResponse {
  locked: boolean;
}
export interface ForumHideResponse {
  hidden: boolean;
}
export interface ForumReportResponse {
  reported: true;
}
