import test from 'ava';
import { MESSAGES } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, pngImage } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'settings' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

async function signedIn(overrides = {}) {
  const user = await buildUser(server.knex, overrides);
  const login = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  return { user, auth: login.body };
}

test("saves personal info and answers 'Your personal information has been saved.'", async (t) => {
  const { user, auth } = await signedIn();
  const res = await api.post<{ message: string; user: Record<string, unknown> }>(
    '/user/profile/update',
    { first_name: ' Maja ', last_name: 'Lind', email: `maja-${user.id}@example.com` },
    { auth },
  );
  t.is(res.status, 200);
  t.is(res.body.message, 'Your personal information has been saved.');
  t.is(res.body.user.first_name, 'Maja');
  const row = await server.knex('users').where('id', user.id).first();
  t.is(row.last_name, 'Lind');
  t.is(row.email, `maja-${user.id}@example.com`);
});

test('refuses a settings e-mail under 6 characters and changes nothing', async (t) => {
  const { user, auth } = await signedIn();
  const res = await api.post('/user/profile/update', { first_name: 'A', last_name: 'B', email: 'a@b.c' }, { auth });
  t.is(res.status, 400);
  t.deepEqual(res.body, { error: 'Invalid e-mail address.' });
  t.is((await server.knex('users').where('id', user.id).first()).email, user.email);
});

test("refuses a 51-character first name with 'Your first name is too long.'", async (t) => {
  const { auth } = await signedIn();
  const res = await api.post(
    '/user/profile/update',
    { first_name: 'x'.repeat(51), last_name: 'B', email: 'ok@example.com' },
    { auth },
  );
  t.deepEqual(res.body, { error: 'Your first name is too long.' });
});

test("refuses another player's e-mail", async (t) => {
  const other = await buildUser(server.knex);
  const { auth } = await signedIn();
  const res = await api.post('/user/profile/update', { first_name: 'A', last_name: 'B', email: other.email }, { auth });
  t.is(res.status, 400);
  t.deepEqual(res.body, { error: MESSAGES.emailInUse });
});

test("two players taking the same new e-mail at once: one is saved, the other gets 'in use', never a 500", async (t) => {
  const players = await Promise.all([1, 2, 3, 4].map(() => signedIn()));
  const email = `shared-${players[0]!.user.id}@example.com`;
  const answers = await Promise.all(
    players.map(({ auth }) => api.post('/user/profile/update', { first_name: 'A', last_name: 'B', email }, { auth })),
  );
  t.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400, 400]);
  for (const refused of answers.filter((a) => a.status === 400))
    t.deepEqual(refused.body, { error: MESSAGES.emailInUse });
  t.is((await server.knex('users').where('email', email)).length, 1);
});

test('settings calls answer 401 without a session and 401 with a wrong token', async (t) => {
  const { user } = await signedIn();
  for (const path of [
    '/user/profile/update',
    '/user/console/update',
    '/user/password/change',
    '/user/profile_picture/set',
  ]) {
    const none = await api.post(path, {});
    t.is(none.status, 401, path);
    t.deepEqual(none.body, { error: MESSAGES.notSignedIn });
    const wrong = await api.post(path, {}, { auth: { id: user.id, token: '0'.repeat(64) } });
    t.is(wrong.status, 401, path);
  }
});

test("saves console and gamer tag with 'Your console information has been saved.'", async (t) => {
  const { user, auth } = await signedIn();
  const res = await api.post('/user/console/update', { console: '1', gamer_tag: 'New Tag_1' }, { auth });
  t.is(res.status, 200);
  t.is(res.body.message, 'Your console information has been saved.');
  t.is((await server.knex('users').where('id', user.id).first()).gamer_tag, 'New Tag_1');
});

