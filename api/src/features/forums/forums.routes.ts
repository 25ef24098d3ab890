import Router from '@koa/router';
import {
  FORUM_CATEGORY_IDS,
  FORUM_POSTS_MAX_AMOUNT,
  FORUM_SEARCH_MAX,
  FORUM_THREADS_INITIAL,
  FORUM_THREADS_MAX_AMOUNT,
  MESSAGES,
  PERMISSIONS,
  asInteger,
  asTrimmed,
  isSent,
  isStaff,
  isYes,
  parsePositiveInt,
  validateReason,
  validateForumReply,
  validateForumThread,
  type ForumCategoryCounts,
  type ForumHideResponse,
  type ForumLockResponse,
  type ForumNewPostResponse,
  type ForumNewThreadResponse,
  type ForumPostSearchResponse,
  type ForumReportResponse,
  type ForumThreadResponse,
  type ForumThreadSearchResponse,
  type ForumThreadsResponse,
  type MessageName,
} from '@ecup/domain';
import {
  blockedIds,
  categoryCounts,
  createPost,
  createThread,
  findCategory,
  findThread,
  postPage,
  presentPost,
  presentThreadRow,
  reportPost,
  searchPosts,
  searchThreads,
  setPostHidden,
  setThreadLock,
  threadPage,
} from '@ecup/db';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound, valid } from '../../errors.ts';
import { permissionsOf, requireStaffFlag, requireUser } from '../../middleware/auth.ts';
import { bodyOf, paramsOf } from '../../middleware/body.ts';
import { LIMITS, hit } from '../../services/rate-limit.ts';
import { clientIp } from '../../services/client.ts';
import { runCommand } from '../../services/commands.ts';
import { amountOf, startOf } from '../../services/paging.ts';
import { CACHED_READS, answerRead, encodeRead } from '../../services/read-cache.ts';

function categoryOf(params: Record<string, unknown>): number {
  const id = asInteger(params.category_id);
  if (id === undefined || !(FORUM_CATEGORY_IDS as readonly number[]).includes(id)) {
    throw notFound('forumNotFound');
  }
  return id;
}

/** A thread-list request's category, page and key in the public-read cache. */
function threadListRequest(params: Record<string, unknown>) {
  const category_id = categoryOf(params);
  const start = startOf(params);
  const amount = amountOf(params, FORUM_THREADS_INITIAL, FORUM_THREADS_MAX_AMOUNT);
  return { category_id, start, amount, key: `${CACHED_READS.forumThreads}${category_id}:${start}:${amount}` };
}

/**
 * The public-read cache key of each cached forum call, by path, from a GET's query (for the cached-read shortcut);
 * null for an unknown category, which the route answers.
 */
export const forumsCachedReads = {
  '/forums/threads': (query: Record<string, string>) => {
    const id = asInteger(query.category_id);
    const known = id !== undefined && (FORUM_CATEGORY_IDS as readonly number[]).includes(id);
    return known ? threadListRequest(query).key : null;
  },
};

function idOf(value: unknown, message: MessageName): number {
  const id = parsePositiveInt(value);
  if (id === undefined) throw notFound(message);
  return id;
}

/** `locked` / `hidden`: absent means yes (lock, hide); otherwise the usual yes values, anything else no. */
function flagOf(value: unknown): boolean {
  return isSent(value) ? isYes(value) : true;
}

const searchText = (params: Record<string, unknown>) =>
  [...asTrimmed(params.query)].slice(0, FORUM_SEARCH_MAX).join('');

/**
 * The forum calls of docs/product.md#calls (`/forums/*`) and the moderation calls of the forum contract
 * (domain/src/contract/forums.ts). Reads accept GET and POST ("method not shown", docs/decisions.md#api-contract); writes are POST
 * and need a session; moderation needs canBanUsers and is audited.
 */
