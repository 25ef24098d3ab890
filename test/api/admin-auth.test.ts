import test from 'ava';

import { Secret, TOTP } from 'otpauth';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  type AdminIdentity,
  type AdminSession,
  type AdminTotpSetup,
  type AdminTotpEnabled,
  message,
} from '@ecup/domain';
import { apiSuite } from '../helpers/api-suite.ts';
import { buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';
import { totpCode, wrongTotpCode } from '../helpers/totp.ts';

// Behind a trusted proxy, so every request can claim its own address and the per-IP sign-in limit stays out of
// the way of the per-account one these tests count on.
const suite = apiSuite({ label: 'adminauth', env: { TRUST_PROXY: 'on' } }, { spreadAddresses: true });

/** The code an authenticator app shows for `secret` at the server's time, `offsetMs` from then. */
const codeFor = (secret: string, offsetMs = 0) => totpCode(secret, suite.server.clock.now().getTime() + offsetMs);
const wrongCodeFor = (secret: string) => wrongTotpCode(secret, suite.server.clock.now().getTime());

/** A staff member with TOTP already on (as after an enrolment). */
async function staffWithTotp(permissions: number) {
  const secret = new Secret({ size: 20 }).base32;
  const user = await buildUser(suite.server.knex, { permissions, totp_enabled: true, totp_secret: secret });
  return { user, secret };
}

const login = (fields: Record<string, string>) => suite.api.postJson('/admin/api/auth/login', fields);
const me = (auth: Credentials) => suite.api.get<AdminIdentity>('/admin/api/auth/me', { auth });
const authOf = (body: { id: number; token: string }): Credentials => ({ id: body.id, token: body.token });

test('a staff member without two-factor signs in with username and password and gets {id, token, user}', async (t) => {
  const editor = await buildUser(suite.server.knex, { permissions: PERMISSIONS.canPublishNews });
  const res = await login({ username: editor.username, password: editor.password });
  t.is(res.status, 200);
  const body = res.body as unknown as AdminSession;
  t.is(body.id, editor.id);
  t.regex(body.token, /^[0-9a-f]{64}$/);
  t.like(body.user, { id: editor.id, permissions: 16, flags: ['canPublishNews'], totp_enabled: false });
  t.deepEqual(body.user.resources, ['news']);
  const identity = await me(authOf(body));
  t.is(identity.status, 200);
  t.is(identity.body.username, editor.username);
});

test('players get 403, a wrong password 401, a banned staff member 403 with the reason', async (t) => {
  const player = await buildUser(suite.server.knex);
  const res = await login({ username: player.username, password: player.password });
  t.deepEqual([res.status, res.body], [403, message('noPermission')]);
  const wrong = await login({ username: player.username, password: 'not the password' });
  t.deepEqual([wrong.status, wrong.body], [401, message('wrongCredentials')]);
  const banned = await buildUser(suite.server.knex, {
    permissions: PERMISSIONS.canBanUsers,
    banned_until: new Date('9999-12-31T00:00:00Z'),
    ban_reason: 'Abuse of power',
  });
  const refused = await login({ username: banned.username, password: banned.password });
  t.is(refused.status, 403);
  t.like(refused.body, {
    error: 'You are banned. Reason: Abuse of power',
    code: 'banned',
    params: { reason: 'Abuse of power', until: null },
  });
  t.is((await suite.server.knex('sessions').whereIn('user_id', [player.id, banned.id])).length, 0);
});

test('with two-factor on, a code is required: none 401, a wrong one 401, the right one opens a session once', async (t) => {
  const { user, secret } = await staffWithTotp(PERMISSIONS.canResolveConflicts);
  const none = await login({ username: user.username, password: user.password });
  t.deepEqual([none.status, none.body], [401, { ...message('secondFactorRequired'), totp_required: true }]);
  const bad = await login({ username: user.username, password: user.password, code: wrongCodeFor(secret) });
  t.deepEqual([bad.status, bad.body], [401, { ...message('secondFactorInvalid'), totp_required: true }]);
  const malformed = await login({ username: user.username, password: user.password, code: '12ab56' });
  t.deepEqual([malformed.status, malformed.body], [401, { ...message('secondFactorInvalid'), totp_required: true }]);
  // A wrong password with the right code is still a wrong password.
  const wrongPassword = await login({ username: user.username, password: 'nope nope', code: codeFor(secret) });
  t.deepEqual([wrongPassword.status, wrongPassword.body], [401, message('wrongCredentials')]);
  t.is((await suite.server.knex('sessions').where('user_id', user.id)).length, 0);

  const code = codeFor(secret);
  const good = await login({
    username: user.username,
    password: user.password,
    code: `${code.slice(0, 3)} ${code.slice(3)}`,
  });
  t.is(good.status, 200);
  const session = good.body as unknown as AdminSession;
  t.true(session.user.totp_enabled);
  t.is((await me(authOf(session))).status, 200);
  // The same code a second time is refused (RFC 6238 §5.2: a code works once).
  const replay = await login({ username: user.username, password: user.password, code });
  t.deepEqual([replay.status, replay.body], [401, { ...message('secondFactorInvalid'), totp_required: true }]);
  // The next period's code works (one period of drift either side).
  const next = await login({ username: user.username, password: user.password, code: codeFor(secret, 30_000) });
  t.is(next.status, 200);
});

test('a session from the player app’s sign-in does not open the console for an account with two-factor on, even with the code', async (t) => {
  const { user, secret } = await staffWithTotp(PERMISSIONS.canSeeUserProfile);
  const player = await suite.api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
    code: codeFor(secret),
  });
  t.is(player.status, 200);
  const refused = await suite.api.get('/admin/api/users', { auth: authOf(player.body) });
  t.deepEqual([refused.status, refused.body], [401, { ...message('consoleSignInRequired'), totp_required: true }]);
  const console = await login({ username: user.username, password: user.password, code: codeFor(secret, 30_000) });
  t.is(
    (await suite.api.get('/admin/api/users', { auth: authOf(console.body as unknown as AdminSession) })).status,
    200,
  );
});

