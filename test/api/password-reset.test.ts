import test from 'ava';
import { refusalBody } from '../helpers/messages.ts';
import { MESSAGES, message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'reset', worker: true });
  api = client(server.url);
});
test.after.always(async () => server?.close());

test("answers 'There is no user with that username' for an empty username", async (t) => {
  const res = await api.post('/user/forgot_password', { username: '', email: 'a@example.com' });
  t.is(res.status, 400);
  t.deepEqual(res.body, refusalBody('There is no user with that username'));
});

test("answers 'There is no user with that e-mail address' for an empty e-mail", async (t) => {
  const res = await api.post('/user/forgot_password', { username: 'someone', email: '' });
  t.is(res.status, 400);
  t.deepEqual(res.body, refusalBody('There is no user with that e-mail address'));
});

test('answers the same for an unknown account as for a known one, and e-mails only the known one', async (t) => {
  const user = await buildUser(server.knex);
  const known = await api.post('/user/forgot_password', { username: user.username, email: user.email });
  const unknown = await api.post('/user/forgot_password', { username: 'ghost_player', email: 'ghost@example.com' });
  const mismatched = await api.post('/user/forgot_password', { username: user.username, email: 'other@example.com' });
  t.is(known.status, 200);
  t.deepEqual(unknown, { ...unknown, status: known.status, body: known.body });
  t.deepEqual(mismatched.body, known.body);
  t.deepEqual(known.body, { title: 'Done!', message: MESSAGES.forgotPasswordSent });
  t.is(Number((await server.knex('emails').where('to_address', 'ghost@example.com').count({ n: '*' }))[0]!.n), 0);
});

test('forgot → e-mail in the outbox → reset → signed in with the returned token; old sessions end', async (t) => {
  const user = await buildUser(server.knex);
  const old = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  const asked = await api.post('/user/forgot_password', { username: user.username, email: user.email });
  t.is(asked.status, 200);
  const mail = await waitForMail(server.outbox, user.email);
  t.regex(mail, /Subject: Reset your eCup password/);
  const link = linkIn(mail, 'http://localhost:3000/resetpassword/');
  const [, , id, uid, token] = new URL(link).pathname.split('/');
  t.is(Number(uid), user.id);

  const short = await api.post('/user/reset_password', { id: id!, uid: uid!, token: token!, password: 'short' });
  t.is(short.status, 400);
  t.deepEqual(short.body, refusalBody('Password is too short'));

  const res = await api.post<Credentials>('/user/reset_password', {
    id: id!,
    uid: uid!,
    token: token!,
    password: 'my new secret',
  });
  t.is(res.status, 200);
  t.is(res.body.id, user.id);
  const auth = await api.get<{ user: { username: string } }>('/user/auth', { auth: res.body });
  t.is(auth.status, 200);
  t.is(auth.body.user.username, user.username);
  t.is((await api.get('/user/auth', { auth: old.body })).status, 401);
  t.is((await api.post('/user/login', { username: user.username, password: 'my new secret' })).status, 200);

  const again = await api.post('/user/reset_password', { id: id!, uid: uid!, token: token!, password: 'another one!' });
  t.is(again.status, 400);
  t.deepEqual(again.body, message('resetLinkInvalid'));
});

test('a reset link used twice at once works once', async (t) => {
  const user = await buildUser(server.knex);
  await api.post('/user/forgot_password', { username: user.username, email: user.email });
  const mail = await waitForMail(server.outbox, user.email);
  const [, , id, uid, token] = new URL(linkIn(mail, 'http://localhost:3000/resetpassword/')).pathname.split('/');
  const results = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      api.post('/user/reset_password', { id: id!, uid: uid!, token: token!, password: `new password ${i}` }),
    ),
  );
  t.is(results.filter((r) => r.status === 200).length, 1);
  t.is(Number((await server.knex('sessions').where('user_id', user.id).count({ n: '*' }))[0]!.n), 1);
});