export function forumsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const read = (path: string, handler: (ctx: Koa.ParameterizedContext<AppState>) => Promise<void>) => {
    router.get(path, handler);
    router.post(path, handler);
  };
  const viewerIsStaff = (ctx: { state: AppState }) => isStaff(permissionsOf(ctx));
  /** Whom a signed-in reader blocked: their posts reach that reader without their words (docs/decisions.md#minors-safety). */
  const viewerBlocks = async (ctx: { state: AppState }): Promise<ReadonlySet<number>> =>
    ctx.state.user ? blockedIds(deps.knex, ctx.state.user.id) : new Set();
  /** New threads and posts reorder the thread lists and count replies; a lock shows in them too. */
  const threadListChanges = { changes: [CACHED_READS.forumThreads] };

  // The same for every reader: from the public-read cache (at most a second old; this process's own new threads,
  // posts and locks drop it at once). The category and the page are read side by side.
  read('/forums/threads', async (ctx) => {
    const { category_id, start, amount, key } = threadListRequest(paramsOf(ctx));
    const read = await deps.publicReads.get(key, async () => {
      const [category, rows] = await Promise.all([
        findCategory(deps.knex, category_id),
        threadPage(deps.knex, { category_id, start, amount }),
      ]);
      if (!category) throw notFound('forumNotFound');
      const page: ForumThreadsResponse = { threads: rows.map(presentThreadRow), total: Number(category.thread_count) };
      return encodeRead(page);
    });
    answerRead(ctx, read);
  });

  read('/forums/threads/search', async (ctx) => {
    const params = paramsOf(ctx);
    const category_id = categoryOf(params);
    const text = searchText(params);
    const rows =
      text === '' ? [] : await searchThreads(deps.knex, { category_id, text, limit: FORUM_THREADS_MAX_AMOUNT });
    const response: ForumThreadSearchResponse = { threads: rows.map(presentThreadRow) };
    ctx.body = response;
  });

  read('/forums/posts', async (ctx) => {
    const params = paramsOf(ctx);
    const thread_id = idOf(params.thread_id, 'threadNotFound');
    const start = startOf(params);
    const amount = amountOf(params, FORUM_POSTS_MAX_AMOUNT, FORUM_POSTS_MAX_AMOUNT);
    const thread = await findThread(deps.knex, thread_id);
    if (!thread) throw notFound('threadNotFound');
    const staff = viewerIsStaff(ctx);
    const [{ rows, total }, blocked] = await Promise.all([
      postPage(deps.knex, { thread_id, reply_count: Number(thread.reply_count), start, amount, withHidden: staff }),
      viewerBlocks(ctx),
    ]);
    const response: ForumThreadResponse = {
      id: thread.id,
      category_id: thread.category_id,
      title: thread.title,
      locked: Boolean(thread.locked),
      posts: rows.map((row) => presentPost(row, staff, blocked)),
      total,
    };
    ctx.body = response;
  });

  read('/forums/posts/search', async (ctx) => {
    const params = paramsOf(ctx);
    const thread_id = idOf(params.thread_id, 'threadNotFound');
    const text = searchText(params);
    const thread = await findThread(deps.knex, thread_id);
    if (!thread) throw notFound('threadNotFound');
    const staff = viewerIsStaff(ctx);
    const rows =
      text === ''
        ? []
        : await searchPosts(deps.knex, { thread_id, text, limit: FORUM_POSTS_MAX_AMOUNT, withHidden: staff });
    const blocked = await viewerBlocks(ctx);
    const response: ForumPostSearchResponse = { posts: rows.map((row) => presentPost(row, staff, blocked)) };
    ctx.body = response;
  });

  read('/forums/category_threads', async (ctx) => {
    const counts: ForumCategoryCounts = await categoryCounts(deps.knex, FORUM_CATEGORY_IDS);
    ctx.body = counts;
  });

  router.post('/forums/new_post', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const form = valid(validateForumReply(body));
    const thread_id = idOf(body.thread_id, 'threadNotFound');
    await hit(deps.redis, LIMITS.forumPostPerUser, String(user.id));
    const { post, masked } = await runCommand(
      deps,
      (trx) => createPost(trx, { user_id: user.id, thread_id, message: form.message, now: deps.now() }),
      threadListChanges,
    );
    const response: ForumNewPostResponse = { post: presentPost(post, viewerIsStaff(ctx)) };
    if (masked) response.notice = MESSAGES.forumMasked;
    ctx.body = response;
  });

  router.post('/forums/new_thread', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const category_id = categoryOf(body);
    const form = valid(validateForumThread(body));
    await hit(deps.redis, LIMITS.forumPostPerUser, String(user.id));
    const { id, masked } = await runCommand(
      deps,
      (trx) => createThread(trx, { user_id: user.id, category_id, ...form, now: deps.now() }),
      threadListChanges,
    );
    const response: ForumNewThreadResponse = { id };
    if (masked) response.notice = MESSAGES.forumMasked;
    ctx.body = response;
  });

  router.post('/forums/thread/lock', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const thread_id = idOf(body.thread_id, 'threadNotFound');
    const locked = flagOf(body.locked);
    requireStaffFlag(ctx, PERMISSIONS.canBanUsers);
    const result = await runCommand(
      deps,
      (trx) => setThreadLock(trx, { actor_user_id: user.id, thread_id, locked, ip: clientIp(ctx), now: deps.now() }),
      threadListChanges,
    );
    const response: ForumLockResponse = { locked: result.locked };
    ctx.body = response;
  });

  router.post('/forums/post/hide', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const post_id = idOf(body.post_id, 'postNotFound');
    const hidden = flagOf(body.hidden);
    const reason = hidden ? valid(validateReason(body)).reason : null;
    requireStaffFlag(ctx, PERMISSIONS.canBanUsers);
    const result = await runCommand(deps, (trx) =>
      setPostHidden(trx, { actor_user_id: user.id, post_id, hidden, reason, ip: clientIp(ctx), now: deps.now() }),
    );
    const response: ForumHideResponse = { hidden: result.hidden };
    ctx.body = response;
  });

  router.post('/forums/post/report', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const post_id = idOf(body.post_id, 'postNotFound');
    const { reason } = valid(validateReason(body));
    await hit(deps.redis, LIMITS.forumReportPerUser, String(user.id));
    await runCommand(deps, (trx) =>
      reportPost(trx, { reporter_user_id: user.id, post_id, reason, ip: clientIp(ctx), now: deps.now() }),
    );
    const response: ForumReportResponse = { reported: true };
    ctx.body = response;
  });

  return router;
}
