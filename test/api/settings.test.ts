import test from 'ava';
import { refusalBody } from '../helpers/messages.ts';
import { ALL_PERMISSIONS, MESSAGES, PERMISSIONS, message } from '@ecup/domain';
import { createSession } from '@ecup/db';
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

/**
 * A user with a password-only session made directly, as /user/login makes it, so tests that need many accounts stay
 * clear of the sign-in limit per address.
 */
async function withSession(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server.knex, overrides);
  const { result } = await createSession(server.knex, { user_id: user.id, ip: null, user_agent: null });
  return { user, auth: { id: result.id, token: result.token } };
}

async function signedIn(overrides = {}) {
  const user = await buildUser(server.knex, overrides);
  const login = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  return { user, auth: login.body };
}

test("saves personal info and answers 'Your personal information has been saved.'", async (t) => {
  const { user, auth } = await signedIn();
  // The same e-mail: names save without the password (a new address goes by link: email-change.test.ts).
  const res = await api.post<{ message: string; user: Record<string, unknown> }>(
    '/user/profile/update',
    { first_name: ' Maja ', last_name: 'Lind', email: user.email },
    { auth },
  );
  t.is(res.status, 200);
  t.is(res.body.message, 'Your personal information has been saved.');
  t.is(res.body.user.first_name, 'Maja');
  const row = await server.knex('users').where('id', user.id).first();
  t.is(row!.last_name, 'Lind');
  t.is(row!.email, user.email);
});

test('refuses a settings e-mail under 6 characters and changes nothing', async (t) => {
  const { user, auth } = await signedIn();
  const res = await api.post('/user/profile/update', { first_name: 'A', last_name: 'B', email: 'a@b.c' }, { auth });
  t.is(res.status, 400);
  t.deepEqual(res.body, refusalBody('Invalid e-mail address.'));
  t.is((await server.knex('users').where('id', user.id).first())!.email, user.email);
});

test("refuses a 51-character first name with 'Your first name is too long.'", async (t) => {
  const { auth } = await signedIn();
  const res = await api.post(
    '/user/profile/update',
    { first_name: 'x'.repeat(51), last_name: 'B', email: 'ok@example.com' },
    { auth },
  );
  t.deepEqual(res.body, refusalBody('Your first name is too long.'));
});

test("refuses another player's e-mail", async (t) => {
  const other = await buildUser(server.knex);
  const { user, auth } = await signedIn();
  const res = await api.post(
    '/user/profile/update',
    { first_name: 'A', last_name: 'B', email: other.email, current_password: user.password },
    { auth },
  );
  t.is(res.status, 400);
  t.deepEqual(res.body, message('emailInUse'));
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
    t.deepEqual(none.body, message('notSignedIn'));
    const wrong = await api.post(path, {}, { auth: { id: user.id, token: '0'.repeat(64) } });
    t.is(wrong.status, 401, path);
  }
});

test("saves console and gamer tag with 'Your console information has been saved.'", async (t) => {
  const { user, auth } = await signedIn();
  const res = await api.post('/user/console/update', { console: '1', gamer_tag: 'New Tag_1' }, { auth });
  t.is(res.status, 200);
  t.is(res.body.message, 'Your console information has been saved.');
  t.is((await server.knex('users').where('id', user.id).first())!.gamer_tag, 'New Tag_1');
});

