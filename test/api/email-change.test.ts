import test from 'ava';
import { MESSAGES, message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, signupFields } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';

// Behind a trusted proxy, so each request can claim its own address and per-address limits stay out of the way.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'emailchange', worker: true, env: { TRUST_PROXY: 'on' } });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => server?.close());

const HOUR_MS = 3_600_000;

async function signedIn() {
  const user = await buildUser(server.knex);
  const login = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  return { user, auth: login.body };
}

let counter = 0;
/** A fresh address nobody holds. */
const freshAddress = (label: string) => `${label}-${Date.now()}-${++counter}@example.net`;

const update = (auth: Credentials, fields: Record<string, string>) =>
  api.post<{ message: string; pending_email?: string; user: { email: string } }>('/user/profile/update', fields, {
    auth,
  });

/** The id and token of a confirm or undo link in the mail to `to`. */
async function linkTo(to: string, kind: 'confirm' | 'undo') {
  const mail = await waitForMail(server.outbox, to);
  const [, , , id, token] = new URL(linkIn(mail, `http://localhost:3000/email/${kind}/`)).pathname.split('/');
  return { mail, id: id!, token: token! };
}

const confirm = (link: { id: string; token: string }) => api.post('/user/email/confirm', { ...link });
const undo = (link: { id: string; token: string }) => api.post('/user/email/undo', { ...link });
const emailOf = async (id: number) => (await server.knex('users').where('id', id).first('email'))!.email as string;

test('a stolen session cannot change the e-mail: no password or a wrong one is a 400 and changes nothing', async (t) => {
  const { user, auth } = await signedIn();
  const taken = freshAddress('thief');
  const none = await update(auth, { first_name: 'Evil', last_name: 'Doer', email: taken });
  t.deepEqual([none.status, none.body], [400, message('passwordRequired') as never]);
  const wrong = await update(auth, {
    first_name: 'Evil',
    last_name: 'Doer',
    email: taken,
    current_password: 'guess 1',
  });
  t.deepEqual([wrong.status, wrong.body], [400, message('wrongCurrentPassword') as never]);
  const row = await server.knex('users').where('id', user.id).first('email', 'first_name', 'last_name');
  t.deepEqual(row, { email: user.email, first_name: user.first_name, last_name: user.last_name });
  t.is((await server.knex('email_changes').where('user_id', user.id)).length, 0);
  t.is((await server.knex('emails').where('to_address', taken)).length, 0);
  t.is((await server.knex('emails').where('user_id', user.id)).length, 0);
});

test('names still save without a password when the e-mail stays', async (t) => {
  const { user, auth } = await signedIn();
  const res = await update(auth, { first_name: 'Maja', last_name: 'Lind', email: user.email.toUpperCase() });
  t.is(res.status, 200);
  t.is(res.body.message, MESSAGES.personalInfoSaved);
  t.like(await server.knex('users').where('id', user.id).first(), { first_name: 'Maja', email: user.email });
});

test('with the password: the new address gets a link, the old a notice; the address changes when the link is opened', async (t) => {
  const { user, auth } = await signedIn();
  const next = freshAddress('moved');
  const res = await update(auth, {
    first_name: 'Maja',
    last_name: 'Lind',
    email: next,
    current_password: user.password,
  });
  t.is(res.status, 200);
  t.like(res.body, { message: MESSAGES.emailChangeSent(next), code: 'emailChangeSent', pending_email: next });
  t.is(res.body.user.email, user.email, 'not changed yet');
  t.like(await server.knex('users').where('id', user.id).first(), { first_name: 'Maja', email: user.email });

  const link = await linkTo(next, 'confirm');
  t.regex(link.mail, /Subject: Confirm your new eCup e-mail address/);
  const notice = await linkTo(user.email, 'undo');
  t.regex(notice.mail, /Subject: Your eCup e-mail address is being changed/);
  t.true(notice.mail.includes(next), 'the notice names the new address');

  const check = await api.get('/user/email/confirm', { query: link });
  t.deepEqual([check.status, check.body], [200, { valid: true }]);
  const done = await confirm(link);
  t.deepEqual([done.status, done.body], [200, { message: MESSAGES.emailChanged, email: next }]);
  t.is(await emailOf(user.id), next);
  const me = await api.get<{ user: { email: string } }>('/user/auth', { auth });
  t.is(me.body.user.email, next, 'the session stays and sees the new address');

  const again = await confirm(link);
  t.deepEqual([again.status, again.body], [400, message('emailChangeLinkInvalid') as never]);
  t.is((await api.get('/user/email/confirm', { query: link })).status, 400);
  const forged = await confirm({ id: link.id, token: 'ab'.repeat(32) });
  t.deepEqual([forged.status, forged.body], [400, message('emailChangeLinkInvalid') as never]);
  const malformed = await confirm({ id: link.id, token: 'nope' });
  t.deepEqual([malformed.status, malformed.body], [400, message('emailChangeLinkInvalid') as never]);
});