test('refuses a console update without a console or with an illegal gamer tag', async (t) => {
  const { auth } = await signedIn();
  t.deepEqual((await api.post('/user/console/update', { gamer_tag: 'Tag' }, { auth })).body, {
    error: 'You must select a console.',
  });
  t.deepEqual((await api.post('/user/console/update', { console: '1', gamer_tag: 'bad!' }, { auth })).body, {
    error: 'Your PSN Live ID contains illegal characters.',
  });
  t.deepEqual((await api.post('/user/console/update', { console: '1', gamer_tag: 'x'.repeat(26) }, { auth })).body, {
    error: MESSAGES.psnIdTooLong,
  });
});

test('sets a profile picture and answers its avatar hash; the old one is removed', async (t) => {
  const { user, auth } = await signedIn();
  const first = await api.postMultipart<{ avatar_hash: string }>(
    '/user/profile_picture/set',
    {},
    { photo: { data: await pngImage(100, 100), name: 'a.png', type: 'image/png' } },
    { auth },
  );
  t.is(first.status, 200);
  t.regex(first.body.avatar_hash, /^[0-9a-f]{32}$/);
  t.is((await server.knex('users').where('id', user.id).first()).avatar_hash, first.body.avatar_hash);
  const second = await api.postMultipart<{ avatar_hash: string }>(
    '/user/profile_picture/set',
    {},
    { photo: { data: await pngImage(100, 100, '#ff0000'), name: 'b.png', type: 'image/png' } },
    { auth },
  );
  t.is(second.status, 200);
  t.not(second.body.avatar_hash, first.body.avatar_hash);
  t.is(await server.deps.images.get('avatar_small', first.body.avatar_hash), null);
  t.truthy(await server.deps.images.get('avatar_small', second.body.avatar_hash));
});

test('refuses a profile picture that is not an image', async (t) => {
  const { user, auth } = await signedIn();
  const res = await api.postMultipart(
    '/user/profile_picture/set',
    {},
    { photo: { data: Buffer.from('<svg onload=alert(1)>'), name: 'x.svg', type: 'image/svg+xml' } },
    { auth },
  );
  t.is(res.status, 400);
  t.deepEqual(res.body, { error: MESSAGES.photoType });
  t.is((await server.knex('users').where('id', user.id).first()).avatar_hash, null);
});

test('changing the password answers a new token and revokes the other sessions', async (t) => {
  const { user, auth } = await signedIn();
  const other = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  const res = await api.post<{ id: number; token: string; message: string }>(
    '/user/password/change',
    { current_password: user.password, new_password: 'brand new pass', repeat_password: 'brand new pass' },
    { auth },
  );
  t.is(res.status, 200);
  t.is(res.body.message, 'Your password has been changed.');
  t.not(res.body.token, auth.token);
  t.is((await api.get('/user/auth', { auth: other.body })).status, 401);
  t.is((await api.get('/user/auth', { auth })).status, 401);
  t.is((await api.get('/user/auth', { auth: { id: res.body.id, token: res.body.token } })).status, 200);
  t.is((await api.post('/user/login', { username: user.username, password: user.password })).status, 401);
  t.is((await api.post('/user/login', { username: user.username, password: 'brand new pass' })).status, 200);
});

test('refuses a password change with a wrong current password, a short or a mismatched new one', async (t) => {
  const { auth } = await signedIn();
  const wrong = await api.post(
    '/user/password/change',
    { current_password: 'not it at all', new_password: 'brand new pass' },
    { auth },
  );
  t.is(wrong.status, 400);
  t.deepEqual(wrong.body, { error: MESSAGES.wrongCurrentPassword });
  const short = await api.post('/user/password/change', { current_password: 'x', new_password: '12345' }, { auth });
  t.deepEqual(short.body, { error: 'Your password is too short.' });
  const long = await api.post(
    '/user/password/change',
    { current_password: 'x', new_password: 'y'.repeat(101) },
    { auth },
  );
  t.deepEqual(long.body, { error: 'Your password is too long.' });
  const mismatch = await api.post(
    '/user/password/change',
    { current_password: 'x', new_password: '123456', repeat_password: '1234567' },
    { auth },
  );
  t.deepEqual(mismatch.body, { error: 'Your password does not match the repeated password.' });
});