test('refuses a wrong token, another user id and an expired link', async (t) => {
  const user = await buildUser(server.knex);
  await api.post('/user/forgot_password', { username: user.username, email: user.email });
  const mail = await waitForMail(server.outbox, user.email);
  const [, , id, uid, token] = new URL(linkIn(mail, 'http://localhost:3000/resetpassword/')).pathname.split('/');
  const wrongToken = await api.post('/user/reset_password', {
    id: id!,
    uid: uid!,
    token: 'a'.repeat(64),
    password: 'new password',
  });
  t.deepEqual(wrongToken.body, message('resetLinkInvalid'));
  const other = await buildUser(server.knex);
  const wrongUser = await api.post('/user/reset_password', {
    id: id!,
    uid: String(other.id),
    token: token!,
    password: 'new password',
  });
  t.deepEqual(wrongUser.body, message('resetLinkInvalid'));
  await server
    .knex('password_resets')
    .where('id', Number(id))
    .update({ expires_at: new Date(Date.now() - 1000) });
  const expired = await api.post('/user/reset_password', {
    id: id!,
    uid: uid!,
    token: token!,
    password: 'new password',
  });
  t.is(expired.status, 400);
  t.deepEqual(expired.body, message('resetLinkInvalid'));
  t.is((await api.post('/user/login', { username: user.username, password: user.password })).status, 200);
});

test('an e-mail whose job was lost is sent by the reconciler', async (t) => {
  const user = await buildUser(server.knex);
  // A row as a command writes it, without any job (as if Redis was down when it committed).
  await server.knex('emails').insert({
    kind: 'password-reset',
    user_id: user.id,
    to_address: user.email,
    subject: 'Reconciled',
    text_body: 'hello',
    created_at: new Date(Date.now() - 120_000),
  });
  const { Queue } = await import('bullmq');
  const { createBullConnection } = await import('@ecup/db');
  const connection = createBullConnection(server.config.redisUrl, 'producer');
  const queue = new Queue('email', { connection, prefix: `${server.config.redisPrefix}bull` });
  await queue.add('reconcile-emails', {});
  const mail = await waitForMail(server.outbox, user.email);
  t.regex(mail, /Subject: Reconciled/);
  await queue.close();
  connection.disconnect();
});

test('checking a reset link answers { valid: true } until it is used, then 400 with the invalid-link message, like an unknown one', async (t) => {
  const user = await buildUser(server.knex);
  await api.post('/user/forgot_password', { username: user.username, email: user.email });
  const mail = await waitForMail(server.outbox, user.email);
  const [, , id, uid, token] = new URL(linkIn(mail, 'http://localhost:3000/resetpassword/')).pathname.split('/');
  const check = (query: Record<string, string>) =>
    api.get(`/user/reset_password?${new URLSearchParams(query).toString()}`);

  const fresh = await check({ id: id!, uid: uid!, token: token! });
  t.is(fresh.status, 200);
  t.deepEqual(fresh.body, { valid: true });
  const again = await check({ id: id!, uid: uid!, token: token! });
  t.deepEqual(again.body, { valid: true }, 'checking does not use the link');

  const unusable: Record<string, string>[] = [
    { id: id!, uid: uid!, token: 'b'.repeat(64) },
    { id: String(Number(id) + 1000), uid: uid!, token: token! },
    { id: id!, uid: uid!, token: '' },
    { id: 'x', uid: uid!, token: token! },
    {},
  ];
  for (const query of unusable) {
    const res = await check(query);
    t.is(res.status, 400, JSON.stringify(query));
    t.deepEqual(res.body, message('resetLinkInvalid'));
  }

  const used = await api.post('/user/reset_password', { id: id!, uid: uid!, token: token!, password: 'a new secret' });
  t.is(used.status, 200);
  const afterUse = await check({ id: id!, uid: uid!, token: token! });
  t.is(afterUse.status, 400);
  t.deepEqual(afterUse.body, message('resetLinkInvalid'));
});

test("a reset refuses a 7-character password with 'Password is too short': the same minimum of 8 as sign-up and settings", async (t) => {
  const res = await api.post('/user/reset_password', { id: '1', uid: '1', token: 'abc', password: '1234567' });
  t.is(res.status, 400);
  t.deepEqual(res.body, message('resetPasswordTooShort'));
});