test('the old address undoes a change not yet confirmed: the confirm link stops working, sessions stay', async (t) => {
  const { user, auth } = await signedIn();
  const next = freshAddress('pending');
  t.is(
    (await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: user.password })).status,
    200,
  );
  const link = await linkTo(next, 'confirm');
  const back = await linkTo(user.email, 'undo');
  const res = await undo(back);
  t.deepEqual([res.status, res.body], [200, { message: MESSAGES.emailChangeCancelled, reverted: false }]);
  t.deepEqual([(await confirm(link)).status, await emailOf(user.id)], [400, user.email]);
  t.is((await api.get('/user/auth', { auth })).status, 200);
  t.is((await undo(back)).status, 400, 'an undo link works once');
});

test('undo after the new address confirmed: the old address is back, every session ends, reset links to the new one die', async (t) => {
  const { user, auth } = await signedIn();
  const other = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  const next = freshAddress('taken-over');
  await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: user.password });
  t.is((await confirm(await linkTo(next, 'confirm'))).status, 200);
  // The taker asks for a password reset to the address they now hold.
  t.is((await api.post('/user/forgot_password', { username: user.username, email: next })).status, 200);
  t.truthy(await server.knex('emails').where({ to_address: next, kind: 'password-reset' }).first('id'));

  const res = await undo(await linkTo(user.email, 'undo'));
  t.deepEqual([res.status, res.body], [200, { message: MESSAGES.emailChangeReverted, reverted: true }]);
  t.is(await emailOf(user.id), user.email);
  t.is((await api.get('/user/auth', { auth })).status, 401);
  t.is((await api.get('/user/auth', { auth: other.body })).status, 401);
  t.is((await server.knex('sessions').where('user_id', user.id)).length, 0);
  const openResets = await server.knex('password_resets').where('user_id', user.id).whereNull('used_at');
  t.is(openResets.length, 0, 'the reset link sent to the taken address no longer works');
  t.is((await api.post('/user/login', { username: user.username, password: user.password })).status, 200);
});

test('while a confirmed change can be undone, its old address cannot be signed up with or taken by another account', async (t) => {
  const { user, auth } = await signedIn();
  const next = freshAddress('held');
  await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: user.password });
  t.is((await confirm(await linkTo(next, 'confirm'))).status, 200);
  const signup = await api.post('/user/signup', {
    ...signupFields({ email: user.email }),
  });
  t.deepEqual([signup.status, signup.body], [400, message('emailInUse') as never]);
  const other = await signedIn();
  const move = await update(other.auth, {
    first_name: 'A',
    last_name: 'B',
    email: user.email,
    current_password: other.user.password,
  });
  t.deepEqual([move.status, move.body], [400, message('emailInUse') as never]);
  const res = await undo(await linkTo(user.email, 'undo'));
  t.is(res.status, 200);
  t.is(await emailOf(user.id), user.email);
});

test('two confirmations of one link at once: one wins', async (t) => {
  const { user, auth } = await signedIn();
  const next = freshAddress('twice');
  await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: user.password });
  const link = await linkTo(next, 'confirm');
  const answers = await Promise.all([confirm(link), confirm(link), confirm(link)]);
  t.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400]);
  t.is(await emailOf(user.id), next);
});

