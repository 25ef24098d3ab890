import test from 'ava';
import type { Socket } from 'socket.io-client';
import { MESSAGES, PERMISSIONS, gameRoom, userRoom, message } from '@ecup/domain';
import { PUBLIC_READ_LIFETIME_MS } from '@ecup/api';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { openSocket, subscribe } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { waitFor as poll } from '../helpers/poll.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'realtime' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

async function signedIn(overrides = {}) {
  const user = await buildUser(server.knex, { games_played: 1, ...overrides });
  const login = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  return { user, auth: login.body };
}

const open = (auth: unknown) => openSocket(server.url, auth);

async function gameBetween(a: number, b: number): Promise<number> {
  const [season] = await server.knex('seasons').select('id');
  const [id] = await server
    .knex('games')
    .insert({ season_id: season!.id, user_1_id: a, user_2_id: b, week_start: new Date() });
  return Number(id);
}

const waitFor = (socket: Socket, event: string) => new Promise((resolve) => socket.once(event, resolve));

test('a socket with a bad or missing id/token pair is refused with a connect_error', async (t) => {
  const { user } = await signedIn();
  const wrong = await t.throwsAsync(open({ id: user.id, token: 'f'.repeat(64) }));
  t.is(wrong.message, MESSAGES.sessionExpired);
  await t.throwsAsync(open({}));
  await t.throwsAsync(open({ id: 'x', token: 1 }));
});

test('a signed-in socket gets the events of its own user room, and no one else’s', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const [socketA, socketB] = await Promise.all([open(a.auth), open(b.auth)]);
  t.teardown(() => {
    socketA.close();
    socketB.close();
  });
  const strays: unknown[] = [];
  socketB.on('stats', (payload) => strays.push(payload));
  const received = waitFor(socketA, 'stats');
  const stats = {
    user_id: a.user.id,
    game_id: 1,
    stats: {
      wins: 1,
      losses: 0,
      ties: 0,
      scored_goals: 2,
      conceded_goals: 1,
      secured_trophies: 0,
      unsecured_trophies: 0,
      elo: 1020,
    },
  };
  server.io.to(userRoom(a.user.id)).emit('stats', stats);
  t.deepEqual(await received, stats);
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.deepEqual(strays, []);
});

test("a game's room is joined by its players and staff with canResolveConflicts; others are answered 'Not found.'", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const stranger = await signedIn();
  const moderator = await signedIn({ permissions: PERMISSIONS.canResolveConflicts });
  const banHammer = await signedIn({ permissions: PERMISSIONS.canBanUsers });
  const gameId = await gameBetween(a.user.id, b.user.id);
  const sockets = await Promise.all([a, b, stranger, moderator, banHammer].map((p) => open(p.auth)));
  t.teardown(() => sockets.forEach((s) => s.close()));
  const [sa, sb, ss, sm, sbh] = sockets as [Socket, Socket, Socket, Socket, Socket];
  t.deepEqual(await subscribe(sa, gameRoom(gameId)), { ok: true });
  t.deepEqual(await subscribe(sb, gameRoom(gameId)), { ok: true });
  t.deepEqual(await subscribe(sm, gameRoom(gameId)), { ok: true });
  t.deepEqual(await subscribe(ss, gameRoom(gameId)), message('notFound'));
  t.deepEqual(await subscribe(sbh, gameRoom(gameId)), message('notFound'));
  t.deepEqual(await subscribe(ss, gameRoom(999999)), message('notFound'), 'same answer as a missing game');
  t.deepEqual(await subscribe(ss, userRoom(a.user.id)), message('notFound'));
  t.deepEqual(await subscribe(ss, '__proto__'), message('notFound'));

  const messages = [waitFor(sa, 'message'), waitFor(sb, 'message'), waitFor(sm, 'message')];
  const strays: unknown[] = [];
  ss.on('message', (m) => strays.push(m));
  const line = { id: 1, user_id: a.user.id, name: a.user.username, avatar_hash: null, content: 'gg', inserted: 1 };
  server.io.to(gameRoom(gameId)).emit('message', line);
  t.deepEqual(await Promise.all(messages), [line, line, line]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.deepEqual(strays, []);
});

test('POST /user/pusher/auth answers the same check for a channel', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const stranger = await signedIn();
  const gameId = await gameBetween(a.user.id, b.user.id);
  const own = await api.post(
    '/user/pusher/auth',
    { socket_id: '1.1', channel_name: gameRoom(gameId) },
    { auth: a.auth },
  );
  t.is(own.status, 200);
  t.deepEqual(own.body, { ok: true, channel_name: gameRoom(gameId) });
  const other = await api.post(
    '/user/pusher/auth',
    { socket_id: '1.1', channel_name: gameRoom(gameId) },
    { auth: stranger.auth },
  );
  t.is(other.status, 404);
  t.deepEqual(other.body, message('notFound'));
  t.is((await api.post('/user/pusher/auth', { channel_name: gameRoom(gameId) })).status, 401);
});

test('a connected player shows online in the ranking within a second, and offline once their last connection closes', async (t) => {
  const a = await signedIn({ elo: 5000 });
  const online = async () => {
    const res = await api.get<{ rankings: { id: number; online: boolean }[] }>('/ranking/list', {
      query: { amount: 1 },
    });
    return res.body.rankings.find((r) => r.id === a.user.id)?.online;
  };
  // The ranking page, online flags included, is cached for a second: the API's clock moves past that.
  const aSecondLater = () => server.clock.advance(PUBLIC_READ_LIFETIME_MS);
  t.is(await online(), false);
  const first = await open(a.auth);
  const second = await open(a.auth);
  aSecondLater();
  t.is(await online(), true);
  first.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  aSecondLater();
  t.is(await online(), true, 'still one connection open');
  second.close();
  await poll(
    async () => {
      aSecondLater();
      return !(await online());
    },
    { what: 'the player offline', timeoutMs: 3000 },
  );
  t.is(await online(), false);
});

test("changing the password disconnects the user's sockets of other sessions", async (t) => {
  const a = await signedIn();
  const old = await open(a.auth);
  t.teardown(() => old.close());
  const dropped = waitFor(old, 'disconnect');
  const res = await api.post<Credentials>(
    '/user/password/change',
    { current_password: a.user.password, new_password: 'a brand new one', repeat_password: 'a brand new one' },
    { auth: a.auth },
  );
  t.is(res.status, 200);
  t.is(await dropped, 'io server disconnect');
  const fresh = await open({ id: res.body.id, token: res.body.token });
  t.teardown(() => fresh.close());
  t.true(fresh.connected, 'the new session connects');
  await t.throwsAsync(open(a.auth), { message: MESSAGES.sessionExpired });
});
