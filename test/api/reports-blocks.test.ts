import test from 'ava';
import {
  DEFAULT_TIME_ZONE,
  MESSAGES,
  PERMISSIONS,
  gameRoom,
  type AdminReportRecord,
  type BlocksResponse,
  type ChatMessagePayload,
  type ForumThreadResponse,
  type GamePayload,
  type OwnReportPayload,
  type WarningPayload,
  message,
} from '@ecup/domain';
import { eraseUser, exportUserData, pairQueue } from '@ecup/db';
import { apiSuite, consoleApi } from '../helpers/api-suite.ts';
import { buildGame, type buildUser } from '../helpers/factories.ts';
import { consoleUser, nextEvent, openSocket, signedInUser, subscribe, type Player } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

const suite = apiSuite({ label: 'reports' });

const signedIn = (overrides: Parameters<typeof buildUser>[1] = {}): Promise<Player> =>
  signedInUser(suite.server.knex, overrides);
const moderator = () =>
  consoleUser(suite.server.knex, { permissions: PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile });
const now = () => suite.server.clock.now();
/** A minute ago: lines written straight into a game are past the chat throttle. */
const earlier = () => new Date(now().getTime() - 60_000);

/** A game between two players (playing unless given), answering its id. */
const gameBetween = (a: Player, b: Player, state: 'playing' | 'final' = 'playing') =>
  buildGame(suite.server.knex, { user_1_id: a.user.id, user_2_id: b.user.id, created_at: now(), state });

/** A chat line written straight into a game (the chat's own throttle is the games tests' business). */
async function line(gameId: number, author: Player, content: string): Promise<number> {
  const [id] = await suite.server
    .knex('chat_messages')
    .insert({ game_id: gameId, user_id: author.user.id, content, is_admin: false, created_at: earlier() });
  return Number(id);
}

const report = (auth: Credentials, body: Record<string, unknown>) =>
  suite.api.postJson<{ reported?: true; message?: string; error?: string }>('/game/report', body, { auth });
const block = (auth: Credentials, user_id: number) =>
  suite.api.postJson<{ blocked: boolean; error?: string }>('/user/block', { user_id }, { auth });
const unblock = (auth: Credentials, user_id: number) =>
  suite.api.postJson<{ blocked: boolean; error?: string }>('/user/unblock', { user_id }, { auth });
const blocks = (auth: Credentials) => suite.api.get<BlocksResponse>('/user/blocks', { auth });
const ownReports = (auth: Credentials) => suite.api.get<{ reports: OwnReportPayload[] }>('/user/reports', { auth });
const warning = (auth: Credentials) => suite.api.get<{ warning: WarningPayload | null }>('/user/warning', { auth });
const getGame = (auth: Credentials, id: number) => suite.api.get<GamePayload>('/game/get', { auth, query: { id } });
const chat = (auth: Credentials, game_id: number, message: string) =>
  suite.api.postJson<{ message: ChatMessagePayload | null; error?: string }>(
    '/game/chat/send_message',
    { game_id, message },
    { auth },
  );
const { get: consoleGet, put: consolePut } = consoleApi(suite);

test('a player reports an opponent line once; the row names both, a second report of it is 409', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await gameBetween(a, b);
  const theirs = await line(game, b, 'what school do you go to?');
  const mine = await line(game, a, 'gg');
  const res = await report(a.auth, { game_id: game, chat_message_id: theirs, reason: 'personal_details' });
  t.is(res.status, 200);
  t.is(res.body.message, MESSAGES.reportSent);
  const row = await suite.server.knex('reports').where('reporter_user_id', a.user.id).first();
  t.like(row, {
    kind: 'chat',
    reported_user_id: b.user.id,
    game_id: game,
    chat_message_id: theirs,
    reason: 'personal_details',
    text: null,
    resolved_at: null,
  });
  const again = await report(a.auth, { game_id: game, chat_message_id: theirs, reason: 'bullying' });
  t.is(again.status, 409);
  t.deepEqual(again.body, message('reportDuplicate'));
  const own = await report(a.auth, { game_id: game, chat_message_id: mine, reason: 'bullying' });
  t.is(own.status, 404, 'only the opponent’s lines');
  t.deepEqual(own.body, message('chatLineNotFound'));
  const outsider = await signedIn();
  t.is((await report(outsider.auth, { game_id: game, chat_message_id: theirs, reason: 'bullying' })).status, 404);
  const noReason = await report(a.auth, { game_id: game, reason: 'rude' });
  t.deepEqual([noReason.status, noReason.body], [400, message('reportReasonInvalid')]);
  const otherEmpty = await report(a.auth, { game_id: game, reason: 'other', text: '  ' });
  t.deepEqual([otherEmpty.status, otherEmpty.body], [400, message('reportTextRequired')]);
  const tooLong = await report(a.auth, { game_id: game, reason: 'other', text: 'x'.repeat(501) });
  t.deepEqual([tooLong.status, tooLong.body], [400, message('reportTextTooLong')]);
  t.is((await suite.server.knex('reports').where('reporter_user_id', a.user.id).select('id')).length, 1);
  const audit = await suite.server
    .knex('audit_log')
    .where({ action: 'report.create', actor_user_id: a.user.id })
    .first();
  t.truthy(audit);
});

