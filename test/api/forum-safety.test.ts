import test from 'ava';
import { copyFile, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CHAT_ORIGINAL_RETENTION_DAYS,
  MESSAGES,
  PERMISSIONS,
  type AdminReportRecord,
  type ForumNewPostResponse,
  type ForumNewThreadResponse,
  type ForumThreadResponse,
  type ForumThreadSearchResponse,
  type ForumThreadsResponse,
  type NotificationChannel,
  type PushPayload,
} from '@ecup/domain';
import { endpointHash, eraseUser } from '@ecup/db';
import { cleanChatOriginals } from '@ecup/worker';
import { threadCardEtag } from '../helpers/cards.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { pushesReceived, startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint.ts';
import { buildGame } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { consoleUser, signedInUser, type Player } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/poll.ts';

/**
 * Forum titles and posts by anyone pass the safety filter (docs/rules.md "Forum titles and posts"): readers get the
 * stored, masked text through every read, the push and the e-mail of a reply, the drawn page's head and the preview
 * card; staff see the originals in the console; an adult's contact details open a flag; a starter who blocked the
 * replier hears nothing of the reply.
 */
let server: TestServer;
let api: ReturnType<typeof client>;
let push: PushEndpoint;
let dist: string;
let product: string;

test.before(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'ecup-forumsafety-'));
  await copyFile(path.join(import.meta.dirname, '../../player-web/index.html'), path.join(dist, 'index.html'));
  server = await startTestServer({ label: 'forumsafety', worker: true, env: { PLAYER_WEB_DIST: dist } });
  api = client(server.url);
  push = await startPushEndpoint(server.config.vapid.publicKey);
  product = (await server.knex('seasons').where('active', true).first('product_name'))!.product_name;
});
test.after.always(async () => {
  await server?.close();
  await push?.close();
  await rm(dist, { recursive: true, force: true });
});

const GENERAL = 3;
const yearsAgo = (years: number) => new Date(Date.UTC(server.clock.now().getUTCFullYear() - years, 0, 1));
const adult = (): Promise<Player> => signedInUser(server.knex, { birth_date: yearsAgo(30) });
const minor = (): Promise<Player> => signedInUser(server.knex, { birth_date: yearsAgo(15) });
const moderator = () =>
  consoleUser(server.knex, {
    birth_date: yearsAgo(40),
    permissions: PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile,
  });

const newThread = (auth: Credentials, title: string, message: string) =>
  api.postJson<ForumNewThreadResponse>('/forums/new_thread', { category_id: GENERAL, title, message }, { auth });
const reply = (auth: Credentials, thread_id: number, message: string) =>
  api.postJson<ForumNewPostResponse>('/forums/new_post', { thread_id, message }, { auth });
const threadOf = (thread_id: number, auth?: Credentials) =>
  api.get<ForumThreadResponse>('/forums/posts', { query: { thread_id }, ...(auth ? { auth } : {}) });
const openFlags = (userId: number) =>
  server.knex('reports').where({ kind: 'flag', reported_user_id: userId }).whereNull('resolved_at').select('*');

/** Gives a player a browser subscribed at the test push service and the `forum_reply` choice on `channels`. */
async function subscribed(player: Player, channels: NotificationChannel[]) {
  await server
    .knex('notification_choices')
    .insert(channels.map((channel) => ({ user_id: player.user.id, channel, kind: 'forum_reply', enabled: true })));
  const subscription = push.subscribe('en');
  await server.knex('push_subscriptions').insert({
    user_id: player.user.id,
    endpoint: subscription.endpoint,
    endpoint_hash: endpointHash(subscription.endpoint),
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    lang: 'en',
  });
  return subscription.endpoint;
}

const pushesTo = (endpoint: string, count = 1, timeoutMs = 15_000): Promise<PushPayload[]> =>
  pushesReceived(push, endpoint, count, timeoutMs);

