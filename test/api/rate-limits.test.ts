import test from 'ava';

import { LOGIN_FAILURES_PER_ACCOUNT, SIGNUP_REFUSALS_PER_ADDRESS, SIGNUPS_PER_ADDRESS, message } from '@ecup/domain';
import { parseIpRange } from '@ecup/security';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, signupFields } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';

// Limits count per IP, so these tests run one after another on servers of their own.
let direct: TestServer;
let proxied: TestServer;
test.before(async () => {
  [direct, proxied] = await Promise.all([
    startTestServer({ label: 'limits' }),
    startTestServer({ label: 'proxied', env: { TRUST_PROXY: 'on' } }),
  ]);
});
test.after.always(async () => Promise.all([direct?.close(), proxied?.close()]));

test.serial('locks an account after 5 wrong passwords with 429 and when to retry', async (t) => {
  const api = client(direct.url);
  const user = await buildUser(direct.knex);
  t.is(LOGIN_FAILURES_PER_ACCOUNT, 5);
  for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
    const res = await api.post('/user/login', { username: user.username, password: 'wrong password' });
    t.is(res.status, 401);
  }
  const locked = await api.post('/user/login', { username: user.username, password: user.password });
  t.is(locked.status, 429);
  t.regex(String(locked.body.error), /^Too many attempts\. Please try again in \d+ minutes?\.$/);
  t.truthy(Number(locked.headers.get('retry-after')) > 0);
  // Another account from the same address still works.
  const other = await buildUser(direct.knex);
  const ok = await api.post('/user/login', { username: other.username, password: other.password });
  t.is(ok.status, 200);
});

test.serial('a spoofed X-Forwarded-For does not reset the per-IP login limit', async (t) => {
  const api = client(direct.url);
  let limited = 0;
  for (let i = 0; i < 40; i++) {
    const res = await api.post(
      '/user/login',
      { username: `nobody${i}`, password: 'x' },
      { headers: { 'X-Forwarded-For': `198.51.100.${i}` } },
    );
    if (res.status === 429) limited++;
  }
  t.true(limited >= 8, `limited ${limited} of 40`);
});

test.serial('refused sign-ups from one address no longer lock it out: the next valid one is created', async (t) => {
  const api = client(proxied.url);
  const headers = { 'X-Forwarded-For': '203.0.113.50' };
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    statuses.push((await api.post('/user/signup', signupFields({ username: `x` }), { headers })).status);
  }
  t.deepEqual(statuses, Array(11).fill(400));
  const fields = signupFields();
  const created = await api.post('/user/signup', fields, { headers });
  t.is(created.status, 200, JSON.stringify(created.body));
  t.truthy(await proxied.knex('users').where('username', fields.username).first());
});

test.serial(
  'a class of 30 signs up from one address within 15 minutes, each after a few mistakes: all 30 accounts exist',
  async (t) => {
    const api = client(proxied.url);
    const headers = { 'X-Forwarded-For': '203.0.113.51' };
    const taken = await buildUser(proxied.knex);
    const started = Date.now();
    const children = Array.from({ length: 30 }, () => signupFields());
    const answers = await Promise.all(
      children.map(async (fields) => {
        const mistakes = [
          { ...fields, username: taken.username },
          { ...fields, password: 'short', repeat_password: 'short' },
          { ...fields, terms: '' },
          { ...fields, repeat_password: 'a good pasword' },
        ];
        const refused: number[] = [];
        for (const mistake of mistakes) refused.push((await api.post('/user/signup', mistake, { headers })).status);
        const created = await api.post('/user/signup', fields, { headers });
        return { refused, created: created.status, body: created.body };
      }),
    );
    t.true(Date.now() - started < 15 * 60_000);
    t.deepEqual(
      answers.map((a) => a.refused),
      Array(30).fill([400, 400, 400, 400]),
    );
    t.deepEqual(
      answers.map((a) => a.created),
      Array(30).fill(200),
      JSON.stringify(answers.filter((a) => a.created !== 200).map((a) => a.body)),
    );
    const rows = await proxied.knex('users').whereIn(
      'username',
      children.map((c) => String(c.username)),
    );
    t.is(rows.length, 30);
  },
);