test('reports are rate limited: the sixth within the hour is 429 and stores nothing', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await gameBetween(a, b);
  for (let i = 0; i < 5; i++) {
    t.is((await report(a.auth, { game_id: game, reason: 'cheating' })).status, 200);
  }
  const sixth = await report(a.auth, { game_id: game, reason: 'cheating' });
  t.is(sixth.status, 429);
  t.truthy(sixth.headers.get('retry-after'));
  t.is((await suite.server.knex('reports').where('reporter_user_id', a.user.id).select('id')).length, 5);
});

test('the reported player never learns who reported them; the reporter sees the report as open', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await gameBetween(a, b);
  const theirs = await line(game, b, 'you are bad');
  const before = (await getGame(b.auth, game)).body;
  t.is((await report(a.auth, { game_id: game, chat_message_id: theirs, reason: 'bullying' })).status, 200);
  const after = (await getGame(b.auth, game)).body;
  t.deepEqual({ ...after, server_time_ms: 0 }, { ...before, server_time_ms: 0 }, 'the game reads the same');
  t.deepEqual((await ownReports(b.auth)).body, { reports: [] }, 'a report against B is not among B’s reports');
  t.deepEqual((await warning(b.auth)).body, { warning: null });
  const mine = (await ownReports(a.auth)).body.reports;
  t.is(mine.length, 1);
  t.like(mine[0], { kind: 'chat', reason: 'bullying', reported_username: b.user.username, handled: false });
});

test('a block: only of an opponent, listed with the date, lifted by unblock', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const stranger = await signedIn();
  await gameBetween(a, b, 'final');
  const refused = await block(a.auth, stranger.user.id);
  t.deepEqual([refused.status, refused.body], [404, message('playerNotFound')]);
  t.is((await block(a.auth, a.user.id)).status, 404);
  const blockedFrom = now().getTime();
  t.is((await block(a.auth, b.user.id)).status, 200);
  const blockedTo = now().getTime();
  t.is((await block(a.auth, b.user.id)).status, 200, 'blocking twice keeps one block');
  const list = (await blocks(a.auth)).body.blocks;
  t.is(list.length, 1);
  t.like(list[0], { user_id: b.user.id, username: b.user.username, avatar_hash: null });
  const at = Date.parse(list[0]!.blocked_at);
  t.true(at >= blockedFrom && at <= blockedTo, 'blocked at the time of the first block');
  t.deepEqual((await blocks(b.auth)).body, { blocks: [] }, 'B does not see who blocked them');
  t.is((await unblock(a.auth, b.user.id)).status, 200);
  t.deepEqual((await blocks(a.auth)).body, { blocks: [] });
  const again = await unblock(a.auth, b.user.id);
  t.deepEqual([again.status, again.body], [404, message('playerNotFound')]);
});

