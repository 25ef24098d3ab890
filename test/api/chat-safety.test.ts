import test from 'ava';
import type { Socket } from 'socket.io-client';
import {
  CHAT_ORIGINAL_RETENTION_DAYS,
  CHAT_THROTTLE_AFTER_SUCCESS_MS,
  MESSAGES,
  PERMISSIONS,
  RESULT_ENTRY_DELAY_MS,
  gameRoom,
  type AdminConflictDetail,
  type ChatMessagePayload,
  type ChatMode,
  type ChatSendResponse,
  type ForumNewPostResponse,
  type ForumNewThreadResponse,
  type GamePayload,
  message,
} from '@ecup/domain';
import { createAdminSession, eraseUser } from '@ecup/db';
import { cleanChatOriginals } from '@ecup/worker';
import { apiSuite } from '../helpers/api-suite.ts';
import { buildGame } from '../helpers/factories.ts';
import { nextEvent, openSocket, signedInUser, subscribe, type Player } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

// Every test here sets the season's chat mode or moves the clock past the chat throttle, so they run one at a time.
const serial = test.serial;

const suite = apiSuite({ label: 'chatsafety' });

const DAY = 24 * 60 * 60 * 1000;
const yearsAgo = (years: number) => {
  const now = suite.server.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear() - years, 0, 1));
};
const adult = (): Promise<Player> => signedInUser(suite.server.knex, { birth_date: yearsAgo(30) });
const minor = (): Promise<Player> => signedInUser(suite.server.knex, { birth_date: yearsAgo(15) });

async function seasonMode(mode: ChatMode) {
  await suite.server.knex('seasons').where('active', true).update({ chat_mode: mode });
}

