import test from 'ava';
import { Secret, TOTP } from 'otpauth';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  type AdminEnrolmentDone,
  type AdminEnrolmentStart,
  type AdminIdentity,
  type AuthResponse,
  message,
} from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { cli } from '../helpers/cli.ts';

// Behind a trusted proxy, so every request can claim its own address and the per-IP sign-in limit stays out of
// the way of the per-account one.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'enrol', env: { TRUST_PROXY: 'on' } });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => server?.close());

const LINK = /^Enrolment link \(valid 30 minutes, once\): http:\/\/localhost:3000\/admin\/enrol#token=([0-9a-f]{64})$/m;

/** Runs the operator CLI at the server's clock. */
const run = (...args: string[]) => cli(args, { databaseUrl: server.config.databaseUrl, now: server.clock.now() });

/** The token of the enrolment link a CLI run printed (fails the test when there is none). */
function linkToken(stdout: string): string {
  const match = LINK.exec(stdout);
  if (!match) throw new Error(`no enrolment link in:\n${stdout}`);
  return match[1]!;
}

function codeFor(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: server.clock.now().getTime() + offsetMs });
}

const login = (fields: Record<string, string>) => api.postJson('/admin/api/auth/login', fields);
const start = (token: string) => api.postJson<AdminEnrolmentStart>('/admin/api/auth/enrol/start', { token });
const finish = (token: string, code: string, password: string) =>
  api.postJson<AdminEnrolmentDone>('/admin/api/auth/enrol/finish', { token, password, code });
const me = (auth: Credentials) => api.get<AdminIdentity>('/admin/api/auth/me', { auth });
const authOf = (body: { id: number; token: string }): Credentials => ({ id: body.id, token: body.token });
const actionsOf = async (userId: number) =>
  server
    .knex('audit_log')
    .where({ entity: 'user', entity_id: String(userId) })
    .orderBy('id')
    .pluck('action');

