import test from 'ava';
import {
  MESSAGES,
  PERMISSIONS,
  SESSION_SETTINGS,
  type AdminUserDetail,
  type SessionsResponse,
  message,
} from '@ecup/domain';
import { createSession } from '@ecup/db';
import { cleanSessions } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { openSocket } from '../helpers/sockets.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';

// One movable clock for the whole file: the tests run one after another.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'usersess', env: { TEST_CLOCK: 'on' } });
  api = client(server.url);
});
test.after.always(async () => server?.close());

const advance = async (ms: number) => {
  const moved = await api.postJson('/test/clock', { advance_ms: ms });
  if (moved.status !== 200) throw new Error(`the clock did not move: ${moved.status}`);
};

/** A session of `userId` opened as if from a device at `ip` with `userAgent`, at the test clock's now. */
async function deviceSession(
  userId: number,
  ip: string,
  userAgent: string | null,
): Promise<Credentials & { sid: number }> {
  const { result } = await createSession(server.knex, {
    user_id: userId,
    ip,
    user_agent: userAgent,
    now: server.clock.now(),
  });
  return { id: result.id, token: result.token, sid: result.session_id };
}

async function playerWithDevices() {
  const user = await buildUser(server.knex);
  const phone = await deviceSession(user.id, '192.168.1.77', ANDROID_CHROME);
  const laptop = await deviceSession(user.id, '2001:db8:85a3:8d3:1319:8a2e:370:7348', WINDOWS_FIREFOX);
  return { user, phone, laptop };
}

const list = (auth: Credentials) => api.get<SessionsResponse & { error?: string }>('/user/sessions', { auth });
const alive = async (auth: Credentials) => (await api.get('/user/auth', { auth })).status === 200;
const sessionCount = async (userId: number) =>
  Number((await server.knex('sessions').where('user_id', userId).count({ n: '*' }).first())!.n);

test.serial('the list shows only the caller’s own live sessions, with browser and a shortened address', async (t) => {
  const { phone, laptop } = await playerWithDevices();
  const stranger = await playerWithDevices();
  const answer = await list(phone);
  t.is(answer.status, 200);
  const sessions = answer.body.sessions;
  t.deepEqual(sessions.map((s) => s.id).sort(), [phone.sid, laptop.sid].sort());
  const mine = sessions.find((s) => s.id === phone.sid)!;
  const other = sessions.find((s) => s.id === laptop.sid)!;
  t.like(mine, { browser: 'Chrome on Android', address: '192.168.1.x', current: true, console: false });
  t.like(other, { browser: 'Firefox on Windows', address: '2001:db8:85a3:8d3::x', current: false });
  const now = Math.floor(server.clock.now().getTime() / 1000);
  t.true(Math.abs(mine.created_at - now) < 60 && Math.abs(mine.last_seen_at - now) < 60);
  const text = JSON.stringify(answer.body);
  for (const hidden of ['192.168.1.77', '7348', 'token', 'user_agent']) t.false(text.includes(hidden), hidden);
  t.false(sessions.some((s) => s.id === stranger.phone.sid || s.id === stranger.laptop.sid));
  t.is((await api.get('/user/sessions')).status, 401);
});

test.serial('"Sign out" ends one session at once and closes its sockets; the caller stays', async (t) => {
  const { user, phone, laptop } = await playerWithDevices();
  const socket = await openSocket(server.url, laptop);
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  const answer = await api.post('/user/sessions/sign_out', { session_id: String(laptop.sid) }, { auth: phone });
  t.deepEqual([answer.status, answer.body], [200, {}]);
  t.is(await closed, 'io server disconnect');
  const ended = await api.get('/user/auth', { auth: laptop });
  t.deepEqual([ended.status, ended.body], [401, message('sessionExpired')]);
  t.true(await alive(phone));
  t.deepEqual(
    (await list(phone)).body.sessions.map((s) => s.id),
    [phone.sid],
  );
  t.is(await sessionCount(user.id), 1);
});