test.serial('blocked players are never paired, in either direction, while a third player is', async (t) => {
  const season = await suite.server.knex('seasons').where('active', true).first('id');
  const a = await signedIn();
  const b = await signedIn();
  await gameBetween(a, b, 'final');
  t.is((await block(a.auth, b.user.id)).status, 200);
  const queue = async (p: Player, waitedMs: number) =>
    suite.server.knex('queue_entries').insert({
      season_id: season!.id,
      user_id: p.user.id,
      elo: 1000,
      entered_at: new Date(now().getTime() - waitedMs),
      keepalive_at: now(),
    });
  const matchOf = async (p: Player) =>
    (await suite.server.knex('queue_entries').where('user_id', p.user.id).first('match_id'))?.match_id ?? null;
  try {
    // The blocker waited longer (served first), then the blocked player: neither finds the other.
    await queue(a, 120_000);
    await queue(b, 90_000);
    await pairQueue(suite.server.knex, now());
    t.is(await matchOf(a), null);
    t.is(await matchOf(b), null);
    await suite.server.knex('queue_entries').whereIn('user_id', [a.user.id, b.user.id]).delete();
    await queue(b, 120_000);
    await queue(a, 90_000);
    await pairQueue(suite.server.knex, now());
    t.is(await matchOf(a), null, 'the blocked player served first does not find the blocker either');
    t.is(await matchOf(b), null);
    const c = await signedIn();
    await queue(c, 0);
    await pairQueue(suite.server.knex, now());
    const cMatch = await matchOf(c);
    t.not(cMatch, null, 'a third player is matched');
    const paired = [await matchOf(a), await matchOf(b)].filter((id) => id !== null);
    t.deepEqual(paired, [cMatch], 'with exactly one of the two');
  } finally {
    await suite.server.knex('queue_entries').delete();
  }
});

test('chat lines of a blocked player are hidden for the blocker, in the history and on the socket', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await gameBetween(a, b);
  await line(game, b, 'before the block');
  t.is((await block(a.auth, b.user.id)).status, 200);
  const [sa, sb] = await Promise.all([openSocket(suite.server.url, a.auth), openSocket(suite.server.url, b.auth)]);
  t.teardown(() => {
    sa.close();
    sb.close();
  });
  for (const socket of [sa, sb]) t.true((await subscribe(socket, gameRoom(game))).ok);
  const seenByA: ChatMessagePayload[] = [];
  sa.on('message', (message: ChatMessagePayload) => seenByA.push(message));
  const bGets = nextEvent<ChatMessagePayload>(sb, 'message');
  const sent = await chat(b.auth, game, 'after the block');
  t.is(sent.status, 200);
  t.is((await bGets).content, 'after the block', 'the author still gets their line');
  const aOwn = nextEvent<ChatMessagePayload>(sa, 'message');
  t.is((await chat(a.auth, game, 'my line')).status, 200);
  await aOwn;
  t.deepEqual(
    seenByA.map((m) => m.content),
    ['my line'],
    'the blocker’s socket got its own line and not the blocked player’s',
  );
  const forA = (await getGame(a.auth, game)).body.messages.map((m) => m.content);
  const forB = (await getGame(b.auth, game)).body.messages.map((m) => m.content);
  t.deepEqual(forA, ['my line']);
  t.deepEqual(forB, ['before the block', 'after the block', 'my line']);
  t.true((await getGame(a.auth, game)).body.opponent_blocked, 'the blocker’s game says the opponent is blocked');
  t.false((await getGame(b.auth, game)).body.opponent_blocked, 'the blocked player is not told');
  t.is((await unblock(a.auth, b.user.id)).status, 200);
  const after = (await getGame(a.auth, game)).body;
  t.deepEqual(
    after.messages.map((m) => m.content),
    forB,
    'after unblocking the lines show again',
  );
  t.false(after.opponent_blocked);
});

test('the answer to a verify carries no chat lines, and the game read after it leaves out the lines of a player the verifier blocked', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await buildGame(suite.server.knex, {
    user_1_id: a.user.id,
    user_2_id: b.user.id,
    created_at: new Date(now().getTime() - 13 * 60_000),
  });
  await line(game, b, 'a line from b');
  t.is((await block(a.auth, b.user.id)).status, 200);
  t.is(
    (await suite.api.postJson('/game/submit', { game_id: game, score_1: 2, score_2: 1 }, { auth: b.auth })).status,
    200,
  );
  const verified = await suite.api.postJson<GamePayload>('/game/confirm', { game_id: game }, { auth: a.auth });
  t.is(verified.status, 200);
  t.is(verified.body.state, 'final');
  t.false('messages' in verified.body, 'the game page keeps the lines it shows');
  const read = (await getGame(a.auth, game)).body;
  t.deepEqual(read.messages, []);
  t.true(read.opponent_blocked);
});