test.serial(
  `a script's refused sign-ups from one address stop at ${SIGNUP_REFUSALS_PER_ADDRESS} with 429 'Too many attempts', valid ones too`,
  async (t) => {
    const api = client(proxied.url);
    const headers = { 'X-Forwarded-For': '203.0.113.52' };
    const taken = await buildUser(proxied.knex);
    const statuses: number[] = [];
    // A script sending sign-ups the server refuses, ten at a time: mostly malformed, some with a taken username.
    for (let i = 0; i < SIGNUP_REFUSALS_PER_ADDRESS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () =>
          api.post('/user/signup', signupFields({ username: i % 100 === 0 ? taken.username : 'x' }), { headers }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    t.deepEqual(statuses, Array(SIGNUP_REFUSALS_PER_ADDRESS).fill(400));
    const stopped = await api.post('/user/signup', signupFields({ username: taken.username }), { headers });
    t.is(stopped.status, 429);
    t.like(stopped.body, { error: 'Too many attempts. Please try again in 60 minutes.', code: 'rateLimited' });
    t.truthy(Number(stopped.headers.get('retry-after')) > 59 * 60);
    const fields = signupFields();
    const valid = await api.post('/user/signup', fields, { headers });
    t.is(valid.status, 429);
    t.is(await proxied.knex('users').where('username', fields.username).first(), undefined);
    // Another address is not affected.
    const elsewhere = await api.post('/user/signup', signupFields(), {
      headers: { 'X-Forwarded-For': '203.0.113.53' },
    });
    t.is(elsewhere.status, 200);
  },
);

test.serial(`limits accounts created from one address to ${SIGNUPS_PER_ADDRESS} an hour`, async (t) => {
  const api = client(proxied.url);
  const headers = { 'X-Forwarded-For': '203.0.113.54' };
  const statuses: number[] = [];
  for (let i = 0; i < SIGNUPS_PER_ADDRESS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/user/signup', signupFields(), { headers })),
    );
    statuses.push(...batch.map((r) => r.status));
  }
  t.deepEqual(statuses, Array(SIGNUPS_PER_ADDRESS).fill(200));
  const fields = signupFields();
  const over = await api.post('/user/signup', fields, { headers });
  t.is(over.status, 429);
  t.regex(String(over.body.error), /^Too many attempts\. Please try again in \d+ minutes?\.$/);
  t.is(await proxied.knex('users').where('username', fields.username).first(), undefined);
});

test.serial('limits forgot-password per account and answers 429 with a message', async (t) => {
  const api = client(proxied.url);
  const user = await buildUser(proxied.knex);
  const headers = { 'X-Forwarded-For': '203.0.113.60' };
  for (let i = 0; i < 3; i++) {
    const res = await api.post('/user/forgot_password', { username: user.username, email: user.email }, { headers });
    t.is(res.status, 200);
  }
  const res = await api.post('/user/forgot_password', { username: user.username, email: user.email }, { headers });
  t.is(res.status, 429);
  t.regex(String(res.body.error), /^Too many attempts/);
  t.is(
    await proxied
      .knex('password_resets')
      .where('user_id', user.id)
      .count({ n: '*' })
      .first()
      .then((r) => Number(r!.n)),
    3,
  );
});

test.serial('refuses sign-in and sign-up from an IP-banned range, and nothing else changes', async (t) => {
  const api = client(proxied.url);
  const range = parseIpRange('192.0.2.0/24')!;
  await proxied
    .knex('ip_bans')
    .insert({ cidr: range.cidr, range_start: range.start, range_end: range.end, reason: 'abuse' });
  const user = await buildUser(proxied.knex);
  const headers = { 'X-Forwarded-For': '192.0.2.77' };
  const login = await api.post('/user/login', { username: user.username, password: user.password }, { headers });
  t.is(login.status, 403);
  t.deepEqual(login.body, message('ipBanned'));
  const fields = signupFields();
  const signup = await api.post('/user/signup', fields, { headers });
  t.is(signup.status, 403);
  t.is(await proxied.knex('users').where('username', fields.username).first(), undefined);
  t.is(await proxied.knex('sessions').where('user_id', user.id).first(), undefined);
  // Outside the range all is well.
  const elsewhere = await api.post(
    '/user/login',
    { username: user.username, password: user.password },
    { headers: { 'X-Forwarded-For': '192.0.3.1' } },
  );
  t.is(elsewhere.status, 200);
});

test.serial('an IPv6 range ban covers addresses inside it', async (t) => {
  const api = client(proxied.url);
  const range = parseIpRange('2001:db8:abcd::/48')!;
  await proxied
    .knex('ip_bans')
    .insert({ cidr: range.cidr, range_start: range.start, range_end: range.end, reason: 'abuse' });
  const user = await buildUser(proxied.knex);
  const res = await api.post(
    '/user/login',
    { username: user.username, password: user.password },
    { headers: { 'X-Forwarded-For': '2001:db8:abcd:12::5' } },
  );
  t.is(res.status, 403);
});
