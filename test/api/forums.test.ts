import test from 'ava';
import { refusalBody } from '../helpers/messages.ts';
import {
  MESSAGES,
  PERMISSIONS,
  type ForumNewPostResponse,
  type ForumPostSearchResponse,
  type ForumThreadResponse,
  type ForumThreadSearchResponse,
  type ForumThreadsResponse,
  message,
} from '@ecup/domain';
import { createSession } from '@ecup/db';
import { PUBLIC_READ_LIFETIME_MS } from '@ecup/api';
import { apiSuite } from '../helpers/api-suite.ts';
import { buildUser } from '../helpers/factories.ts';
import type { Credentials } from '../helpers/http.ts';
import { filterLine } from '@ecup/domain/chat-safety/index.ts';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads.ts';

// Serial: several tests read category totals and list orders that other tests' posts would move.
const serial = test.serial;

const suite = apiSuite({ label: 'forums' });

type Player = Awaited<ReturnType<typeof buildUser>>;

/** A user with a session made directly (sign-in has its own limits and tests). */
async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}): Promise<{ user: Player; auth: Credentials }> {
  const user = await buildUser(suite.server.knex, overrides);
  const session = await createSession(suite.server.knex, { user_id: user.id, ip: null, user_agent: null });
  return { user, auth: { id: user.id, token: session.result.token } };
}

const staff = () => signedIn({ permissions: PERMISSIONS.canBanUsers });