/** A user made the first admin with `admin:grant … all` and enrolled through the printed link. */
async function enrolledAdmin() {
  const user = await buildUser(server.knex);
  const granted = await run('admin:grant', user.username, 'all');
  const token = linkToken(granted.stdout);
  const setup = await start(token);
  const done = await finish(token, codeFor(setup.body.secret), user.password);
  if (done.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(done.body)}`);
  return { user, secret: setup.body.secret, done: done.body, token };
}

test.serial('a link expires after 30 minutes on the clock, and a newer link spends the older one', async (t) => {
  const user = await buildUser(server.knex, { permissions: PERMISSIONS.canBanUsers });
  const first = linkToken((await run('admin:grant', user.username, 'all')).stdout);
  const second = linkToken((await run('admin:grant', user.username, 'all')).stdout);
  t.not(first, second);
  const replaced = await start(first);
  t.deepEqual([replaced.status, replaced.body], [400, message('enrolmentLinkInvalid')]);

  server.clock.advance(29 * 60_000);
  const fresh = await start(second);
  t.is(fresh.status, 200, 'still valid after 29 minutes');
  server.clock.advance(60_000);
  const expired = await start(second);
  t.deepEqual([expired.status, expired.body], [409, message('enrolmentLinkExpired')]);
  const late = await finish(second, codeFor(fresh.body.secret), user.password);
  t.deepEqual([late.status, late.body], [409, message('enrolmentLinkExpired')]);
  const row = await server.knex('users').where('id', user.id).first('totp_enabled');
  t.false(Boolean(row!.totp_enabled));
  t.is((await server.knex('sessions').where('user_id', user.id)).length, 0);
});

test('admin:grant all prints a link; the password alone is refused; the link enrols once and opens a session; audited', async (t) => {
  const user = await buildUser(server.knex);
  const granted = await run('admin:grant', user.username, 'all');
  t.is(granted.code, 0, granted.stderr);
  const token = linkToken(granted.stdout);

  const passwordOnly = await login({ username: user.username, password: user.password });
  t.deepEqual([passwordOnly.status, passwordOnly.body], [403, message('enrolmentLinkRequired')]);
  t.is((await server.knex('sessions').where('user_id', user.id)).length, 0);

  const setup = await start(token);
  t.is(setup.status, 200);
  t.is(setup.body.username, user.username);
  t.regex(setup.body.secret, /^[A-Z2-7]{32}$/);
  t.true(setup.body.otpauth_url.includes(`secret=${setup.body.secret}`));
  const stored = await server.knex('users').where('id', user.id).first('totp_secret', 'totp_enabled');
  t.regex(stored!.totp_secret!, /^v1:/, 'the secret is stored encrypted');
  t.false(stored!.totp_secret!.includes(setup.body.secret));

  const wrong = await finish(token, codeFor(setup.body.secret) === '000000' ? '000001' : '000000', user.password);
  t.deepEqual([wrong.status, wrong.body], [400, message('secondFactorInvalid')]);
  const done = await finish(token, codeFor(setup.body.secret), user.password);
  t.is(done.status, 200);
  t.is(done.body.id, user.id);
  t.true(done.body.user.totp_enabled);
  t.is(done.body.recovery_codes.length, 10);
  for (const code of done.body.recovery_codes) t.regex(code, /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  t.is(new Set(done.body.recovery_codes).size, 10);
  t.is((await me(authOf(done.body))).status, 200);
  t.is((await api.get('/admin/api/audit-log', { auth: authOf(done.body) })).status, 200);

  // Only hashes are kept.
  const hashes = await server.knex('recovery_codes').where('user_id', user.id).pluck('code_hash');
  t.is(hashes.length, 10);
  for (const code of done.body.recovery_codes) t.false(hashes.some((hash: string) => hash.includes(code)));

  // Once only.
  const again = await start(token);
  t.deepEqual([again.status, again.body], [409, message('enrolmentLinkUsed')]);
  const twice = await finish(token, codeFor(setup.body.secret, 30_000), user.password);
  t.deepEqual([twice.status, twice.body], [409, message('enrolmentLinkUsed')]);

  t.deepEqual(await actionsOf(user.id), [
    'user.permissions',
    'enrolment.link_issued',
    'totp.setup',
    'totp.enable',
    'enrolment.complete',
  ]);
  const audit = JSON.stringify(await server.knex('audit_log').where('entity_id', String(user.id)));
  t.false(audit.includes(setup.body.secret));
  t.false(audit.includes(token));
});

test('finishing a link without the password, or with a wrong one, is refused, changes nothing and counts toward the sign-in limit', async (t) => {
  const user = await buildUser(server.knex);
  const token = linkToken((await run('admin:grant', user.username, 'all')).stdout);
  const setup = await start(token);
  t.is(setup.status, 200);
  const none = await api.postJson('/admin/api/auth/enrol/finish', { token, code: codeFor(setup.body.secret) });
  t.deepEqual([none.status, none.body], [400, message('passwordRequired')]);
  const unchanged = async () => {
    const row = await server.knex('users').where('id', user.id).first('totp_enabled');
    t.false(Boolean(row!.totp_enabled));
    t.is((await server.knex('sessions').where('user_id', user.id)).length, 0);
    t.is((await server.knex('recovery_codes').where('user_id', user.id)).length, 0);
    const link = await server.knex('enrolment_links').where('user_id', user.id).first('used_at');
    t.is(link!.used_at, null);
  };
  for (let i = 0; i < 4; i++) {
    const wrong = await finish(token, codeFor(setup.body.secret), 'not the password');
    t.deepEqual([wrong.status, wrong.body], [400, message('wrongCurrentPassword')]);
  }
  await unchanged();
  // The fifth wrong password fills the account's sign-in limit; then even the right one waits.
  t.is((await finish(token, codeFor(setup.body.secret), 'not the password')).status, 400);
  const locked = await finish(token, codeFor(setup.body.secret), user.password);
  t.is(locked.status, 429);
  await unchanged();
});

test('an unknown or malformed link says it is not valid and changes nothing', async (t) => {
  for (const token of ['f'.repeat(64), 'not a token', '']) {
    const res = await start(token);
    t.deepEqual([res.status, res.body], [400, message('enrolmentLinkInvalid')]);
  }
  const res = await finish('e'.repeat(64), '123456', 'any password');
  t.deepEqual([res.status, res.body], [400, message('enrolmentLinkInvalid')]);
});

test('grants that leave the account without every flag, or with two-factor on, print no link', async (t) => {
  const moderator = await buildUser(server.knex);
  const partial = await run('admin:grant', moderator.username, 'canBanUsers');
  t.is(partial.code, 0, partial.stderr);
  t.notRegex(partial.stdout, /Enrolment link/);
  const { user } = await enrolledAdmin();
  const again = await run('admin:grant', user.username, 'all');
  t.is(again.code, 0, again.stderr);
  t.notRegex(again.stdout, /Enrolment link/);
  const dry = await run('admin:grant', moderator.username, 'all', '--dry-run');
  t.notRegex(dry.stdout, /Enrolment link/);
  t.is((await server.knex('enrolment_links').where('user_id', moderator.id)).length, 0);
});

test('a recovery code signs in once in place of the code, in any case and with or without dashes; audited', async (t) => {
  const { user, done } = await enrolledAdmin();
  const code = done.recovery_codes[3]!;
  const signIn = await login({ username: user.username, password: user.password, code: code.toUpperCase() });
  t.is(signIn.status, 200);
  t.is((await me(authOf(signIn.body as unknown as Credentials))).status, 200);
  const reused = await login({ username: user.username, password: user.password, code: code.replaceAll('-', '') });
  t.deepEqual([reused.status, reused.body], [401, { ...message('secondFactorInvalid'), totp_required: true }]);
  const unknown = await login({ username: user.username, password: user.password, code: 'aaaa-bbbb-cccc' });
  t.deepEqual([unknown.status, unknown.body], [401, { ...message('secondFactorInvalid'), totp_required: true }]);
  t.is((await server.knex('recovery_codes').where('user_id', user.id)).length, 9);
  const used = await server.knex('audit_log').where({ entity_id: String(user.id), action: 'totp.recovery_code_used' });
  t.is(used.length, 1);
  t.deepEqual(JSON.parse(used[0]!.after!), { recovery_codes_left: 9 });
});

test('two sign-ins with the same recovery code at once: exactly one succeeds', async (t) => {
  const { user, done } = await enrolledAdmin();
  const code = done.recovery_codes[0]!;
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => login({ username: user.username, password: user.password, code })),
  );
  t.deepEqual(answers.map((answer) => answer.status).sort(), [200, 401, 401, 401]);
  // The enrolment's session and the one sign-in.
  t.is((await server.knex('sessions').where({ user_id: user.id, console: true })).length, 2);
});

test('admin:reset-2fa ends the console sessions, forgets the codes and prints a fresh link that works', async (t) => {
  const { user, secret, done } = await enrolledAdmin();
  const player = await api.post<{ id: number; token: string }>('/user/login', {
    username: user.username,
    password: user.password,
    code: codeFor(secret, 30_000),
  });
  t.is(player.status, 200);
  const reset = await run('admin:reset-2fa', user.username);
  t.is(reset.code, 0, reset.stderr);
  t.regex(reset.stdout, /two-factor sign-in: turned off/);
  t.regex(reset.stdout, /console sessions ended: 1/);
  const token = linkToken(reset.stdout);

  t.is((await me(authOf(done))).status, 401, 'the console session is gone');
  const stays = await api.get<AuthResponse>('/user/auth', { auth: authOf(player.body) });
  t.is(stays.status, 200, 'the player app stays signed in');
  t.is(stays.body.user.session_permissions, 0, 'as a player: the code it passed was of the old enrolment');
  const row = await server.knex('users').where('id', user.id).first('totp_enabled', 'totp_secret');
  t.deepEqual([Boolean(row!.totp_enabled), row!.totp_secret], [false, null]);
  t.is((await server.knex('recovery_codes').where('user_id', user.id)).length, 0);
  const passwordOnly = await login({ username: user.username, password: user.password });
  t.deepEqual([passwordOnly.status, passwordOnly.body], [403, message('enrolmentLinkRequired')]);
  const oldCode = await login({ username: user.username, password: user.password, code: done.recovery_codes[1]! });
  t.is(oldCode.status, 403);

  const setup = await start(token);
  const again = await finish(token, codeFor(setup.body.secret), user.password);
  t.is(again.status, 200);
  t.is((await me(authOf(again.body))).status, 200);
  const actions = await actionsOf(user.id);
  t.deepEqual(actions.slice(-5), [
    'totp.reset',
    'enrolment.link_issued',
    'totp.setup',
    'totp.enable',
    'enrolment.complete',
  ]);
  const resetRow = await server
    .knex('audit_log')
    .where({ entity_id: String(user.id), action: 'totp.reset' })
    .first();
  t.like(JSON.parse(resetRow!.after!), { totp_enabled: false, console_sessions_ended: 1, source: 'cli' });

  const unknown = await run('admin:reset-2fa', 'nobody_here_42');
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /There is no user named "nobody_here_42"/);
});

test('an enrolled holder of every flag cannot start another set-up from the console', async (t) => {
  const { done } = await enrolledAdmin();
  const setup = await api.postJson('/admin/api/auth/totp/setup', {}, { auth: authOf(done) });
  t.deepEqual([setup.status, setup.body], [409, message('totpAlreadyEnabled')]);
  t.is(done.user.permissions, ALL_PERMISSIONS);
});