test('forum posts of a blocked player reach the blocker without their words', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  await gameBetween(a, b, 'final');
  const thread = await suite.api.postJson<{ id: number }>(
    '/forums/new_thread',
    { category_id: 1, title: 'Blocked post', message: 'words of B' },
    { auth: b.auth },
  );
  t.is(thread.status, 200);
  t.is((await block(a.auth, b.user.id)).status, 200);
  const read = (auth?: Credentials) =>
    suite.api.get<ForumThreadResponse>('/forums/posts', {
      ...(auth ? { auth } : {}),
      query: { thread_id: thread.body.id },
    });
  const forA = (await read(a.auth)).body.posts[0]!;
  t.like(forA, { user_id: b.user.id, message: '', blocked: true });
  const forOthers = (await read()).body.posts[0]!;
  t.is(forOthers.message, 'words of B');
  t.false('blocked' in forOthers);
});

test('the console: only canBanUsers; open reports first with both ages; transcript and history on the page', async (t) => {
  const a = await signedIn({ birth_date: new Date(Date.UTC(2010, 0, 15)) });
  const b = await signedIn();
  const game = await gameBetween(a, b);
  await line(game, a, 'hi');
  const theirs = await line(game, b, 'send me your number');
  t.is((await report(a.auth, { game_id: game, chat_message_id: theirs, reason: 'personal_details' })).status, 200);
  t.is((await report(a.auth, { game_id: game, reason: 'other', text: 'keeps asking' })).status, 200);
  const other = await consoleUser(suite.server.knex, { permissions: PERMISSIONS.canResolveConflicts });
  const refused = await consoleGet(other.auth, '/reports');
  t.is(refused.status, 403);
  const mod = await moderator();
  const list = await consoleGet<AdminReportRecord[]>(
    mod.auth,
    `/reports?filter=${encodeURIComponent(JSON.stringify({ reporter_user_id: a.user.id }))}`,
  );
  t.is(list.status, 200);
  t.is(list.body.length, 2);
  t.like(list.body[0], { kind: 'chat', reason: 'personal_details', line: 'send me your number', resolved: false });
  t.is(list.body[0]!.reporter?.id, a.user.id);
  t.is(typeof list.body[0]!.reporter?.age, 'number');
  t.is(typeof list.body[0]!.reported.age, 'number');
  const page = await consoleGet<AdminReportRecord>(mod.auth, `/reports/${list.body[0]!.id}`);
  t.is(page.status, 200);
  t.deepEqual(
    page.body.transcript!.map((m) => [m.content, m.reported]),
    [
      ['hi', false],
      ['send me your number', true],
    ],
  );
  t.deepEqual(
    page.body.history!.map((h) => h.id),
    [list.body[1]!.id],
    'the other report against the same player',
  );
});

