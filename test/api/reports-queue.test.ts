import test from 'ava';
import {
  CHAT_THROTTLE_AFTER_SUCCESS_MS,
  PERMISSIONS,
  RESULT_ENTRY_DELAY_MS,
  type AdminDashboard,
  type AdminReportRecord,
  type ChatMode,
  type ChatSendResponse,
  type ForumNewThreadResponse,
  type OwnReportPayload,
  message,
} from '@ecup/domain';
import { flagContactAttempt, transaction } from '@ecup/db';
import { apiSuite, consoleApi } from '../helpers/api-suite.ts';
import { buildGame } from '../helpers/factories.ts';
import { consoleUser, signedInUser, type Player } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

// The tests set the season's chat mode and move the clock past the chat throttle, so they run one at a time.
const serial = test.serial;

const suite = apiSuite({ label: 'reportsqueue' });

const yearsAgo = (years: number) => new Date(Date.UTC(suite.server.clock.now().getUTCFullYear() - years, 0, 1));
const adult = (): Promise<Player> => signedInUser(suite.server.knex, { birth_date: yearsAgo(30) });
const minor = (): Promise<Player> => signedInUser(suite.server.knex, { birth_date: yearsAgo(14) });
const moderator = () =>
  consoleUser(suite.server.knex, { permissions: PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile });

async function seasonMode(mode: ChatMode) {
  await suite.server.knex('seasons').where('active', true).update({ chat_mode: mode });
}

