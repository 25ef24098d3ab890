import test from 'ava';
import { Secret } from 'otpauth';
import {
  PERMISSIONS,
  RESULT_ENTRY_DELAY_MS,
  type AuthResponse,
  type ChatMessagePayload,
  type GamePayload,
  message,
} from '@ecup/domain';
import { hashRecoveryCode } from '@ecup/security';
import { apiSuite } from '../helpers/api-suite.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import type { Credentials } from '../helpers/http.ts';
import { totpCode, wrongTotpCode } from '../helpers/totp.ts';

/**
 * The player app's sign-in for accounts with two-factor sign-in on (docs/decisions.md#permissions): it asks for the code, and a
 * session that passed it has the account's staff flags, as a console session has. Behind a trusted proxy, so every
 * request claims its own address and only the per-account limit counts.
 */
const suite = apiSuite({ label: 'playertotp', env: { TRUST_PROXY: 'on' } }, { spreadAddresses: true });

type Pair = { id: number; token: string };

/** The code an authenticator app shows for `secret` at the server's time, `offsetMs` from then. */
const codeFor = (secret: string, offsetMs = 0) => totpCode(secret, suite.server.clock.now().getTime() + offsetMs);
const wrongCodeFor = (secret: string) => wrongTotpCode(secret, suite.server.clock.now().getTime());

/** A moderator with two-factor sign-in on and `recovery` unspent recovery codes. */
async function moderatorWithTotp(recovery: string[] = []) {
  const secret = new Secret({ size: 20 }).base32;
  const user = await buildUser(suite.server.knex, {
    permissions: PERMISSIONS.canResolveConflicts,
    totp_enabled: true,
    totp_secret: secret,
  });
  if (recovery.length > 0) {
    await suite.server
      .knex('recovery_codes')
      .insert(
        recovery.map((code) => ({ user_id: user.id, code_hash: hashRecoveryCode(code), created_at: new Date() })),
      );
  }
  return { user, secret };
}

const login = (fields: Record<string, string>) => suite.api.post<Pair>('/user/login', fields);
const authOf = (pair: Pair): Credentials => ({ id: pair.id, token: pair.token });
const sessionsOf = async (userId: number) => (await suite.server.knex('sessions').where('user_id', userId)).length;

test('a player without two-factor signs in with the password alone, as before: {id, token}, no staff flags asked', async (t) => {
  const player = await buildUser(suite.server.knex);
  const res = await login({ username: player.username, password: player.password });
  t.is(res.status, 200);
  t.deepEqual(Object.keys(res.body).sort(), ['id', 'token']);
  const row = await suite.server.knex('sessions').where('user_id', player.id).first('console', 'totp_verified_at');
  t.deepEqual([Boolean(row!.console), row!.totp_verified_at], [false, null]);
});

test("with two-factor on: no code 401 'Enter the code…', a wrong one 401 'That code is not valid…', no session; the right one signs in", async (t) => {
  const { user, secret } = await moderatorWithTotp();
  const none = await login({ username: user.username, password: user.password });
  t.deepEqual([none.status, none.body], [401, message('secondFactorRequired')] as const);
  const wrong = await login({ username: user.username, password: user.password, code: wrongCodeFor(secret) });
  t.deepEqual([wrong.status, wrong.body], [401, message('secondFactorInvalid')] as const);
  const malformed = await login({ username: user.username, password: user.password, code: 'not a code' });
  t.deepEqual([malformed.status, malformed.body], [401, message('secondFactorInvalid')] as const);
  // The right code does not rescue a wrong password.
  const wrongPassword = await login({ username: user.username, password: 'nope nope', code: codeFor(secret) });
  t.deepEqual([wrongPassword.status, wrongPassword.body], [401, message('wrongCredentials')] as const);
  t.is(await sessionsOf(user.id), 0);

  const code = codeFor(secret);
  const good = await login({
    username: user.username,
    password: user.password,
    code: `${code.slice(0, 3)} ${code.slice(3)}`,
  });
  t.is(good.status, 200);
  t.deepEqual(Object.keys(good.body).sort(), ['id', 'token']);
  const row = await suite.server.knex('sessions').where('user_id', user.id).first('console', 'totp_verified_at');
  t.false(Boolean(row!.console), 'a player-app session, with the player limits');
  t.not(row!.totp_verified_at, null);
  // A code is taken once (RFC 6238 §5.2).
  const replay = await login({ username: user.username, password: user.password, code });
  t.deepEqual([replay.status, replay.body], [401, message('secondFactorInvalid')] as const);
});