test('refuses a console update without a console or with an illegal gamer tag', async (t) => {
  const { auth } = await signedIn();
  t.deepEqual(
    (await api.post('/user/console/update', { gamer_tag: 'Tag' }, { auth })).body,
    refusalBody('You must select a console.'),
  );
  t.deepEqual(
    (await api.post('/user/console/update', { console: '1', gamer_tag: 'bad!' }, { auth })).body,
    refusalBody('Your PSN Live ID contains illegal characters.'),
  );
  t.deepEqual((await api.post('/user/console/update', { console: '1', gamer_tag: 'x'.repeat(26) }, { auth })).body, {
    ...message('psnIdTooLong'),
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
  t.is((await server.knex('users').where('id', user.id).first())!.avatar_hash, first.body.avatar_hash);
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
  t.deepEqual(res.body, message('photoType'));
  t.is((await server.knex('users').where('id', user.id).first())!.avatar_hash, null);
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
  t.deepEqual(wrong.body, message('wrongCurrentPassword'));
  const short = await api.post('/user/password/change', { current_password: 'x', new_password: '12345' }, { auth });
  t.deepEqual(short.body, refusalBody('Your password is too short.'));
  const long = await api.post(
    '/user/password/change',
    { current_password: 'x', new_password: 'y'.repeat(101) },
    { auth },
  );
  t.deepEqual(long.body, refusalBody('Your password is too long.'));
  const mismatch = await api.post(
    '/user/password/change',
    { current_password: 'x', new_password: '12345678', repeat_password: '12345679' },
    { auth },
  );
  t.deepEqual(mismatch.body, refusalBody('Your password does not match the repeated password.'));
});

test("refuses a 6- or 7-character new password with 'Your password is too short.', as sign-up does, and keeps the old one", async (t) => {
  const { user, auth } = await withSession();
  for (const new_password of ['123456', '1234567']) {
    const res = await api.post('/user/password/change', { current_password: user.password, new_password }, { auth });
    t.is(res.status, 400);
    t.deepEqual(res.body, message('passwordTooShort'));
  }
  const unchanged = await server.knex('users').where('id', user.id).first('password_hash');
  t.is(unchanged!.password_hash, user.password_hash, 'the old password stays');
  const eight = await api.post(
    '/user/password/change',
    { current_password: user.password, new_password: '12345678' },
    { auth },
  );
  t.is(eight.status, 200);
});

test("changes the IRL and FIFA teams with 'Your team information has been saved.'; the ranking shows the new team", async (t) => {
  const { user, auth } = await withSession({ elo: 1234, games_played: 3 });
  const before = await api.get<{ rankings: { id: number; team: { name: string } }[] }>(
    `/ranking/list?sorting=0&search=${user.username}`,
  );
  t.is(before.body.rankings.find((row) => row.id === user.id)?.team.name, 'IFK Göteborg');
  const res = await api.post<{ message: string; user: { team: { name: string }; fifa_team_name: string } }>(
    '/user/team/update',
    { irl_team: ' Hammarby IF ', fifa_team: ' Inter ' },
    { auth },
  );
  t.is(res.status, 200);
  t.is(res.body.message, MESSAGES.teamsSaved);
  t.is(res.body.user.team.name, 'Hammarby IF');
  t.is(res.body.user.fifa_team_name, 'Inter');
  t.like(await server.knex('users').where('id', user.id).first(), {
    team_name: 'Hammarby IF',
    fifa_team_name: 'Inter',
  });
  const after = await api.get<{ rankings: { id: number; team: { name: string } }[] }>(
    `/ranking/list?sorting=0&search=${user.username}`,
  );
  t.is(after.body.rankings.find((row) => row.id === user.id)?.team.name, 'Hammarby IF');
});

test("refuses a team change without a team or with a 101-character name, with sign-up's messages, and changes nothing", async (t) => {
  const { user, auth } = await withSession();
  const cases: [Record<string, string>, string][] = [
    [{ irl_team: '', fifa_team: 'Inter' }, MESSAGES.teamsRequired],
    [{ irl_team: 'AIK', fifa_team: '   ' }, MESSAGES.teamsRequired],
    [{ irl_team: 'AIK' }, MESSAGES.teamsRequired],
    [{ irl_team: 'x'.repeat(101), fifa_team: 'Inter' }, MESSAGES.teamNameTooLong],
    [{ irl_team: 'AIK', fifa_team: 'y'.repeat(101) }, MESSAGES.teamNameTooLong],
  ];
  for (const [body, error] of cases) {
    const res = await api.post('/user/team/update', body, { auth });
    t.is(res.status, 400, JSON.stringify(body));
    t.deepEqual(res.body, refusalBody(error));
  }
  t.like(await server.knex('users').where('id', user.id).first(), {
    team_name: 'IFK Göteborg',
    fifa_team_name: 'Real Madrid',
  });
  t.is((await api.post('/user/team/update', { irl_team: 'AIK', fifa_team: 'Inter' })).status, 401);
});

test('the user object says which staff flags the session may use: none for an every-flag account signed in with a password', async (t) => {
  const moderator = await withSession({ permissions: PERMISSIONS.canBanUsers });
  const mod = await api.get<{ user: { permissions: number; session_permissions: number } }>('/user/auth', {
    auth: moderator.auth,
  });
  t.like(mod.body.user, { permissions: PERMISSIONS.canBanUsers, session_permissions: PERMISSIONS.canBanUsers });

  const owner = await withSession({ permissions: ALL_PERMISSIONS });
  const own = await api.get<{ user: { permissions: number; session_permissions: number } }>('/user/auth', {
    auth: owner.auth,
  });
  t.like(own.body.user, { permissions: ALL_PERMISSIONS, session_permissions: 0 });
  const posted = await api.post<{ user: { session_permissions: number } }>('/user/auth', {
    id: String(owner.auth.id),
    token: owner.auth.token,
  });
  t.is(posted.body.user.session_permissions, 0);
  const withTotp = await withSession({ permissions: PERMISSIONS.canBanUsers, totp_enabled: true });
  const totp = await api.get<{ user: { session_permissions: number } }>('/user/auth', { auth: withTotp.auth });
  t.is(totp.body.user.session_permissions, 0, 'two-factor turned on: a password-only session acts as a player');
});