test.serial('"Sign out everywhere else" keeps only the current session', async (t) => {
  const { user, phone, laptop } = await playerWithDevices();
  const tablet = await deviceSession(user.id, '10.1.2.3', null);
  const answer = await api.post('/user/sessions/sign_out_others', {}, { auth: laptop });
  t.deepEqual([answer.status, answer.body], [200, { signed_out: 2 }]);
  t.true(await alive(laptop));
  t.false(await alive(phone));
  t.false(await alive(tablet));
  const left = (await list(laptop)).body.sessions;
  t.deepEqual(
    left.map((s) => [s.id, s.current]),
    [[laptop.sid, true]],
  );
  t.is(await sessionCount(user.id), 1);
});

test.serial('another player’s session id is refused like a missing one, and nothing changes', async (t) => {
  const mine = await playerWithDevices();
  const theirs = await playerWithDevices();
  const before = await server.knex('sessions').orderBy('id').select('id', 'user_id', 'last_seen_at');
  for (const id of [String(theirs.phone.sid), '999999999']) {
    const answer = await api.post('/user/sessions/sign_out', { session_id: id }, { auth: mine.phone });
    t.deepEqual([answer.status, answer.body], [404, message('sessionNotFound')], id);
  }
  for (const bad of [{}, { session_id: 'abc' }, { session_id: '-1' }] as Record<string, string>[]) {
    const answer = await api.post('/user/sessions/sign_out', bad, { auth: mine.phone });
    t.deepEqual([answer.status, answer.body], [400, message('sessionIdRequired')], JSON.stringify(bad));
  }
  t.deepEqual(await server.knex('sessions').orderBy('id').select('id', 'user_id', 'last_seen_at'), before);
  t.true(await alive(theirs.phone));
  t.true(await alive(theirs.laptop));
});

test.serial('ended sessions are not listed', async (t) => {
  const { user, phone } = await playerWithDevices();
  await advance(20 * DAY);
  t.true(await alive(phone), 'used on day 20');
  const fresh = await deviceSession(user.id, '198.51.100.4', WINDOWS_FIREFOX);
  await advance(11 * DAY);
  // The laptop was last used on day 0: more than 30 days ago.
  t.deepEqual((await list(phone)).body.sessions.map((s) => s.id).sort(), [phone.sid, fresh.sid].sort());
});

test.serial('the limits are read from the settings table: a shorter one ends a session earlier', async (t) => {
  const { user, phone, laptop } = await playerWithDevices();
  const staff = await buildUser(server.knex, { permissions: PERMISSIONS.canPublishNews });
  const console = await deviceSession(staff.id, '10.0.0.1', WINDOWS_FIREFOX);
  await server.knex('sessions').where('id', console.sid).update({ console: true });
  t.teardown(async () => {
    for (const name of ['player_session_idle_ms', 'console_session_max_ms'] as const) {
      await server
        .knex('settings')
        .where('name', name)
        .update({ value: String(SESSION_SETTINGS[name].default) });
    }
  });
  await server
    .knex('settings')
    .where('name', 'player_session_idle_ms')
    .update({ value: String(2 * HOUR) });
  await server
    .knex('settings')
    .where('name', 'console_session_max_ms')
    .update({ value: String(3 * HOUR) });
  await advance(HOUR);
  t.true(await alive(phone), 'used after an hour');
  t.is((await api.get('/admin/api/auth/me', { auth: console })).status, 200);
  await advance(HOUR + MINUTE);
  t.false(await alive(laptop), 'two hours without use ends a player session now');
  t.true(await alive(phone));
  await advance(HOUR);
  t.is(
    (await api.get('/admin/api/auth/me', { auth: console })).status,
    401,
    'three hours in all ends a console session',
  );
  // The daily clean-up deletes by the same limits.
  const removed = await cleanSessions(server.knex, server.clock.now());
  t.true(removed.sessions >= 2);
  t.is(await server.knex('sessions').where('id', laptop.sid).first(), undefined);
  t.is(await server.knex('sessions').where('id', console.sid).first(), undefined);
  t.truthy(await server.knex('sessions').where('id', phone.sid).first());
  t.is(await sessionCount(user.id), 1);
});