test('wrong codes count towards the sign-in limit of the account (429 after 5)', async (t) => {
  const { user, secret } = await staffWithTotp(PERMISSIONS.canIPBan);
  const wrong = wrongCodeFor(secret);
  for (let i = 0; i < 5; i++) {
    const res = await login({ username: user.username, password: user.password, code: wrong });
    t.is(res.status, 401);
  }
  const locked = await login({ username: user.username, password: user.password, code: codeFor(secret) });
  t.is(locked.status, 429);
  t.regex(String(locked.body.error), /^Too many attempts\./);
});

test('a holder of every flag without two-factor gets no session and no set-up from the password alone', async (t) => {
  const owner = await buildUser(suite.server.knex, { permissions: ALL_PERMISSIONS });
  const res = await login({ username: owner.username, password: owner.password });
  t.deepEqual([res.status, res.body], [403, message('enrolmentLinkRequired')]);
  t.is((await suite.server.knex('sessions').where('user_id', owner.id)).length, 0);
  const row = await suite.server.knex('users').where('id', owner.id).first('totp_secret', 'totp_enabled');
  t.deepEqual([row!.totp_secret, Boolean(row!.totp_enabled)], [null, false]);
});

test('a holder of every flag cannot use a player-app session to enrol or to open the console', async (t) => {
  const owner = await signedInUser(suite.server.knex, { permissions: ALL_PERMISSIONS });
  const setup = await suite.api.postJson('/admin/api/auth/totp/setup', {}, { auth: owner.auth });
  t.deepEqual([setup.status, setup.body], [401, { ...message('consoleSignInRequired'), totp_required: true }]);
  const users = await suite.api.get('/admin/api/users', { auth: owner.auth });
  t.is(users.status, 401);
  const tokenOnly = await suite.api.postJson('/admin/api/auth/totp/setup', { setup_token: 'f'.repeat(64) });
  t.deepEqual([tokenOnly.status, tokenOnly.body], [401, message('notSignedIn')]);
});

test('a player-app session of a staff member without two-factor gets 401 on every console route; the console sign-in opens them', async (t) => {
  const editor = await buildUser(suite.server.knex, { permissions: ALL_PERMISSIONS & ~PERMISSIONS.canIPBan });
  const player = await suite.api.post<{ id: number; token: string }>('/user/login', {
    username: editor.username,
    password: editor.password,
  });
  t.is(player.status, 200);
  const auth = authOf(player.body);
  const refusal = [401, message('consoleSessionRequired')];
  t.deepEqual([(await me(auth)).status, (await me(auth)).body], refusal);
  for (const path of ['/admin/api/users', '/admin/api/dashboard', '/admin/api/news', '/admin/api/trophy-winners.csv']) {
    const res = await suite.api.get(path, { auth });
    t.deepEqual([res.status, res.body], refusal, path);
  }
  const setup = await suite.api.postJson('/admin/api/auth/totp/setup', {}, { auth });
  t.deepEqual([setup.status, setup.body], refusal);
  t.is((await suite.server.knex('users').where('id', editor.id).first('totp_secret'))!.totp_secret, null);
  const console = await login({ username: editor.username, password: editor.password });
  t.is(
    (await suite.api.get('/admin/api/users', { auth: authOf(console.body as unknown as AdminSession) })).status,
    200,
  );
});