const gameBetween = (a: Player, b: Player) =>
  buildGame(suite.server.knex, {
    user_1_id: a.user.id,
    user_2_id: b.user.id,
    created_at: new Date(suite.server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
  });

/** Sends a chat line past the throttle of the sender's last one. */
async function say(player: Player, game_id: number, message: string) {
  suite.server.clock.advance(CHAT_THROTTLE_AFTER_SUCCESS_MS + 250);
  const res = await suite.api.postJson<ChatSendResponse>(
    '/game/chat/send_message',
    { game_id, message },
    { auth: player.auth },
  );
  if (res.status !== 200) throw new Error(`chat refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const openFlags = (userId: number) =>
  suite.server.knex('reports').where({ kind: 'flag', reported_user_id: userId }).whereNull('resolved_at').select('*');

const { get: consoleGet, put: consolePut } = consoleApi(suite);
const queue = (auth: Credentials, filter: Record<string, unknown>) =>
  consoleGet<AdminReportRecord[]>(auth, `/reports?filter=${encodeURIComponent(JSON.stringify(filter))}`);

serial(
  'an adult whose lines to a minor are masked for contact details gets one open flag counting the attempts; other masking flags nobody',
  async (t) => {
    await seasonMode('filtered');
    const [a, m, m2, a2] = [await adult(), await minor(), await minor(), await adult()];
    const game = await gameBetween(a, m);
    const first = await say(a, game, 'text me on 070 123 45 67');
    t.true(first.message!.content.includes('•••'));
    let flags = await openFlags(a.user.id);
    t.is(flags.length, 1);
    t.like(flags[0], {
      reporter_user_id: null,
      reason: 'personal_details',
      attempts: 1,
      game_id: game,
      chat_message_id: first.message!.id,
    });
    const second = await say(a, game, 'or mail me: anna at gmail dot com');
    flags = await openFlags(a.user.id);
    t.is(flags.length, 1, 'still one open flag');
    t.like(flags[0], { attempts: 2, chat_message_id: second.message!.id });

    // Swearing alone, the minor's own contact details, two minors, two adults: no flag.
    await say(a, game, 'what a shit pass');
    await say(m, game, 'my snap is kalle_123');
    const minors = await gameBetween(m, m2);
    await say(m2, minors, 'call me 070 765 43 21');
    const adults = await gameBetween(a2, a);
    await say(a2, adults, 'call me 070 765 43 21');
    t.is((await openFlags(a.user.id))[0]!.attempts, 2);
    for (const other of [m, m2, a2]) t.deepEqual(await openFlags(other.user.id), [], `no flag for ${other.user.id}`);
  },
);

serial(
  'one open flag per player even when masked lines arrive at once; a settled flag lets a new one open',
  async (t) => {
    const a = await adult();
    const m = await minor();
    const games = await Promise.all([gameBetween(a, m), gameBetween(a, m), gameBetween(a, m), gameBetween(a, m)]);
    const lines = await Promise.all(
      games.map(async (game_id) => {
        const [id] = await suite.server.knex('chat_messages').insert({
          game_id,
          user_id: a.user.id,
          content: '•••',
          is_admin: false,
          created_at: suite.server.clock.now(),
        });
        return { game_id, chat_message_id: Number(id) };
      }),
    );
    await Promise.all(
      [...lines, ...lines].map((line) =>
        transaction(suite.server.knex, (trx) =>
          flagContactAttempt(trx, { user_id: a.user.id, ...line, now: suite.server.clock.now() }),
        ),
      ),
    );
    let flags = await openFlags(a.user.id);
    t.is(flags.length, 1);
    t.is(flags[0]!.attempts, 8);

    // Two lines in two games through the API at the same moment.
    await seasonMode('filtered');
    suite.server.clock.advance(CHAT_THROTTLE_AFTER_SUCCESS_MS + 250);
    const answers = await Promise.all(
      games
        .slice(0, 2)
        .map((game_id) =>
          suite.api.postJson('/game/chat/send_message', { game_id, message: 'whatsapp 0701234567' }, { auth: a.auth }),
        ),
    );
    t.deepEqual(
      answers.map((r) => r.status),
      [200, 200],
    );
    flags = await openFlags(a.user.id);
    t.is(flags.length, 1);
    t.is(flags[0]!.attempts, 10);

    const mod = await moderator();
    const dismissed = await consolePut<AdminReportRecord>(mod.auth, `/reports/${flags[0]!.id}`, { action: 'dismiss' });
    t.like(dismissed.body, { kind: 'flag', resolved: true, outcome: 'dismissed', reporter: null });
    t.deepEqual(await openFlags(a.user.id), []);
    await say(a, games[0]!, 'my insta is @anna.b');
    flags = await openFlags(a.user.id);
    t.is(flags.length, 1);
    t.is(flags[0]!.attempts, 1);
    t.not(flags[0]!.id, dismissed.body.id);
  },
);

serial(
  'the queue lists open flags first, then reports of chat lines, players and forum posts; a flag page shows both players’ masked attempts and ages',
  async (t) => {
    await seasonMode('filtered');
    const mod = await moderator();
    const [a, m, author] = [await adult(), await minor(), await minor()];
    const game = await gameBetween(a, m);
    // An older chat report, a forum report, then the flag.
    await say(m, game, 'hello');
    await suite.server.knex('chat_messages').insert({
      game_id: game,
      user_id: a.user.id,
      content: 'where do you live?',
      is_admin: false,
      created_at: new Date(suite.server.clock.now().getTime() - 60_000),
    });
    const theirs = Number(
      (await suite.server.knex('chat_messages').where({ game_id: game, user_id: a.user.id }).first('id'))!.id,
    );
    const reported = await suite.api.postJson(
      '/game/report',
      { game_id: game, chat_message_id: theirs, reason: 'personal_details' },
      { auth: m.auth },
    );
    t.is(reported.status, 200);
    const thread = await suite.api.postJson<ForumNewThreadResponse>(
      '/forums/new_thread',
      { category_id: 3, title: 'Looking for a team', message: 'write to kalle@gmail.com' },
      { auth: author.auth },
    );
    t.is(thread.status, 200);
    const postId = Number((await suite.server.knex('forum_posts').where('thread_id', thread.body.id).first('id'))!.id);
    const forum = await suite.api.postJson(
      '/forums/post/report',
      { post_id: postId, reason: 'Contact details' },
      { auth: a.auth },
    );
    t.is(forum.status, 200);
    await say(a, game, 'ring 070 123 45 67');

    const open = await queue(mod.auth, { resolved: false });
    t.is(open.status, 200);
    const flagIndex = open.body.findIndex((r) => r.kind === 'flag' && r.reported.id === a.user.id);
    const chatIndex = open.body.findIndex((r) => r.kind === 'chat' && r.reported.id === a.user.id);
    const forumIndex = open.body.findIndex((r) => r.kind === 'forum' && r.post?.id === postId);
    t.true(flagIndex >= 0 && chatIndex >= 0 && forumIndex >= 0);
    t.true(
      open.body.slice(0, flagIndex).every((r) => r.kind === 'flag'),
      'nothing but flags before a flag',
    );
    t.true(flagIndex < chatIndex, 'the flag comes before an older report');
    const flag = open.body[flagIndex]!;
    t.like(flag, { attempts: 1, reporter: null, reason: 'personal_details', line: 'ring •••' });
    t.is(flag.reported.age, 30);
    t.like(open.body[forumIndex], {
      reason: 'other',
      text: 'Contact details',
      reporter: { id: a.user.id },
      reported: { id: author.user.id, age: 14 },
    });

    const flagPage = await consoleGet<AdminReportRecord>(mod.auth, `/reports/${flag.id}`);
    t.is(flagPage.status, 200, JSON.stringify(flagPage.body));
    const page = flagPage.body;
    t.is(
      page.history!.some((h) => h.kind === 'chat' && h.reporter?.id === m.user.id),
      true,
    );
    t.deepEqual(
      page.masked!.map((attempt) => [attempt.source, attempt.user.id, attempt.original, attempt.game_id]),
      [['chat', a.user.id, 'ring 070 123 45 67', game]],
    );
    t.deepEqual(page.masked![0]!.reasons, ['phone']);
    const marked = page.transcript!.find((line) => line.reported)!;
    t.like(marked, { content: 'ring •••', original: 'ring 070 123 45 67' });

    // The post report's page: the post in its thread, and the author's masked post among the masked attempts.
    const postPage = (await consoleGet<AdminReportRecord>(mod.auth, `/reports/${open.body[forumIndex]!.id}`)).body;
    t.is(postPage.transcript, undefined);
    t.deepEqual(
      postPage.thread_posts!.map((p) => [p.id, p.reported]),
      [[postId, true]],
    );
    t.like(postPage.post, { id: postId, thread: { id: thread.body.id, title: 'Looking for a team' } });
    t.true(
      postPage.masked!.some(
        (attempt) =>
          attempt.source === 'forum' &&
          attempt.user.id === author.user.id &&
          attempt.original === 'write to kalle@gmail.com' &&
          attempt.thread?.id === thread.body.id,
      ),
    );
    t.true(postPage.masked!.some((attempt) => attempt.source === 'chat' && attempt.user.id === a.user.id));

    // Hiding belongs to post reports; the dashboard counts reports and flags apart.
    const hideChat = await consolePut<{ error: string }>(mod.auth, `/reports/${open.body[chatIndex]!.id}`, {
      action: 'hide',
    });
    t.deepEqual([hideChat.status, hideChat.body], [400, message('adminActionInvalid')]);
    const before = (await consoleGet<AdminDashboard>(mod.auth, '/dashboard')).body;
    const hide = await consolePut<AdminReportRecord>(mod.auth, `/reports/${open.body[forumIndex]!.id}`, {
      action: 'hide',
      reason: 'Contact details in a post',
    });
    t.like(hide.body, {
      resolved: true,
      outcome: 'hidden',
      post: { hidden: true, hidden_reason: 'Contact details in a post' },
    });
    // The reporter of the post sees it handled (before the same player is banned below).
    const own = await suite.api.get<{ reports: OwnReportPayload[] }>('/user/reports', { auth: a.auth });
    t.true(
      own.body.reports.some((r) => r.kind === 'forum' && r.reported_username === author.user.username && r.handled),
    );
    const ban = await consolePut<AdminReportRecord>(mod.auth, `/reports/${flag.id}`, {
      action: 'ban',
      reason: 'Asked a minor for contact details.',
      days: 30,
    });
    t.like(ban.body, { resolved: true, outcome: 'banned', reported: { banned: true } });
    const after = (await consoleGet<AdminDashboard>(mod.auth, '/dashboard')).body;
    t.is(after.open_reports, before.open_reports - 1);
    t.is(after.open_flags, before.open_flags - 1);
    const audits = await suite.server
      .knex('audit_log')
      .whereIn('entity_id', [String(flag.id), String(open.body[forumIndex]!.id)])
      .where('action', 'report.resolve')
      .select('after');
    t.deepEqual(audits.map((row) => JSON.parse(row.after!).outcome).sort(), ['banned', 'hidden']);
  },
);

serial('only canBanUsers opens the queue; a list by kind and a kind that does not exist', async (t) => {
  const other = await consoleUser(suite.server.knex, { permissions: PERMISSIONS.canResolveConflicts });
  t.is((await queue(other.auth, {})).status, 403);
  const mod = await moderator();
  const flags = await queue(mod.auth, { kind: 'flag' });
  t.is(flags.status, 200);
  t.true(flags.body.every((r) => r.kind === 'flag'));
  const bad = await queue(mod.auth, { kind: 'robbery' });
  t.deepEqual([bad.status, bad.body as unknown], [400, message('listQueryInvalid')]);
});