test('two players confirming the same new address at once: one gets it, the other "in use", never a 500', async (t) => {
  const [a, b] = await Promise.all([signedIn(), signedIn()]);
  const shared = freshAddress('shared');
  for (const { user, auth } of [a, b]) {
    const res = await update(auth, { first_name: 'A', last_name: 'B', email: shared, current_password: user.password });
    t.is(res.status, 200);
  }
  const rows = await server.knex('email_changes').where('new_email', shared).orderBy('id').pluck('id');
  t.is(rows.length, 2);
  const bodies = await confirmLinksTo(shared);
  const answers = await Promise.all(bodies.map((link) => confirm(link)));
  t.deepEqual(answers.map((x) => x.status).sort(), [200, 400]);
  t.deepEqual(answers.find((x) => x.status === 400)!.body, message('emailInUse') as never);
  t.is((await server.knex('users').where('email', shared)).length, 1);
});

/** The confirm links of every mail to `to`, from the stored mails (the outbox file finder reads only the first). */
async function confirmLinksTo(to: string) {
  const rows = await server.knex('emails').where({ to_address: to }).orderBy('id').pluck('text_body');
  return (rows as string[]).map((text) => {
    const [, , , id, token] = new URL(linkIn(text, 'http://localhost:3000/email/confirm/')).pathname.split('/');
    return { id: id!, token: token! };
  });
}

test('another account’s address is refused at once, with the password', async (t) => {
  const other = await buildUser(server.knex);
  const { user, auth } = await signedIn();
  const res = await update(auth, {
    first_name: 'A',
    last_name: 'B',
    email: other.email,
    current_password: user.password,
  });
  t.deepEqual([res.status, res.body], [400, message('emailInUse') as never]);
  t.is((await server.knex('email_changes').where('user_id', user.id)).length, 0);
});

test('wrong passwords share the password change limit: after 10, even the right one waits', async (t) => {
  const { user, auth } = await signedIn();
  const next = freshAddress('limited');
  for (let i = 0; i < 10; i++) {
    const res = await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: `wrong ${i}` });
    t.is(res.status, 400);
  }
  const locked = await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: user.password });
  t.is(locked.status, 429);
  const change = await api.post(
    '/user/password/change',
    { current_password: user.password, new_password: 'a brand new one', repeat_password: 'a brand new one' },
    { auth },
  );
  t.is(change.status, 429, 'the same count as the password change');
  t.is((await server.knex('email_changes').where('user_id', user.id)).length, 0);
});

test.serial('a confirmation link expires after 24 hours; the undo link works for 7 days', async (t) => {
  const { user, auth } = await signedIn();
  const next = freshAddress('late');
  await update(auth, { first_name: 'A', last_name: 'B', email: next, current_password: user.password });
  const link = await linkTo(next, 'confirm');
  const back = await linkTo(user.email, 'undo');
  server.clock.advance(24 * HOUR_MS + 60_000);
  const late = await confirm(link);
  t.deepEqual([late.status, late.body], [400, message('emailChangeLinkInvalid') as never]);
  t.is((await api.get('/user/email/confirm', { query: link })).status, 400);
  t.is(await emailOf(user.id), user.email);
  server.clock.advance(6 * 24 * HOUR_MS);
  t.is((await api.get('/user/email/undo', { query: back })).status, 400);
  const tooLate = await undo(back);
  t.deepEqual([tooLate.status, tooLate.body], [400, message('emailChangeLinkInvalid') as never]);
});

test("a minor's new address may not be the guardian's inbox in another spelling: 400, nothing stored", async (t) => {
  const user = await buildUser(server.knex, {
    birth_date: new Date(Date.UTC(new Date().getUTCFullYear() - 14, 0, 1)),
  });
  await server
    .knex('users')
    .where('id', user.id)
    .update({ guardian_email: `Parent.Of.${user.id}@gmail.com` });
  const login = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  const res = await update(login.body, {
    first_name: user.first_name,
    last_name: user.last_name,
    email: `parentof${user.id}+kid@googlemail.com`,
    current_password: user.password,
  });
  t.deepEqual([res.status, res.body], [400, message('emailIsGuardians') as never]);
  t.is(await emailOf(user.id), user.email);
  t.is((await server.knex('email_changes').where('user_id', user.id)).length, 0);
});