/** Lets the worker run the jobs queued so far (a notification that is not coming must have had its chance). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** The raw outbox files addressed to `to` (the worker writes them as it sends). */
async function outboxTo(to: string): Promise<string[]> {
  const files = await readdir(server.outbox).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => readFile(path.join(server.outbox, file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${to}`));
}

test.serial(
  "an adult's phone number in a post and handle in a title reach readers masked; staff see the originals; one flag",
  async (t) => {
    const [author, reader, mod] = [await adult(), await adult(), await moderator()];
    const opened = await newThread(author.auth, 'add me on insta micke.coach', 'good game, 3-1 at home');
    t.is(opened.status, 200);
    t.is(opened.body.notice, MESSAGES.forumMasked);
    const replied = await reply(author.auth, opened.body.id, 'text me 0701234567');
    t.is(replied.status, 200);
    t.is(replied.body.post.message, 'text me •••');
    t.is(replied.body.notice, MESSAGES.forumMasked);

    // Every read, signed in or not, carries the stored text.
    for (const auth of [undefined, reader.auth]) {
      const thread = await threadOf(opened.body.id, auth);
      t.is(thread.body.title, 'add me on insta •••');
      t.deepEqual(
        thread.body.posts.map((post) => post.message),
        ['good game, 3-1 at home', 'text me •••'],
      );
    }
    const list = await api.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: GENERAL } });
    t.is(list.body.threads.find((row) => row.id === opened.body.id)?.title, 'add me on insta •••');
    const found = await api.get<ForumThreadSearchResponse>('/forums/threads/search', {
      query: { category_id: GENERAL, query: 'add me on insta' },
    });
    t.deepEqual(
      found.body.threads.filter((row) => row.id === opened.body.id).map((row) => row.title),
      ['add me on insta •••'],
    );
    const typed = await api.get<ForumThreadSearchResponse>('/forums/threads/search', {
      query: { category_id: GENERAL, query: 'micke' },
    });
    t.false(
      typed.body.threads.some((row) => row.id === opened.body.id),
      'the typed handle is not stored',
    );

    // One open flag, counting both attempts, pointed at the latest post.
    const flags = await openFlags(author.user.id);
    t.is(flags.length, 1);
    t.like(flags[0], {
      reporter_user_id: null,
      reason: 'personal_details',
      attempts: 2,
      post_id: replied.body.post.id,
      game_id: null,
    });

    // Staff read the originals on the flag's page in the console; the post in its thread shows as stored.
    const page = await api.get<AdminReportRecord>(`/admin/api/reports/${flags[0]!.id}`, { auth: mod.auth });
    t.is(page.status, 200, JSON.stringify(page.body));
    t.like(page.body.post, {
      id: replied.body.post.id,
      message: 'text me •••',
      thread: { title: 'add me on insta •••' },
    });
    t.deepEqual(
      page.body
        .masked!.map((attempt) => [attempt.source, attempt.original, attempt.reasons, attempt.thread?.id])
        .sort(),
      [
        ['forum', 'text me 0701234567', ['phone'], opened.body.id],
        ['forum_title', 'add me on insta micke.coach', ['handle'], opened.body.id],
      ],
    );
    const queue = await api.get<AdminReportRecord[]>(
      `/admin/api/reports?filter=${encodeURIComponent(JSON.stringify({ kind: 'flag', resolved: false }))}`,
      { auth: mod.auth },
    );
    t.true(queue.body.some((row) => row.id === flags[0]!.id && row.attempts === 2));
    // Players never get the originals.
    const asPlayer = await api.get(`/admin/api/reports/${flags[0]!.id}`, { auth: reader.auth });
    t.true(asPlayer.status === 401 || asPlayer.status === 403, String(asPlayer.status));
  },
);

test.serial('ordinary posts arrive intact; swearing is masked for everyone and flags nobody', async (t) => {
  const [grown, young] = [await adult(), await minor()];
  const opened = await newThread(grown.auth, 'Friendly tonight', 'anyone up for a match at 19?');
  t.is(opened.status, 200);
  t.is(opened.body.notice, undefined);
  const plain = await reply(grown.auth, opened.body.id, 'good game, 3-1 at home');
  t.is(plain.body.post.message, 'good game, 3-1 at home');
  t.is(plain.body.notice, undefined);
  const swearing = await reply(grown.auth, opened.body.id, 'what a shit pass');
  t.is(swearing.body.post.message, 'what a ••• pass');
  t.is(swearing.body.notice, MESSAGES.forumMasked);
  const minorsNumber = await reply(young.auth, opened.body.id, 'text me 0701234567');
  t.is(minorsNumber.body.post.message, 'text me •••');

  const thread = await threadOf(opened.body.id);
  t.is(thread.body.title, 'Friendly tonight');
  t.deepEqual(
    thread.body.posts.map((post) => post.message),
    ['anyone up for a match at 19?', 'good game, 3-1 at home', 'what a ••• pass', 'text me •••'],
  );
  const originals = await server
    .knex('forum_post_originals')
    .whereIn('post_id', [swearing.body.post.id, minorsNumber.body.post.id])
    .orderBy('post_id')
    .select('original', 'reasons');
  t.deepEqual(originals, [
    { original: 'what a shit pass', reasons: 'profanity' },
    { original: 'text me 0701234567', reasons: 'phone' },
  ]);
  t.is(await server.knex('forum_thread_originals').where('thread_id', opened.body.id).first(), undefined);
  t.deepEqual(await openFlags(grown.user.id), [], 'swearing alone flags nobody');
  t.deepEqual(await openFlags(young.user.id), [], 'a minor is not flagged for their own details');
});

test.serial(
  "a reply's push and e-mail, the drawn page's title and the preview card carry the stored title, never the typed one",
  async (t) => {
    const [starter, replier] = [await adult(), await adult()];
    const endpoint = await subscribed(starter, ['push', 'email']);
    const opened = await newThread(starter.auth, 'add me on insta micke.coach', 'text me 0701234567 after the game');
    t.is(opened.status, 200);
    await reply(replier.auth, opened.body.id, 'good game, 3-1 at home');

    const [payload] = await pushesTo(endpoint);
    t.deepEqual(payload, {
      kind: 'forum_reply',
      title: 'New reply',
      body: 'Someone replied in "add me on insta •••".',
      url: `/forums/general_discussion/${opened.body.id}`,
      tag: `thread-${opened.body.id}`,
    });
    const mails = await waitFor(
      async () => {
        const mails = await outboxTo(starter.user.email);
        return mails.length > 0 && mails;
      },
      { what: `an e-mail to ${starter.user.email}`, timeoutMs: 15_000 },
    );
    t.is(mails.length, 1);
    t.false(mails[0]!.includes('micke'), 'the typed handle is not in the e-mail');
    const email = await server.knex('emails').where({ user_id: starter.user.id }).first('subject', 'text_body');
    t.true(email!.text_body.includes('Someone replied in "add me on insta •••".'), email!.text_body);
    t.false(`${email!.subject} ${email!.text_body}`.includes('micke'));

    // The server-drawn page of the topic.
    const html = await (await fetch(`${server.url}/forums/general_discussion/${opened.body.id}`)).text();
    t.deepEqual(
      [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
      [`add me on insta ••• – ${product}`],
    );
    t.true(html.includes(`<meta property="og:title" content="add me on insta ••• – ${product}"`));
    t.regex(html, /<meta name="description" content="text me ••• after the game"/);
    t.false(html.includes('micke') || html.includes('0701234567'), 'nothing typed in the head');

    // The preview card: its ETag is the hash of the card it drew, which holds the stored title as its headline.
    const card = await fetch(`${server.url}/og/thread/${opened.body.id}.png`);
    t.is(card.status, 200);
    await card.arrayBuffer();
    const etagOf = (headline: string) => threadCardEtag(product, GENERAL, headline, 2);
    t.is(card.headers.get('etag'), etagOf('add me on insta •••'));
    t.not(card.headers.get('etag'), etagOf('add me on insta micke.coach'));
  },
);

test.serial(
  "a starter who blocked the replier is told nothing of that player's replies; others' still reach them",
  async (t) => {
    const [starter, blocked, other] = [await adult(), await adult(), await adult()];
    const endpoint = await subscribed(starter, ['push', 'email']);
    await buildGame(server.knex, { user_1_id: starter.user.id, user_2_id: blocked.user.id });
    const block = await api.postJson('/user/block', { user_id: blocked.user.id }, { auth: starter.auth });
    t.is(block.status, 200);
    const opened = await newThread(starter.auth, 'Best formation?', 'What do you play?');

    await reply(blocked.auth, opened.body.id, '4-2-3-1 every time');
    await settle();
    t.deepEqual(push.receivedBy(endpoint), [], 'no push of the blocked player’s reply');
    t.deepEqual(await server.knex('emails').where({ user_id: starter.user.id }), [], 'no e-mail either');

    await reply(other.auth, opened.body.id, '4-3-3.');
    t.like((await pushesTo(endpoint))[0], { kind: 'forum_reply', body: 'Someone replied in "Best formation?".' });
    await settle();
    t.is(push.receivedBy(endpoint).length, 1);
    t.is((await server.knex('emails').where({ user_id: starter.user.id })).length, 1);
  },
);

test.serial(
  'title originals go after 90 days with the daily clean-up, and at once when the author is erased',
  async (t) => {
    const [old, erased] = [await adult(), await adult()];
    const first = await newThread(old.auth, 'mail me at kalle@gmail.com', 'about the cup');
    const second = await newThread(erased.auth, 'my snap is nisse_1', 'about the league');
    const titles = () =>
      server
        .knex('forum_thread_originals')
        .whereIn('thread_id', [first.body.id, second.body.id])
        .orderBy('thread_id')
        .select('thread_id', 'original');
    t.deepEqual(await titles(), [
      { thread_id: first.body.id, original: 'mail me at kalle@gmail.com' },
      { thread_id: second.body.id, original: 'my snap is nisse_1' },
    ]);
    const now = server.clock.now();
    await server
      .knex('forum_thread_originals')
      .where('thread_id', first.body.id)
      .update({ created_at: new Date(now.getTime() - (CHAT_ORIGINAL_RETENTION_DAYS * 24 * 60 + 1) * 60_000) });
    t.true((await cleanChatOriginals(server.knex, now)).forum >= 1);
    t.deepEqual(await titles(), [{ thread_id: second.body.id, original: 'my snap is nisse_1' }]);

    await server.knex.transaction((trx) =>
      eraseUser(trx, { ref: String(erased.user.id), confirm: erased.user.username, force: false, dry_run: false, now }),
    );
    t.deepEqual(await titles(), []);
    t.is((await threadOf(second.body.id)).body.title, 'my snap is •••', 'the thread stays, masked');
  },
);
