import test from 'ava';
import { refusalBody } from '../helpers/messages.ts';
import { message } from '@ecup/domain';
import { hashToken } from '@ecup/security';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'login' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

test('signs in with username and password and answers {id, token}', async (t) => {
  const user = await buildUser(server.knex);
  const res = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  t.is(res.status, 200);
  t.deepEqual(Object.keys(res.body).sort(), ['id', 'token']);
  t.is(res.body.id, user.id);
  t.regex(res.body.token, /^[0-9a-f]{64}$/);
});

test('signs in with a JSON body too, with the username in any case', async (t) => {
  const user = await buildUser(server.knex);
  const res = await api.postJson('/user/login', { username: user.username.toUpperCase(), password: user.password });
  t.is(res.status, 200);
  t.is(res.body.id, user.id);
});

test('stores only the SHA-256 of the token', async (t) => {
  const user = await buildUser(server.knex);
  const res = await api.post<{ token: string }>('/user/login', { username: user.username, password: user.password });
  const rows = await server.knex('sessions').where('user_id', user.id);
  t.is(rows.length, 1);
  t.is(rows[0]!.token_hash, hashToken(res.body.token));
  t.false(JSON.stringify(rows).includes(res.body.token));
});

test("answers 400 'You must enter your username.' without a username", async (t) => {
  const res = await api.post('/user/login', { username: '  ', password: 'x' });
  t.is(res.status, 400);
  t.deepEqual(res.body, refusalBody('You must enter your username.'));
});

test("answers 400 'You must enter your password.' without a password", async (t) => {
  const res = await api.post('/user/login', { username: 'someone' });
  t.is(res.status, 400);
  t.deepEqual(res.body, refusalBody('You must enter your password.'));
});

test('answers the same 401 for a wrong password and an unknown user', async (t) => {
  const user = await buildUser(server.knex);
  const wrong = await api.post('/user/login', { username: user.username, password: 'not the password' });
  const unknown = await api.post('/user/login', { username: 'nobody_here', password: 'not the password' });
  t.is(wrong.status, 401);
  t.is(unknown.status, 401);
  t.deepEqual(wrong.body, message('wrongCredentials'));
  t.deepEqual(unknown.body, wrong.body);
});

test('refuses a banned user with the reason and the end of the ban', async (t) => {
  const until = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  const user = await buildUser(server.knex, { banned_until: until, ban_reason: 'Cheating in game 12' });
  const res = await api.post('/user/login', { username: user.username, password: user.password });
  t.is(res.status, 403);
  t.regex(String(res.body.error), /^You are banned until .+\. Reason: Cheating in game 12$/);
});

test('refuses a permanently banned user without a date', async (t) => {
  const user = await buildUser(server.knex, { banned_until: new Date('9999-12-31T00:00:00Z'), ban_reason: 'Abuse' });
  const res = await api.post('/user/login', { username: user.username, password: user.password });
  t.is(res.status, 403);
  t.is(res.body.error, 'You are banned. Reason: Abuse');
});

test('lets a player in again once the ban has run out', async (t) => {
  const user = await buildUser(server.knex, { banned_until: new Date(Date.now() - 1000), ban_reason: 'Over' });
  const res = await api.post('/user/login', { username: user.username, password: user.password });
  t.is(res.status, 200);
});

test('GET /user/auth with the Bearer pair answers id, token and the user', async (t) => {
  const user = await buildUser(server.knex, { first_name: 'Nils' });
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  const res = await api.get<{ id: number; token: string; user: Record<string, unknown> }>('/user/auth', {
    auth: login.body,
  });
  t.is(res.status, 200);
  t.is(res.body.id, user.id);
  t.is(res.body.token, login.body.token);
  const u = res.body.user;
  for (const field of [
    'id',
    'username',
    'first_name',
    'last_name',
    'email',
    'avatar_hash',
    'rank',
    'permissions',
    'admin',
    'console',
    'gamer_tag',
    'game_id',
    'team',
    'fifa_team_name',
    'wins',
    'losses',
    'ties',
    'scored_goals',
    'conceded_goals',
    'secured_trophies',
    'unsecured_trophies',
    'elo',
    'online',
  ]) {
    t.true(field in u, `user has ${field}`);
  }
  t.is(u.first_name, 'Nils');
  t.deepEqual(u.team, { name: 'IFK Göteborg', avatar_hash: null });
  t.is(u.admin, false);
  t.false('password_hash' in u);
});

test('POST /user/auth takes id and token from the body (the /auth/{id}/{token} screen)', async (t) => {
  const user = await buildUser(server.knex);
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  const res = await api.post('/user/auth', { id: String(login.body.id), token: login.body.token });
  t.is(res.status, 200);
  t.is(res.body.id, user.id);
  const viaUnderscore = await api.post('/user/auth', { _u: String(login.body.id), _t: login.body.token });
  t.is(viaUnderscore.status, 200);
});

test('/user/auth answers 401 for a wrong token, a token of another user and no token', async (t) => {
  const a = await buildUser(server.knex);
  const b = await buildUser(server.knex);
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: a.username,
    password: a.password,
  });
  const wrong = await api.get('/user/auth', { auth: { id: a.id, token: 'f'.repeat(64) } });
  t.is(wrong.status, 401);
  t.deepEqual(wrong.body, message('sessionExpired'));
  const other = await api.get('/user/auth', { auth: { id: b.id, token: login.body.token } });
  t.is(other.status, 401);
  const none = await api.get('/user/auth');
  t.is(none.status, 401);
  t.deepEqual(none.body, message('notSignedIn'));
  const garbage = await api.get('/user/auth', { headers: { Authorization: 'Bearer nonsense' } });
  t.is(garbage.status, 401);
});

test('ignores a token sent in the query string', async (t) => {
  const user = await buildUser(server.knex);
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  const res = await api.get('/user/auth', { query: { _u: login.body.id, _t: login.body.token } });
  t.is(res.status, 401);
});

test('a banned user’s existing session stops working at once', async (t) => {
  const user = await buildUser(server.knex);
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  await server
    .knex('users')
    .where('id', user.id)
    .update({ banned_until: new Date(Date.now() + 3600_000), ban_reason: 'Spam' });
  const res = await api.get('/user/auth', { auth: login.body });
  t.is(res.status, 403);
  t.regex(String(res.body.error), /Reason: Spam$/);
});

test('signing out ends only this session', async (t) => {
  const user = await buildUser(server.knex);
  const first = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  const second = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
  });
  const out = await api.post('/user/logout', {}, { auth: first.body });
  t.is(out.status, 200);
  t.is((await api.get('/user/auth', { auth: first.body })).status, 401);
  t.is((await api.get('/user/auth', { auth: second.body })).status, 200);
  t.is((await api.post('/user/logout', {})).status, 401);
});