test("a session that passed the code has the moderator's view of another pair's game; a password-only one does not", async (t) => {
  const { user, secret } = await moderatorWithTotp();
  const [a, b] = await Promise.all([buildUser(suite.server.knex), buildUser(suite.server.knex)]);
  const id = await buildGame(suite.server.knex, {
    user_1_id: a.id,
    user_2_id: b.id,
    created_at: new Date(suite.server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
  });
  const pair = (await login({ username: user.username, password: user.password, code: codeFor(secret) })).body;
  const auth = authOf(pair);
  const me = await suite.api.get<AuthResponse>('/user/auth', { auth });
  t.is(me.body.user.session_permissions, PERMISSIONS.canResolveConflicts);
  const seen = await suite.api.get<GamePayload>('/game/get', { auth, query: { id } });
  t.is(seen.status, 200);
  t.is(seen.body.user_1.id, a.id);
  const line = await suite.api.postJson<{ message: ChatMessagePayload | null }>(
    '/game/chat/send_message',
    { game_id: id, message: 'A moderator is here.' },
    { auth },
  );
  t.is(line.status, 200);
  t.like(line.body.message, { user_id: user.id, class_name: 'admin' });

  // The same account's session made with the password alone (as before two-factor was on) stays a player's.
  await suite.server.knex('sessions').where('user_id', user.id).update({ totp_verified_at: null });
  t.is((await suite.api.get<AuthResponse>('/user/auth', { auth })).body.user.session_permissions, 0);
  t.is((await suite.api.get('/game/get', { auth, query: { id } })).status, 404);
});

test('a recovery code signs in once instead of the code; the second use is refused; audited', async (t) => {
  const { user } = await moderatorWithTotp(['abcdefghijkl', 'mnopqrstuvwx']);
  const first = await login({ username: user.username, password: user.password, code: 'ABCD-EFGH-IJKL' });
  t.is(first.status, 200);
  const again = await login({ username: user.username, password: user.password, code: 'abcd-efgh-ijkl' });
  t.deepEqual([again.status, again.body], [401, message('secondFactorInvalid')] as const);
  t.is(await sessionsOf(user.id), 1);
  const audit = await suite.server
    .knex('audit_log')
    .where({ action: 'totp.recovery_code_used', entity_id: String(user.id) });
  t.is(audit.length, 1);
  t.deepEqual(JSON.parse(String(audit[0]!.after)), { recovery_codes_left: 1 });
});

test('two sign-ins with the same recovery code at once: exactly one gets a session', async (t) => {
  const { user } = await moderatorWithTotp(['aaaabbbbcccc']);
  const answers = await Promise.all(
    [1, 2, 3].map(() => login({ username: user.username, password: user.password, code: 'aaaabbbbcccc' })),
  );
  t.deepEqual(answers.map((res) => res.status).sort(), [200, 401, 401]);
  t.is(await sessionsOf(user.id), 1);
});

test('two sign-ins with the same authenticator code at once: exactly one gets a session', async (t) => {
  const { user, secret } = await moderatorWithTotp();
  const code = codeFor(secret);
  const answers = await Promise.all(
    [1, 2].map(() => login({ username: user.username, password: user.password, code })),
  );
  t.deepEqual(answers.map((res) => res.status).sort(), [200, 401]);
  t.is(await sessionsOf(user.id), 1);
});

test('wrong codes count towards the sign-in limit of the account (429 after 5), a missing one does not', async (t) => {
  const { user, secret } = await moderatorWithTotp();
  for (let i = 0; i < 6; i++) {
    t.is((await login({ username: user.username, password: user.password })).status, 401);
  }
  const wrong = wrongCodeFor(secret);
  for (let i = 0; i < 5; i++) {
    t.is((await login({ username: user.username, password: user.password, code: wrong })).status, 401);
  }
  const locked = await login({ username: user.username, password: user.password, code: codeFor(secret) });
  t.is(locked.status, 429);
  t.regex(String((locked.body as unknown as { error: string }).error), /^Too many attempts\./);
  t.is(await sessionsOf(user.id), 0);
});

test('a player-app session that passed the code still does not open the console (its sessions end sooner)', async (t) => {
  const { user, secret } = await moderatorWithTotp();
  const pair = (await login({ username: user.username, password: user.password, code: codeFor(secret) })).body;
  const refused = await suite.api.get('/admin/api/auth/me', { auth: authOf(pair) });
  t.deepEqual([refused.status, refused.body], [401, { ...message('consoleSignInRequired'), totp_required: true }]);
});