test('a staff member turns two-factor on while signed in, and off again, each with the password and a code; audited', async (t) => {
  const moderator = await buildUser(suite.server.knex, { permissions: PERMISSIONS.canBanUsers });
  const signIn = await login({ username: moderator.username, password: moderator.password });
  const auth = authOf(signIn.body as unknown as AdminSession);
  t.deepEqual((await suite.api.postJson('/admin/api/auth/totp/enable', { code: '123456' }, { auth })).body, {
    ...message('totpSetupMissing'),
  });
  const setup = await suite.api.postJson<AdminTotpSetup>('/admin/api/auth/totp/setup', {}, { auth });
  t.is(setup.status, 200);
  const stored = await suite.server.knex('users').where('id', moderator.id).first('totp_secret');
  t.regex(stored!.totp_secret!, /^v1:[^:]+:[^:]+:[^:]+$/, 'the secret is stored encrypted');
  t.false(stored!.totp_secret!.includes(setup.body.secret));
  // A session alone, or with a wrong password, does not turn it on.
  for (const password of [undefined, 'not the password']) {
    const refused = await suite.api.postJson(
      '/admin/api/auth/totp/enable',
      { code: codeFor(setup.body.secret), ...(password === undefined ? {} : { password }) },
      { auth },
    );
    t.deepEqual(
      [refused.status, refused.body],
      [400, message(password === undefined ? 'passwordRequired' : 'wrongCurrentPassword')],
    );
  }
  t.false(Boolean((await suite.server.knex('users').where('id', moderator.id).first('totp_enabled'))!.totp_enabled));
  t.is((await suite.server.knex('recovery_codes').where('user_id', moderator.id)).length, 0);
  const enabled = await suite.api.postJson<AdminTotpEnabled>(
    '/admin/api/auth/totp/enable',
    { password: moderator.password, code: codeFor(setup.body.secret) },
    { auth },
  );
  t.is(enabled.status, 200);
  t.true(enabled.body.totp_enabled);
  t.is(enabled.body.recovery_codes.length, 10);
  t.is((await suite.server.knex('recovery_codes').where('user_id', moderator.id)).length, 10);
  // This session proved the code and keeps the console; a second set-up is refused.
  t.true((await me(auth)).body.totp_enabled);
  const twice = await suite.api.postJson('/admin/api/auth/totp/setup', {}, { auth });
  t.deepEqual([twice.status, twice.body], [409, message('totpAlreadyEnabled')]);

  const noCode = await suite.api.postJson('/admin/api/auth/totp/disable', { password: moderator.password }, { auth });
  t.deepEqual([noCode.status, noCode.body], [400, message('secondFactorRequired')]);
  const noPassword = await suite.api.postJson(
    '/admin/api/auth/totp/disable',
    { code: codeFor(setup.body.secret, 30_000) },
    { auth },
  );
  t.deepEqual([noPassword.status, noPassword.body], [400, message('passwordRequired')]);
  const wrongPassword = await suite.api.postJson(
    '/admin/api/auth/totp/disable',
    { password: 'not the password', code: codeFor(setup.body.secret, 30_000) },
    { auth },
  );
  t.deepEqual([wrongPassword.status, wrongPassword.body], [400, message('wrongCurrentPassword')]);
  t.true(Boolean((await suite.server.knex('users').where('id', moderator.id).first('totp_enabled'))!.totp_enabled));
  const disabled = await suite.api.postJson(
    '/admin/api/auth/totp/disable',
    { password: moderator.password, code: codeFor(setup.body.secret, 30_000) },
    { auth },
  );
  t.deepEqual([disabled.status, disabled.body], [200, { totp_enabled: false }]);
  const row = await suite.server.knex('users').where('id', moderator.id).first('totp_secret', 'totp_enabled');
  t.deepEqual([row!.totp_secret, Boolean(row!.totp_enabled)], [null, false]);
  t.is(
    (await suite.server.knex('recovery_codes').where('user_id', moderator.id)).length,
    0,
    'turning it off deletes them',
  );
  const actions = await suite.server
    .knex('audit_log')
    .where({ entity: 'user', entity_id: String(moderator.id) })
    .orderBy('id')
    .pluck('action');
  t.deepEqual(actions, ['totp.setup', 'totp.enable', 'totp.disable']);
  const off = await suite.api.postJson(
    '/admin/api/auth/totp/disable',
    { password: moderator.password, code: '000000' },
    { auth },
  );
  t.deepEqual([off.status, off.body], [409, message('totpNotEnabled')]);
});

test('a holder of every flag cannot turn two-factor off', async (t) => {
  const { user, secret } = await staffWithTotp(ALL_PERMISSIONS);
  const signIn = await login({ username: user.username, password: user.password, code: codeFor(secret) });
  t.is(signIn.status, 200);
  const auth = authOf(signIn.body as unknown as AdminSession);
  const res = await suite.api.postJson(
    '/admin/api/auth/totp/disable',
    { password: user.password, code: codeFor(secret, 30_000) },
    { auth },
  );
  t.deepEqual([res.status, res.body], [403, message('totpRequiredForAllFlags')]);
  t.true(Boolean((await suite.server.knex('users').where('id', user.id).first('totp_enabled'))!.totp_enabled));
});

test.serial('codes are checked at the server’s clock, so a moved test clock moves the valid code', async (t) => {
  const { user, secret } = await staffWithTotp(PERMISSIONS.canSeeCountryStats);
  const realNow = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });
  suite.server.clock.advance(3_600_000);
  try {
    const serverNow = codeFor(secret);
    if (serverNow !== realNow) {
      const stale = await login({ username: user.username, password: user.password, code: realNow });
      t.is(stale.status, 401);
    }
    const res = await login({ username: user.username, password: user.password, code: serverNow });
    t.is(res.status, 200);
  } finally {
    suite.server.clock.advance(-3_600_000);
  }
});