/** A PUT of the console's users resource, as react-admin's useUpdate sends it. */
async function adminUpdate(auth: Credentials, userId: number, data: Record<string, unknown>) {
  const response = await fetch(new URL(`/admin/api/users/${userId}`, server.url), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.id}:${auth.token}` },
    body: JSON.stringify(data),
  });
  return { status: response.status, body: (await response.json()) as AdminUserDetail & { error?: string } };
}

async function staffSession(permissions: number): Promise<Credentials & { userId: number }> {
  const staff = await buildUser(server.knex, { permissions });
  const login = await api.postJson<Credentials>('/admin/api/auth/login', {
    username: staff.username,
    password: staff.password,
  });
  return { id: login.body.id, token: login.body.token, userId: staff.id };
}

test.serial('a moderator who may ban sees a user’s sessions and signs them out, audited', async (t) => {
  const { user, phone, laptop } = await playerWithDevices();
  const moderator = await staffSession(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers);
  const page = await api.get<AdminUserDetail>(`/admin/api/users/${user.id}`, { auth: moderator });
  t.is(page.status, 200);
  t.deepEqual(page.body.sessions!.map((s) => [s.browser, s.address]).sort(), [
    ['Chrome on Android', '192.168.1.x'],
    ['Firefox on Windows', '2001:db8:85a3:8d3::x'],
  ]);

  const one = await adminUpdate(moderator, user.id, { action: 'sign_out', session_id: laptop.sid });
  t.is(one.status, 200);
  t.deepEqual(
    one.body.sessions!.map((s) => s.id),
    [phone.sid],
  );
  t.false(await alive(laptop));
  t.true(await alive(phone));
  const notTheirs = await adminUpdate(moderator, user.id, { action: 'sign_out', session_id: moderator.id });
  t.deepEqual([notTheirs.status, notTheirs.body.error], [404, MESSAGES.sessionNotFound]);

  const all = await adminUpdate(moderator, user.id, { action: 'sign_out_all' });
  t.is(all.status, 200);
  t.deepEqual(all.body.sessions, []);
  t.false(await alive(phone));
  const audit = await server
    .knex('audit_log')
    .where({ entity: 'user', entity_id: String(user.id) })
    .orderBy('id');
  t.deepEqual(
    audit.map((row) => [row.action, row.actor_user_id]),
    [
      ['user.sign_out', moderator.userId],
      ['user.sign_out_all', moderator.userId],
    ],
  );
});

test.serial('staff without canBanUsers do not see the sessions and may not sign anyone out', async (t) => {
  const { user, phone } = await playerWithDevices();
  const viewer = await staffSession(PERMISSIONS.canSeeUserProfile);
  const page = await api.get<AdminUserDetail>(`/admin/api/users/${user.id}`, { auth: viewer });
  t.is(page.status, 200);
  t.is(page.body.sessions, null);
  for (const data of [{ action: 'sign_out', session_id: phone.sid }, { action: 'sign_out_all' }]) {
    const refused = await adminUpdate(viewer, user.id, data);
    t.deepEqual([refused.status, refused.body.error], [403, MESSAGES.noPermission], data.action);
  }
  t.true(await alive(phone));
  t.is(
    await server
      .knex('audit_log')
      .where({ entity: 'user', entity_id: String(user.id) })
      .first(),
    undefined,
  );
});

test.serial('signing out a staff member needs every flag', async (t) => {
  const colleague = await buildUser(server.knex, { permissions: PERMISSIONS.canPublishNews });
  const session = await deviceSession(colleague.id, '10.0.0.9', WINDOWS_FIREFOX);
  const moderator = await staffSession(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers);
  const refused = await adminUpdate(moderator, colleague.id, { action: 'sign_out_all' });
  t.deepEqual([refused.status, refused.body.error], [403, MESSAGES.noPermission]);
  t.true(await alive(session));
});