async function gameBetween(a: Player, b: Player): Promise<number> {
  return buildGame(suite.server.knex, {
    user_1_id: a.user.id,
    user_2_id: b.user.id,
    created_at: new Date(suite.server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
  });
}

const say = (auth: Credentials, game_id: number, body: Record<string, unknown>) =>
  suite.api.postJson<ChatSendResponse>('/game/chat/send_message', { game_id, ...body }, { auth });
/** Past the chat throttle, so the same player may send again. */
const later = () => suite.server.clock.advance(CHAT_THROTTLE_AFTER_SUCCESS_MS + 250);

const stored = (game_id: number) =>
  suite.server.knex('chat_messages').where('game_id', game_id).orderBy('id').select('id', 'content', 'preset');
const originals = (game_id: number) =>
  suite.server
    .knex('chat_originals')
    .where('game_id', game_id)
    .orderBy('message_id')
    .select('message_id', 'original', 'reasons');

async function inRoom(t: { teardown(fn: () => void): void }, player: Player, game_id: number): Promise<Socket> {
  const socket = await openSocket(suite.server.url, player.auth);
  t.teardown(() => socket.close());
  const answer = await subscribe(socket, gameRoom(game_id));
  if (!answer.ok) throw new Error(`subscribe refused: ${answer.error}`);
  return socket;
}

serial("adult with minor under 'presets': free text is refused with 403, a quick message goes through", async (t) => {
  await seasonMode('presets');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(a, m);
  t.is((await suite.api.get<GamePayload>('/game/get', { auth: a.auth, query: { id } })).body.chat_policy, 'presets');
  for (const sender of [a, m]) {
    const res = await say(sender.auth, id, { message: 'hi there' });
    t.is(res.status, 403);
    t.deepEqual(res.body as unknown, message('chatPresetsOnly'));
  }
  const res = await say(m.auth, id, { preset: 'good_game' });
  t.is(res.status, 200);
  t.is(res.body.message?.content, 'Good game!');
  t.is(res.body.message?.preset, 'good_game');
  t.is(res.body.notice, undefined);
  const unknown = await say(a.auth, id, { preset: 'call_me' });
  t.is(unknown.status, 400);
  t.deepEqual(unknown.body as unknown, message('chatPresetUnknown'));
  t.deepEqual(await stored(id), [{ id: res.body.message!.id, content: 'Good game!', preset: 'good_game' }]);
});

serial("adult with minor under 'off': nothing is sent, quick messages neither", async (t) => {
  await seasonMode('off');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(m, a);
  t.is((await suite.api.get<GamePayload>('/game/get', { auth: m.auth, query: { id } })).body.chat_policy, 'off');
  for (const body of [{ message: 'hello' }, { preset: 'ready' }]) {
    const res = await say(a.auth, id, body);
    t.is(res.status, 403);
    t.deepEqual(res.body as unknown, message('chatOff'));
  }
  t.deepEqual(await stored(id), []);
});

serial(
  "adult with minor under 'filtered': a phone number is masked for both, the original kept, the sender told why",
  async (t) => {
    await seasonMode('filtered');
    const [a, m] = [await adult(), await minor()];
    const id = await gameBetween(a, m);
    const other = await inRoom(t, a, id);
    const heard = nextEvent<ChatMessagePayload>(other, 'message');
    const res = await say(m.auth, id, { message: 'ring mig på 0701234567' });
    t.is(res.status, 200);
    t.is(res.body.message?.content, 'ring mig på •••');
    t.is(res.body.notice, MESSAGES.chatMasked);
    t.is((await heard).content, 'ring mig på •••');
    const rows = await stored(id);
    t.deepEqual(
      rows.map((row) => row.content),
      ['ring mig på •••'],
    );
    t.deepEqual(await originals(id), [
      { message_id: rows[0]!.id, original: 'ring mig på 0701234567', reasons: 'phone' },
    ]);
    const seen = await suite.api.get<GamePayload>('/game/get', { auth: a.auth, query: { id } });
    t.deepEqual(
      seen.body.messages.map((message) => message.content),
      ['ring mig på •••'],
    );
    t.false(JSON.stringify(seen.body).includes('0701234567'));
  },
);

serial('a number spread over two lines is masked in both; the earlier line is pushed again masked', async (t) => {
  await seasonMode('filtered');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(a, m);
  const other = await inRoom(t, a, id);
  const first = await say(m.auth, id, { message: 'call me 070 123' });
  t.is(first.body.message?.content, 'call me 070 123');
  t.is(first.body.notice, undefined);
  later();
  const update = nextEvent<ChatMessagePayload>(other, 'message-update');
  const second = await say(m.auth, id, { message: '45 67' });
  t.is(second.body.message?.content, '•••');
  t.is(second.body.notice, MESSAGES.chatMasked);
  const updated = await update;
  t.is(updated.id, first.body.message!.id);
  t.is(updated.content, 'call me •••');
  t.deepEqual(
    (await stored(id)).map((row) => row.content),
    ['call me •••', '•••'],
  );
  t.deepEqual(
    (await originals(id)).map((row) => row.original),
    ['call me 070 123', '45 67'],
  );
});

serial('adult with adult: free text is stored as typed whatever the season says', async (t) => {
  await seasonMode('off');
  const [a, b] = [await adult(), await adult()];
  const id = await gameBetween(a, b);
  t.is((await suite.api.get<GamePayload>('/game/get', { auth: a.auth, query: { id } })).body.chat_policy, 'free');
  const res = await say(a.auth, id, { message: 'add me on snap kalle_99, fuck this lag' });
  t.is(res.status, 200);
  t.is(res.body.message?.content, 'add me on snap kalle_99, fuck this lag');
  t.is(res.body.notice, undefined);
  t.deepEqual(await originals(id), []);
});

serial('minor with minor: filtered even when the season says quick messages only', async (t) => {
  await seasonMode('presets');
  const [m1, m2] = [await minor(), await minor()];
  const id = await gameBetween(m1, m2);
  t.is((await suite.api.get<GamePayload>('/game/get', { auth: m1.auth, query: { id } })).body.chat_policy, 'filtered');
  const res = await say(m1.auth, id, { message: 'add me on snap kalle_99' });
  t.is(res.status, 200);
  t.is(res.body.message?.content, 'add me on snap •••');
  t.deepEqual(
    (await originals(id)).map((row) => row.reasons),
    ['handle'],
  );
});

serial('ordinary football talk passes untouched in a filtered chat', async (t) => {
  await seasonMode('filtered');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(a, m);
  for (const line of ['2-1', 'gg', 'kl 19', 'nice goal in the 89th, 3 - 2 now']) {
    const res = await say(m.auth, id, { message: line });
    t.is(res.status, 200, line);
    t.is(res.body.message?.content, line);
    t.is(res.body.notice, undefined, line);
    later();
  }
  t.deepEqual(await originals(id), []);
});

serial("staff's lines are never filtered or limited", async (t) => {
  await seasonMode('presets');
  const [a, m] = [await adult(), await minor()];
  const staff = await signedInUser(suite.server.knex, {
    birth_date: yearsAgo(40),
    permissions: PERMISSIONS.canResolveConflicts,
  });
  const id = await gameBetween(a, m);
  const res = await say(staff.auth, id, { message: 'Mail support@example.com with the video, please.' });
  t.is(res.status, 200);
  t.is(res.body.message?.content, 'Mail support@example.com with the video, please.');
  t.is(res.body.message?.class_name, 'admin');
  t.deepEqual(await originals(id), []);
});

serial("a minor's forum posts have contact details masked, the original kept, and an adult's too", async (t) => {
  const [a, m] = [await adult(), await minor()];
  const opened = await suite.api.postJson<ForumNewThreadResponse>(
    '/forums/new_thread',
    { category_id: 3, title: 'Looking for a team', message: 'write to kalle@gmail.com' },
    { auth: m.auth },
  );
  t.is(opened.status, 200);
  t.is(opened.body.notice, MESSAGES.forumMasked);
  const reply = await suite.api.postJson<ForumNewPostResponse>(
    '/forums/new_post',
    { thread_id: opened.body.id, message: 'or add me on snap kalle_99' },
    { auth: m.auth },
  );
  t.is(reply.status, 200);
  t.is(reply.body.post.message, 'or add me on snap •••');
  t.is(reply.body.notice, MESSAGES.forumMasked);
  const adultReply = await suite.api.postJson<ForumNewPostResponse>(
    '/forums/new_post',
    { thread_id: opened.body.id, message: 'my snap is nisse_1' },
    { auth: a.auth },
  );
  t.is(adultReply.body.post.message, 'my snap is •••');
  t.is(adultReply.body.notice, MESSAGES.forumMasked);
  const posts = await suite.server
    .knex('forum_posts')
    .leftJoin('forum_post_originals', 'forum_post_originals.post_id', 'forum_posts.id')
    .where('forum_posts.thread_id', opened.body.id)
    .orderBy('forum_posts.id')
    .select('forum_posts.message', 'forum_post_originals.original', 'forum_post_originals.reasons');
  t.deepEqual(posts, [
    { message: 'write to •••', original: 'write to kalle@gmail.com', reasons: 'email' },
    { message: 'or add me on snap •••', original: 'or add me on snap kalle_99', reasons: 'handle' },
    { message: 'my snap is •••', original: 'my snap is nisse_1', reasons: 'handle' },
  ]);
});

serial('the daily clean-up deletes originals older than 90 days and keeps newer ones', async (t) => {
  await seasonMode('filtered');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(a, m);
  await say(m.auth, id, { message: 'ring 0701234567' });
  later();
  await say(m.auth, id, { message: 'or 0709876543' });
  const thread = await suite.api.postJson<ForumNewThreadResponse>(
    '/forums/new_thread',
    { category_id: 3, title: 'Hello', message: 'mail kalle@gmail.com' },
    { auth: m.auth },
  );
  const now = suite.server.clock.now();
  const [oldLine] = await originals(id);
  await suite.server
    .knex('chat_originals')
    .where('message_id', oldLine!.message_id)
    .update({ created_at: new Date(now.getTime() - CHAT_ORIGINAL_RETENTION_DAYS * DAY - 60_000) });
  const post = await suite.server.knex('forum_posts').where('thread_id', thread.body.id).first('id');
  await suite.server
    .knex('forum_post_originals')
    .where('post_id', post!.id)
    .update({ created_at: new Date(now.getTime() - CHAT_ORIGINAL_RETENTION_DAYS * DAY - 60_000) });

  const first = await cleanChatOriginals(suite.server.knex, now);
  t.true(first.chat >= 1 && first.forum >= 1);
  t.deepEqual(
    (await originals(id)).map((row) => row.original),
    ['or 0709876543'],
  );
  t.is(await suite.server.knex('forum_post_originals').where('post_id', post!.id).first(), undefined);
  t.deepEqual(await cleanChatOriginals(suite.server.knex, now), { chat: 0, forum: 0 });
  const lines = await stored(id);
  t.deepEqual(
    lines.map((row) => row.content),
    ['ring •••', 'or •••'],
  );
});

serial("erasing an account deletes the originals of that player's masked lines and posts", async (t) => {
  await seasonMode('filtered');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(a, m);
  await say(m.auth, id, { message: 'ring 0701234567' });
  await suite.api.postJson(
    '/forums/new_thread',
    { category_id: 3, title: 'Looking for a club', message: 'mail kalle@gmail.com' },
    { auth: m.auth },
  );
  t.is((await originals(id)).length, 1);
  t.is((await suite.server.knex('forum_post_originals').where('user_id', m.user.id)).length, 1);
  await suite.server.knex.transaction((trx) =>
    eraseUser(trx, {
      ref: String(m.user.id),
      confirm: m.user.username,
      force: false,
      dry_run: false,
      now: suite.server.clock.now(),
    }),
  );
  t.deepEqual(await originals(id), []);
  t.deepEqual(await suite.server.knex('forum_post_originals').where('user_id', m.user.id), []);
});

serial('staff see the original of a masked line beside it on the conflict page; players never do', async (t) => {
  await seasonMode('filtered');
  const [a, m] = [await adult(), await minor()];
  const id = await gameBetween(a, m);
  await say(m.auth, id, { message: 'ring mig på 0701234567' });
  await suite.server.knex('games').where('id', id).update({ state: 'conflict', conflict: true });
  const mod = await signedInUser(suite.server.knex, {
    birth_date: yearsAgo(40),
    permissions: PERMISSIONS.canResolveConflicts,
    totp_enabled: true,
    totp_secret: 'JBSWY3DPEHPK3PXP',
  });
  const session = await createAdminSession(suite.server.knex, {
    user_id: mod.user.id,
    ip: null,
    user_agent: null,
    second_factor: true,
    now: suite.server.clock.now(),
  });
  const res = await suite.api.get<AdminConflictDetail>(`/admin/api/conflicts/${id}`, {
    auth: { id: mod.user.id, token: session.result.token },
  });
  t.is(res.status, 200);
  t.like(res.body.messages[0], {
    content: 'ring mig på •••',
    original: 'ring mig på 0701234567',
    original_reasons: ['phone'],
  });
  const seen = await suite.api.get<GamePayload>('/game/get', { auth: a.auth, query: { id } });
  t.false(JSON.stringify(seen.body).includes('0701234567'));
});