async function newThread(auth: Credentials, fields: { category_id?: number; title?: string; message?: string } = {}) {
  const res = await suite.api.postJson<{ id: number }>(
    '/forums/new_thread',
    { category_id: fields.category_id ?? 3, title: fields.title ?? 'A topic', message: fields.message ?? 'Hello all' },
    { auth },
  );
  if (res.status !== 200) throw new Error(`new_thread answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function reply(auth: Credentials, thread_id: number, message = 'A reply') {
  return suite.api.postJson<ForumNewPostResponse>('/forums/new_post', { thread_id, message }, { auth });
}

const threadOf = (thread_id: number, auth?: Credentials) =>
  suite.api.get<ForumThreadResponse>('/forums/posts', { query: { thread_id }, auth });

const categoryCount = async (id: number) =>
  Number((await suite.server.knex('forum_categories').where({ id }).first('thread_count'))!.thread_count);

// --- Reads: categories, lists, ids ---

serial('/forums/category_threads answers the four thread counts indexed by category id, by GET and POST', async (t) => {
  const get = await suite.api.get<number[]>('/forums/category_threads');
  t.is(get.status, 200);
  t.is(get.body.length, 4);
  t.true(get.body.every((n) => Number.isInteger(n)));
  const post = await suite.api.post<number[]>('/forums/category_threads');
  t.deepEqual(post.body, get.body);
});

serial('a new thread raises its category thread count by one and opens with its post', async (t) => {
  const { auth, user } = await signedIn();
  const before = (await suite.api.get<number[]>('/forums/category_threads')).body;
  const id = await newThread(auth, { category_id: 2, title: '  Best formation?  ', message: '  4-3-3 or 4-4-2?  ' });
  const after = (await suite.api.get<number[]>('/forums/category_threads')).body;
  t.deepEqual(
    after,
    before.map((n, i) => (i === 2 ? n + 1 : n)),
  );
  const thread = await threadOf(id);
  t.is(thread.status, 200);
  t.like(thread.body, { id, category_id: 2, title: 'Best formation?', locked: false, total: 1 });
  t.like(thread.body.posts[0], { user_id: user.id, username: user.username, message: '4-3-3 or 4-4-2?', admin: false });
  t.is(thread.body.posts[0]!.lifetime_posts, 1);
  t.false('hidden' in thread.body.posts[0]!);
  const list = await suite.api.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: 2 } });
  t.like(list.body.threads[0], { id, title: 'Best formation?', posts: 0, username: user.username, locked: false });
  t.is(list.body.total, after[2]!);
});

for (const [what, query] of [
  ['without category_id', {}],
  ['with category_id 4', { category_id: 4 }],
  ['with category_id -1', { category_id: -1 }],
  ['with category_id "abc"', { category_id: 'abc' }],
  ['with category_id 1.5', { category_id: '1.5' }],
] as const) {
  serial(`/forums/threads ${what} answers 404 'That forum does not exist.'`, async (t) => {
    const res = await suite.api.get('/forums/threads', { query });
    t.is(res.status, 404);
    t.deepEqual(res.body, message('forumNotFound'));
    const search = await suite.api.get('/forums/threads/search', { query: { ...query, query: 'x' } });
    t.is(search.status, 404);
    t.deepEqual(search.body, message('forumNotFound'));
  });
}

serial(
  "/forums/posts and /forums/posts/search answer 404 'That topic does not exist.' for unknown or bad ids",
  async (t) => {
    for (const thread_id of ['999999', '0', 'abc', '']) {
      for (const path of ['/forums/posts', '/forums/posts/search']) {
        const res = await suite.api.get(path, { query: { thread_id, query: 'x' } });
        t.is(res.status, 404, `${path} ${thread_id}`);
        t.deepEqual(res.body, message('threadNotFound'));
      }
    }
  },
);

serial('reads accept POST with a form body ("method not shown")', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth, { category_id: 1, title: 'Posted read', message: 'Form body read' });
  const list = await suite.api.post<ForumThreadsResponse>('/forums/threads', { category_id: '1', amount: '5' });
  t.is(list.status, 200);
  t.true(list.body.threads.some((row) => row.id === id));
  const thread = await suite.api.post<ForumThreadResponse>('/forums/posts', { thread_id: String(id) });
  t.is(thread.body.title, 'Posted read');
  const search = await suite.api.post<ForumThreadSearchResponse>('/forums/threads/search', {
    category_id: '1',
    query: 'posted READ',
  });
  t.deepEqual(
    search.body.threads.map((row) => row.id),
    [id],
  );
  const posts = await suite.api.post<ForumPostSearchResponse>('/forums/posts/search', {
    thread_id: String(id),
    query: 'form',
  });
  t.is(posts.body.posts.length, 1);
});

// --- Writes: sign-in, bans, validation bounds (docs/product.md#validation) ---

serial("anonymous posting answers 401 'You must be signed in to do that.'", async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth);
  for (const [path, body] of [
    ['/forums/new_post', { thread_id: id, message: 'hello there' }],
    ['/forums/new_thread', { category_id: 3, title: 'Anon', message: 'hello there' }],
    ['/forums/post/report', { post_id: 1, reason: 'spam spam' }],
    ['/forums/thread/lock', { thread_id: id }],
    ['/forums/post/hide', { post_id: 1, reason: 'spam spam' }],
  ] as const) {
    const res = await suite.api.postJson(path, body);
    t.is(res.status, 401, path);
    t.deepEqual(res.body, message('notSignedIn'));
  }
  t.is((await threadOf(id)).body.total, 1);
});

serial('a banned user is refused with 403 and the reason, and nothing is stored', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth);
  const banned = await signedIn({ banned_until: new Date(Date.now() + 86_400_000), ban_reason: 'Spamming' });
  const res = await reply(banned.auth, id, 'let me in');
  t.is(res.status, 403);
  t.regex((res.body as unknown as { error: string }).error, /^You are banned until .*Reason: Spamming$/);
  const thread = await suite.api.postJson(
    '/forums/new_thread',
    { category_id: 3, title: 'Hi', message: 'Hello' },
    {
      auth: banned.auth,
    },
  );
  t.is(thread.status, 403);
  t.is((await threadOf(id)).body.total, 1);
  t.is((await suite.server.knex('users').where('id', banned.user.id).first('forum_post_count'))!.forum_post_count, 0);
});

const spaced = (n: number) => `  ${'é'.repeat(n)}\n `;

for (const [length, error] of [
  [2, MESSAGES.messageTooShort],
  [3, null],
  [10_000, null],
  [10_001, MESSAGES.messageTooLong],
] as const) {
  serial(
    `a reply of ${length} characters after trimming ${error ? `answers 400 '${error}'` : 'is stored trimmed'}`,
    async (t) => {
      const { auth } = await signedIn();
      const id = await newThread(auth);
      const res = await reply(auth, id, spaced(length));
      if (error) {
        t.is(res.status, 400);
        t.deepEqual(res.body, refusalBody(error) as unknown);
        t.is((await threadOf(id)).body.total, 1);
      } else {
        t.is(res.status, 200);
        t.is(res.body.post.message, 'é'.repeat(length));
        const stored = await suite.server.knex('forum_posts').where('id', res.body.post.id).first('message');
        t.is(stored!.message, 'é'.repeat(length));
      }
    },
  );
}

for (const [what, fields, error] of [
  ['a title of 2 characters', { title: spaced(2) }, MESSAGES.titleTooShort],
  ['a title of 3 characters', { title: spaced(3) }, null],
  ['a title of 1000 characters', { title: spaced(1000) }, null],
  ['a title of 1001 characters', { title: spaced(1001) }, MESSAGES.titleTooLong],
  ['a thread message of 2 characters', { message: spaced(2) }, MESSAGES.messageTooShort],
  ['a thread message of 3 characters', { message: spaced(3) }, null],
  ['a thread message of 10000 characters', { message: spaced(10_000) }, null],
  ['a thread message of 10001 characters', { message: spaced(10_001) }, MESSAGES.messageTooLong],
  ['a missing title', { title: undefined }, MESSAGES.titleTooShort],
  ['a bad title and a bad message', { title: 'ab', message: 'ab' }, MESSAGES.titleTooShort],
] as const) {
  serial(`a new thread with ${what} ${error ? `answers 400 '${error}'` : 'is stored trimmed'}`, async (t) => {
    const { auth } = await signedIn();
    const before = await categoryCount(0);
    const body: { category_id: number; title?: string; message: string } = {
      category_id: 0,
      title: 'Valid title',
      message: 'Valid message',
    };
    Object.assign(body, fields);
    const res = await suite.api.postJson<{ id: number; error: string }>('/forums/new_thread', body, { auth });
    if (error) {
      t.is(res.status, 400);
      t.deepEqual(res.body, refusalBody(error) as unknown);
      t.is(await categoryCount(0), before);
    } else {
      t.is(res.status, 200);
      const row = await suite.server.knex('forum_threads').where('id', res.body.id).first('title');
      const post = await suite.server.knex('forum_posts').where('thread_id', res.body.id).first('message');
      t.is(row!.title, (body.title ?? '').trim());
      t.is(post!.message, body.message.trim());
      t.is(await categoryCount(0), before + 1);
    }
  });
}

serial("a new thread in category 4 answers 404 'That forum does not exist.'", async (t) => {
  const { auth } = await signedIn();
  for (const category_id of [4, -1, 'x', undefined]) {
    const res = await suite.api.postJson(
      '/forums/new_thread',
      { category_id, title: 'Title', message: 'Message' },
      { auth },
    );
    t.is(res.status, 404);
    t.deepEqual(res.body, message('forumNotFound'));
  }
});

serial("a reply to an unknown thread answers 404 'That topic does not exist.'", async (t) => {
  const { auth, user } = await signedIn();
  for (const thread_id of [999_999, 0, 'abc', undefined]) {
    const res = await reply(auth, thread_id as number);
    t.is(res.status, 404);
    t.deepEqual(res.body, message('threadNotFound') as unknown);
  }
  t.is((await suite.server.knex('users').where('id', user.id).first('forum_post_count'))!.forum_post_count, 0);
});

// --- Counts ---

serial(
  "replies count on the thread, and the poster's lifetime count updates on every one of their posts",
  async (t) => {
    const { auth, user } = await signedIn();
    const other = await signedIn({ permissions: PERMISSIONS.canPublishNews });
    const id = await newThread(auth);
    const first = await reply(auth, id, 'first reply');
    t.is(first.body.post.lifetime_posts, 2);
    t.like(first.body.post, { user_id: user.id, username: user.username, admin: false, message: 'first reply' });
    const second = await reply(other.auth, id, 'staff reply');
    t.like(second.body.post, { admin: true, lifetime_posts: 1 });
    const third = await reply(auth, id, 'second reply');
    t.is(third.body.post.lifetime_posts, 3);
    const thread = await threadOf(id);
    t.is(thread.body.total, 4);
    t.deepEqual(
      thread.body.posts.map((p) => [p.username, p.lifetime_posts, p.admin]),
      [
        [user.username, 3, false],
        [user.username, 3, false],
        [other.user.username, 1, true],
        [user.username, 3, false],
      ],
    );
    const row = (await suite.api.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: 3 } })).body
      .threads[0]!;
    t.like(row, { id, posts: 3 });
  },
);

serial('replies sent at the same instant are all counted', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth);
  const posters = await Promise.all(Array.from({ length: 8 }, () => signedIn()));
  const answers = await Promise.all(posters.map((p, i) => reply(p.auth, id, `same instant ${i}`)));
  t.deepEqual(
    answers.map((a) => a.status),
    Array(8).fill(200),
  );
  const row = await suite.server.knex('forum_threads').where('id', id).first('reply_count');
  t.is(row!.reply_count, 8);
  t.is((await threadOf(id)).body.total, 9);
  // The same player twice at once: both posts count towards their lifetime total.
  const twice = await Promise.all([reply(auth, id, 'double one'), reply(auth, id, 'double two')]);
  t.deepEqual(twice.map((a) => a.body.post.lifetime_posts).sort(), [2, 3]);
  t.is((await suite.server.knex('forum_threads').where('id', id).first('reply_count'))!.reply_count, 10);
});

// --- Lists: order and pages ---

serial('a reply moves its thread to the top of the list (latest activity first)', async (t) => {
  const { auth } = await signedIn();
  const older = await newThread(auth, { title: 'Older topic' });
  suite.server.clock.advance(1000);
  const newer = await newThread(auth, { title: 'Newer topic' });
  const ids = async () =>
    (
      await suite.api.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: 3, amount: 2 } })
    ).body.threads.map((row) => row.id);
  t.deepEqual(await ids(), [newer, older]);
  suite.server.clock.advance(1000);
  t.is((await reply(auth, older, 'bump')).status, 200);
  t.deepEqual(await ids(), [older, newer]);
  const row = (await suite.api.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: 3, amount: 1 } }))
    .body.threads[0]!;
  t.true(row.last_post_inserted > row.inserted);
});

serial('pages: start and amount are clamped, a start at the total answers an empty page', async (t) => {
  const author = await buildUser(suite.server.knex);
  const base = Date.now() - 10 * 86_400_000;
  const rows = Array.from({ length: 260 }, (_, i) => ({
    category_id: 2,
    user_id: author.id,
    title: `Paged ${i}`,
    created_at: new Date(base + i * 1000),
    last_post_at: new Date(base + i * 1000),
  }));
  await suite.server.knex('forum_threads').insert(rows);
  await suite.server.knex('forum_categories').where('id', 2).increment('thread_count', rows.length);
  // Written past the API, as another process would: its cached thread lists show them within their lifetime.
  suite.server.clock.advance(PUBLIC_READ_LIFETIME_MS);
  const total = await categoryCount(2);
  const page = async (query: Record<string, string | number>) =>
    (await suite.api.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: 2, ...query } })).body;

  t.is((await page({})).threads.length, 10);
  t.is((await page({})).total, total);
  t.is((await page({ amount: 0 })).threads.length, 10);
  t.is((await page({ amount: -4 })).threads.length, 10);
  t.is((await page({ amount: 'many' })).threads.length, 10);
  t.is((await page({ amount: 1 })).threads.length, 1);
  t.is((await page({ amount: 250 })).threads.length, 250);
  t.is((await page({ amount: 251 })).threads.length, 250);
  t.deepEqual((await page({ start: total })).threads, []);
  t.is((await page({ start: total - 1 })).threads.length, 1);
  t.deepEqual((await page({ start: -5, amount: 3 })).threads, (await page({ start: 0, amount: 3 })).threads);
  // Pages follow each other without a gap or a repeat.
  const a = (await page({ start: 0, amount: 25 })).threads.map((r) => r.id);
  const b = (await page({ start: 25, amount: 25 })).threads.map((r) => r.id);
  const both = (await page({ start: 0, amount: 50 })).threads.map((r) => r.id);
  t.deepEqual([...a, ...b], both);
});

serial('thread pages: posts oldest first, start and amount optional', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth, { message: 'post 0' });
  for (let i = 1; i <= 4; i++) t.is((await reply(auth, id, `post ${i}`)).status, 200);
  const all = await threadOf(id);
  t.deepEqual(
    all.body.posts.map((p) => p.message),
    ['post 0', 'post 1', 'post 2', 'post 3', 'post 4'],
  );
  const part = await suite.api.get<ForumThreadResponse>('/forums/posts', {
    query: { thread_id: id, start: 1, amount: 2 },
  });
  t.deepEqual(
    part.body.posts.map((p) => p.message),
    ['post 1', 'post 2'],
  );
  t.is(part.body.total, 5);
  const past = await suite.api.get<ForumThreadResponse>('/forums/posts', { query: { thread_id: id, start: 5 } });
  t.deepEqual(past.body.posts, []);
  const clamped = await suite.api.get<ForumThreadResponse>('/forums/posts', { query: { thread_id: id, amount: 501 } });
  t.is(clamped.body.posts.length, 5);
});

// --- Search ---

serial('thread search: case-insensitive substring within one category, % and _ taken literally', async (t) => {
  const { auth } = await signedIn();
  const make = (title: string, category_id = 1) => newThread(auth, { category_id, title });
  const a = await make('Offside rule: 100% clear');
  const b = await make('the OFFSIDE_trap explained');
  const c = await make('offsideXtrap is not a thing');
  await make('Offside in another forum', 0);
  const ids = async (query: string, category_id = 1) =>
    (
      await suite.api.get<ForumThreadSearchResponse>('/forums/threads/search', { query: { category_id, query } })
    ).body.threads
      .map((row) => row.id)
      .sort((x, y) => x - y);
  t.deepEqual(await ids('offside'), [a, b, c]);
  t.deepEqual(await ids('  OFFSIDE  '), [a, b, c]);
  t.deepEqual(await ids('100%'), [a]);
  t.deepEqual(await ids('%'), [a]);
  t.deepEqual(await ids('offside_'), [b]);
  t.deepEqual(await ids('_'), [b]);
  t.deepEqual(await ids('!'), []);
  t.deepEqual(await ids('nothing like this'), []);
  const empty = await suite.api.get('/forums/threads/search', { query: { category_id: 1, query: '   ' } });
  t.deepEqual(empty.body, { threads: [] });
  const none = await suite.api.get('/forums/threads/search', { query: { category_id: 1 } });
  t.deepEqual(none.body, { threads: [] });
});

serial('post search: case-insensitive substring within one thread, % and _ taken literally', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth, { message: 'Kick-off at 18:00' });
  const other = await newThread(auth, { message: 'kick-off elsewhere' });
  const p1 = (await reply(auth, id, 'We won 100% of our games')).body.post.id;
  const p2 = (await reply(auth, id, 'my_team is KICKING')).body.post.id;
  const search = async (thread_id: number, query: string) =>
    (await suite.api.get<ForumPostSearchResponse>('/forums/posts/search', { query: { thread_id, query } })).body.posts;
  t.deepEqual(
    (await search(id, 'KICK')).map((p) => p.message),
    ['Kick-off at 18:00', 'my_team is KICKING'],
  );
  t.deepEqual(
    (await search(id, '%')).map((p) => p.id),
    [p1],
  );
  t.deepEqual(
    (await search(id, '_')).map((p) => p.id),
    [p2],
  );
  t.is((await search(other, 'kick')).length, 1);
  t.deepEqual((await suite.api.get('/forums/posts/search', { query: { thread_id: id, query: '' } })).body, {
    posts: [],
  });
  const hit = (await search(id, 'won'))[0]!;
  t.like(hit, { username: (await threadOf(id)).body.posts[0]!.username, lifetime_posts: 4, admin: false });
});

// --- Limits ---

serial('posting is rate limited per user: the 11th post within 5 minutes answers 429', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth);
  for (let i = 1; i <= 9; i++) t.is((await reply(auth, id, `reply ${i}`)).status, 200);
  const refused = await reply(auth, id, 'one too many');
  t.is(refused.status, 429);
  t.regex(
    (refused.body as unknown as { error: string }).error,
    /^Too many attempts\. Please try again in \d+ minutes?\.$/,
  );
  t.truthy(refused.headers.get('retry-after'));
  const thread = await suite.api.postJson(
    '/forums/new_thread',
    { category_id: 3, title: 'More', message: 'More' },
    { auth },
  );
  t.is(thread.status, 429);
  t.is((await threadOf(id)).body.total, 10);
  // Another player is not affected.
  const other = await signedIn();
  t.is((await reply(other.auth, id, 'still fine')).status, 200);
});

// --- Moderation ---

serial("locking needs canBanUsers: others answer 403 'You do not have permission to do that.'", async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth);
  for (const who of [auth, (await signedIn({ permissions: PERMISSIONS.canPublishNews })).auth]) {
    const res = await suite.api.postJson('/forums/thread/lock', { thread_id: id, locked: true }, { auth: who });
    t.is(res.status, 403);
    t.deepEqual(res.body, message('noPermission'));
  }
  t.false((await threadOf(id)).body.locked);
});

serial(
  "a locked thread refuses replies with 409 'This topic is locked.'; unlocking opens it again; both audited",
  async (t) => {
    const { auth } = await signedIn();
    const mod = await staff();
    const id = await newThread(auth);
    const locked = await suite.api.postJson('/forums/thread/lock', { thread_id: id, locked: true }, { auth: mod.auth });
    t.deepEqual(locked.body, { locked: true });
    t.true((await threadOf(id)).body.locked);
    const refused = await reply(auth, id, 'can I still post?');
    t.is(refused.status, 409);
    t.deepEqual(refused.body, message('threadLocked') as unknown);
    t.is((await suite.server.knex('forum_threads').where('id', id).first('reply_count'))!.reply_count, 0);
    const unlocked = await suite.api.post(
      '/forums/thread/lock',
      { thread_id: String(id), locked: '0' },
      { auth: mod.auth },
    );
    t.deepEqual(unlocked.body, { locked: false });
    t.is((await reply(auth, id, 'open again')).status, 200);
    const audit = await suite.server
      .knex('audit_log')
      .where({ entity: 'forum_thread', entity_id: String(id) })
      .orderBy('id');
    t.deepEqual(
      audit.map((row) => [row.action, row.actor_user_id, JSON.parse(row.before!), JSON.parse(row.after!)]),
      [
        ['forum.thread.lock', mod.user.id, { locked: false }, { locked: true }],
        ['forum.thread.unlock', mod.user.id, { locked: true }, { locked: false }],
      ],
    );
    t.truthy(audit[0]!.ip);
    const missing = await suite.api.postJson('/forums/thread/lock', { thread_id: 999_999 }, { auth: mod.auth });
    t.is(missing.status, 404);
    t.deepEqual(missing.body, message('threadNotFound'));
  },
);

serial(
  'a hidden post is invisible to players and visible to staff with its reason; counts do not change',
  async (t) => {
    const { auth, user } = await signedIn();
    const mod = await staff();
    const id = await newThread(auth, { message: 'opening post' });
    const bad = (await reply(auth, id, 'something rude here')).body.post.id;
    const player = await signedIn({ permissions: 0 });

    const refused = await suite.api.postJson(
      '/forums/post/hide',
      { post_id: bad, reason: 'Rude' },
      { auth: player.auth },
    );
    t.is(refused.status, 403);
    t.deepEqual(refused.body, message('noPermission'));
    const short = await suite.api.postJson('/forums/post/hide', { post_id: bad, reason: ' no ' }, { auth: mod.auth });
    t.is(short.status, 400);
    t.deepEqual(short.body, message('reasonTooShort'));

    const hidden = await suite.api.postJson(
      '/forums/post/hide',
      { post_id: bad, reason: ' Rude language ' },
      { auth: mod.auth },
    );
    t.deepEqual(hidden.body, { hidden: true });

    for (const viewer of [undefined, player.auth, auth]) {
      const view = await threadOf(id, viewer);
      t.deepEqual(
        view.body.posts.map((p) => p.message),
        ['opening post'],
      );
      t.is(view.body.total, 1);
      t.false('hidden' in view.body.posts[0]!);
      const found = await suite.api.get<ForumPostSearchResponse>('/forums/posts/search', {
        query: { thread_id: id, query: 'rude' },
        auth: viewer,
      });
      t.deepEqual(found.body.posts, []);
    }
    const staffView = await threadOf(id, mod.auth);
    t.is(staffView.body.total, 2);
    t.like(staffView.body.posts[0], { hidden: false, hidden_reason: null });
    t.like(staffView.body.posts[1], {
      id: bad,
      hidden: true,
      hidden_reason: 'Rude language',
      message: 'something rude here',
    });
    const staffSearch = await suite.api.get<ForumPostSearchResponse>('/forums/posts/search', {
      query: { thread_id: id, query: 'rude' },
      auth: mod.auth,
    });
    t.like(staffSearch.body.posts[0], { id: bad, hidden: true });

    t.is((await suite.server.knex('forum_threads').where('id', id).first('reply_count'))!.reply_count, 1);
    t.is((await suite.server.knex('users').where('id', user.id).first('forum_post_count'))!.forum_post_count, 2);

    const shown = await suite.api.postJson('/forums/post/hide', { post_id: bad, hidden: false }, { auth: mod.auth });
    t.deepEqual(shown.body, { hidden: false });
    t.is((await threadOf(id)).body.posts.length, 2);
    const audit = await suite.server
      .knex('audit_log')
      .where({ entity: 'forum_post', entity_id: String(bad) })
      .orderBy('id');
    t.deepEqual(
      audit.map((row) => [row.action, row.actor_user_id, JSON.parse(row.before!), JSON.parse(row.after!)]),
      [
        [
          'forum.post.hide',
          mod.user.id,
          { hidden: false, hidden_reason: null },
          { hidden: true, hidden_reason: 'Rude language' },
        ],
        [
          'forum.post.unhide',
          mod.user.id,
          { hidden: true, hidden_reason: 'Rude language' },
          { hidden: false, hidden_reason: null },
        ],
      ],
    );
    const missing = await suite.api.postJson(
      '/forums/post/hide',
      { post_id: 999_999, reason: 'Rude' },
      { auth: mod.auth },
    );
    t.is(missing.status, 404);
    t.deepEqual(missing.body, message('postNotFound'));
  },
);

serial(
  'a player reports a post once into the reports queue: a repeat answers the same and adds no row; the report is audited',
  async (t) => {
    const { auth, user: author } = await signedIn();
    const reporter = await signedIn();
    const id = await newThread(auth);
    const post = (await threadOf(id)).body.posts[0]!.id;
    const first = await suite.api.postJson(
      '/forums/post/report',
      { post_id: post, reason: 'Spam link' },
      { auth: reporter.auth },
    );
    t.is(first.status, 200);
    t.deepEqual(first.body, { reported: true });
    const again = await suite.api.postJson(
      '/forums/post/report',
      { post_id: post, reason: 'Still spam' },
      { auth: reporter.auth },
    );
    t.deepEqual(again.body, { reported: true });
    const rows = await suite.server.knex('reports').where({ kind: 'forum', post_id: post });
    t.is(rows.length, 1);
    t.like(rows[0], {
      reporter_user_id: reporter.user.id,
      reported_user_id: author.id,
      reason: 'other',
      text: 'Spam link',
      resolved_at: null,
    });
    const audit = await suite.server.knex('audit_log').where({ action: 'forum.post.report', entity_id: String(post) });
    t.is(audit.length, 1);
    t.is(audit[0]!.actor_user_id, reporter.user.id);
    // Several reports at the same instant still leave one row.
    const racer = await signedIn();
    await Promise.all(
      Array.from({ length: 4 }, () =>
        suite.api.postJson('/forums/post/report', { post_id: post, reason: 'Same time' }, { auth: racer.auth }),
      ),
    );
    t.is((await suite.server.knex('reports').where({ post_id: post })).length, 2);
  },
);

for (const [what, body, status, error] of [
  ['a reason of 2 characters', { reason: ' ab ' }, 400, MESSAGES.reasonTooShort],
  ['no reason', {}, 400, MESSAGES.reasonTooShort],
  ['a reason of 501 characters', { reason: 'x'.repeat(501) }, 400, MESSAGES.reasonTooLong],
  ['an unknown post', { post_id: 999_999, reason: 'Spam link' }, 404, MESSAGES.postNotFound],
  ['a bad post id', { post_id: 'abc', reason: 'Spam link' }, 404, MESSAGES.postNotFound],
] as const) {
  serial(`a report with ${what} answers ${status} '${error}'`, async (t) => {
    const { auth } = await signedIn();
    const id = await newThread(auth);
    const post = (await threadOf(id)).body.posts[0]!.id;
    const res = await suite.api.postJson('/forums/post/report', { post_id: post, ...body }, { auth });
    t.is(res.status, status);
    t.deepEqual(res.body, refusalBody(error));
    t.is((await suite.server.knex('reports').where({ post_id: post })).length, 0);
  });
}

serial('a report reason of 3 and of 500 characters is accepted', async (t) => {
  const { auth } = await signedIn();
  const id = await newThread(auth);
  const post = (await threadOf(id)).body.posts[0]!.id;
  for (const reason of ['abc', 'y'.repeat(500)]) {
    const reporter = await signedIn();
    const res = await suite.api.postJson('/forums/post/report', { post_id: post, reason }, { auth: reporter.auth });
    t.is(res.status, 200);
  }
});

// --- Plain text, never mangled (docs/decisions.md#content-and-uploads) ---

// Every title and post passes the safety filter (docs/rules.md "Forum titles and posts"): a payload comes back as the
// filter stores it (a link or an `@name` in it masked), and otherwise byte for byte.
const asStored = (text: string) => filterLine(text, { at_ms: 0 }).text;

serial(`${XSS_PAYLOADS.length} script-injection payloads come back byte for byte as titles and messages`, async (t) => {
  t.true(XSS_PAYLOADS.length >= 50);
  t.true(XSS_PAYLOADS.filter((payload) => asStored(payload) === payload).length >= 40, 'most pass the filter as typed');
  let poster = await signedIn();
  for (const [i, typed] of XSS_PAYLOADS.entries()) {
    const payload = asStored(typed);
    // A fresh poster every 9 posts keeps under the posting limit.
    if (i % 9 === 8) poster = await signedIn();
    const created = await suite.api.postJson<{ id: number }>(
      '/forums/new_thread',
      { category_id: 0, title: typed, message: typed },
      { auth: poster.auth },
    );
    t.is(created.status, 200, JSON.stringify(payload));
    const thread = await threadOf(created.body.id);
    t.is(thread.headers.get('content-type'), 'application/json; charset=utf-8');
    t.is(thread.body.title, payload);
    t.is(thread.body.posts[0]!.message, payload);
    const stored = await suite.server.knex('forum_threads').where('id', created.body.id).first('title');
    t.is(stored!.title, payload);
  }
  const list = await suite.api.get<ForumThreadsResponse>('/forums/threads', {
    query: { category_id: 0, amount: XSS_PAYLOADS.length },
  });
  t.deepEqual(list.body.threads.map((row) => row.title).reverse(), XSS_PAYLOADS.map(asStored));
  // Replies carry the same payloads unchanged.
  const { auth } = await signedIn();
  const id = await newThread(auth, { category_id: 0, title: 'Replies', message: 'Replies follow' });
  for (const payload of XSS_PAYLOADS.slice(0, 8)) {
    const res = await reply(auth, id, payload);
    t.is(res.body.post.message, asStored(payload));
  }
});