test.serial('console actions: warn shows once, mute refuses chat, ban uses the ban, each audited', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await gameBetween(a, b);
  const mod = await moderator();
  const fresh = async (reason: string) => {
    t.is((await report(a.auth, { game_id: game, reason: 'other', text: reason })).status, 200);
    return Number((await suite.server.knex('reports').where('text', reason).first('id'))!.id);
  };
  // Warn: the warned player sees it once; the reporter sees "handled". The dashboard counts the open report.
  const openReports = async () =>
    (await consoleGet<{ open_reports: number }>(mod.auth, '/dashboard')).body.open_reports;
  const openBefore = await openReports();
  const warned = await fresh('warn me');
  t.is(await openReports(), openBefore + 1, 'the dashboard counts the open report');
  const emptyWarn = await consolePut<{ error: string }>(mod.auth, `/reports/${warned}`, {
    action: 'warn',
    message: '',
  });
  t.deepEqual([emptyWarn.status, emptyWarn.body], [400, message('warningRequired')]);
  const warn = await consolePut<AdminReportRecord>(mod.auth, `/reports/${warned}`, {
    action: 'warn',
    message: 'Keep the chat friendly.',
  });
  t.is(warn.status, 200);
  t.like(warn.body, { resolved: true, outcome: 'warned' });
  t.is(await openReports(), openBefore, 'a handled report is no longer counted');
  const seen = (await warning(b.auth)).body.warning!;
  t.is(seen.message, 'Keep the chat friendly.');
  t.deepEqual(Object.keys(seen).sort(), ['created_at', 'id', 'message'], 'no word of the reporter');
  t.is((await suite.api.postJson('/user/warning/seen', { warning_id: seen.id }, { auth: b.auth })).status, 200);
  t.deepEqual((await warning(b.auth)).body, { warning: null }, 'shown once');
  t.true((await ownReports(a.auth)).body.reports.some((r) => r.id === warned && r.handled));
  const twice = await consolePut<{ error: string }>(mod.auth, `/reports/${warned}`, { action: 'dismiss' });
  t.deepEqual([twice.status, twice.body], [409, message('reportAlreadySettled')]);

  // Mute: the muted player's chat is refused with the date.
  const muted = await fresh('mute me');
  t.is((await consolePut(mod.auth, `/reports/${muted}`, { action: 'mute', days: 0 })).status, 400);
  t.is((await consolePut(mod.auth, `/reports/${muted}`, { action: 'mute', days: 3 })).status, 200);
  const until = new Date(now().getTime() + 3 * 24 * 60 * 60 * 1000);
  const refused = await chat(b.auth, game, 'hello?');
  t.is(refused.status, 403);
  // The stored end of the mute is the server's clock plus the days; the English shows it to the minute.
  t.like(refused.body, {
    error: MESSAGES.chatMuted(until, DEFAULT_TIME_ZONE),
    code: 'chatMuted',
    params: { time_zone: DEFAULT_TIME_ZONE },
  });
  t.is((await chat(a.auth, game, 'the reporter still chats')).status, 200);

  // Dismiss and ban.
  const dismissed = await fresh('dismiss me');
  t.is((await consolePut(mod.auth, `/reports/${dismissed}`, { action: 'dismiss' })).status, 200);
  const banned = await fresh('ban me');
  const ban = await consolePut<AdminReportRecord>(mod.auth, `/reports/${banned}`, {
    action: 'ban',
    reason: 'Asked a minor for contact details.',
    days: 7,
  });
  t.is(ban.status, 200);
  t.like(ban.body, { outcome: 'banned' });
  t.true(ban.body.reported.banned);
  t.is((await getGame(b.auth, game)).status, 403, 'the banned player is refused');

  const actions = (await suite.server
    .knex('audit_log')
    .where('actor_user_id', mod.user.id)
    .orderBy('id')
    .pluck('action')) as string[];
  t.deepEqual(actions, [
    'user.warn',
    'report.resolve',
    'user.mute_chat',
    'report.resolve',
    'report.resolve',
    'user.ban',
    'report.resolve',
  ]);
  const outcomes = await suite.server
    .knex('reports')
    .whereIn('id', [warned, muted, dismissed, banned])
    .orderBy('id')
    .pluck('outcome');
  t.deepEqual(outcomes, ['warned', 'muted', 'dismissed', 'banned']);
});

test('a player’s export holds their reports, blocks and warnings; erasure removes their words and blocks', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const game = await gameBetween(a, b);
  t.is((await report(a.auth, { game_id: game, reason: 'other', text: 'my own words' })).status, 200);
  t.is((await block(a.auth, b.user.id)).status, 200);
  await suite.server.knex('user_warnings').insert({ user_id: a.user.id, message: 'Be kind.', created_at: now() });
  const data = await exportUserData(suite.server.knex, { ref: String(a.user.id), now: now() });
  t.like(data.reports[0], { kind: 'player', reason: 'other', text: 'my own words' });
  t.like(data.blocks[0], { blocked_user_id: b.user.id, blocked_username: b.user.username });
  t.like(data.warnings[0], { message: 'Be kind.' });
  const reportedData = await exportUserData(suite.server.knex, { ref: String(b.user.id), now: now() });
  t.deepEqual([reportedData.reports, reportedData.blocks], [[], []], 'the reported player’s export names no reporter');
  await suite.server.knex.transaction((trx) =>
    eraseUser(trx, { ref: String(a.user.id), confirm: a.user.username, force: false, dry_run: false, now: now() }),
  );
  t.is(
    (await suite.server.knex('reports').where('reporter_user_id', a.user.id).first('text'))!.text,
    MESSAGES.contentRemoved,
  );
  t.is((await suite.server.knex('blocks').where('blocker_user_id', a.user.id).select()).length, 0);
  t.is((await suite.server.knex('user_warnings').where('user_id', a.user.id).select()).length, 0);
});
