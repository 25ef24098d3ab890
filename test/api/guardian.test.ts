import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { MESSAGES, GUARDIAN_LINK_MS, GUARDIAN_RESENDS_PER_ACCOUNT, message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signupFields } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';
import { waitFor } from '../helpers/poll.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'guardian', worker: true, env: { TRUST_PROXY: 'on' } });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => server?.close());

const LINK_PREFIX = 'http://localhost:3000/guardian/confirm/';

interface Minor extends Credentials {
  guardian: string;
  /** `{uid}/{token}` of the e-mailed link. */
  link: string;
}

/** A 13-year-old signed up through POST /user/signup, with the link of the e-mail their guardian got. */
async function signUpMinor(): Promise<Minor> {
  const guardian = `parent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const year = server.clock.now().getUTCFullYear() - 13;
  const res = await api.post<Credentials>(
    '/user/signup',
    signupFields({ birth_year: String(year), birth_month: '1', birth_day: '2', guardian_email: guardian }),
  );
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  const mail = await waitForMail(server.outbox, guardian);
  return {
    id: res.body.id,
    token: res.body.token,
    guardian,
    link: linkIn(mail, LINK_PREFIX).slice(LINK_PREFIX.length),
  };
}

/** The links of every e-mail to `to`, oldest first, once there are `count` of them. */
async function linksTo(to: string, count: number): Promise<string[]> {
  let seen = 0;
  const mails = await waitFor(
    async () => {
      const files = (await readdir(server.outbox)).filter((f) => f.endsWith('.eml')).sort();
      const mails: string[] = [];
      for (const file of files) {
        const raw = await readFile(path.join(server.outbox, file), 'utf8');
        if (raw.includes(`To: ${to}`)) mails.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      }
      seen = mails.length;
      return mails.length >= count && mails;
    },
    { what: () => `${count} e-mails to ${to} (${seen} came)`, timeoutMs: 15_000 },
  );
  return mails.map((mail) => linkIn(mail, LINK_PREFIX).slice(LINK_PREFIX.length));
}

const confirmedAt = async (id: number) =>
  (await server.knex('users').where('id', id).first('guardian_confirmed_at'))!.guardian_confirmed_at as Date | null;

/** The browser's headers for a post from our own page served with Referrer-Policy: no-referrer. */
const OWN_NO_REFERRER_PAGE = { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' };

test('the e-mailed link opens the player app page, sent without Referer and never cached; a dead link answers 404', async (t) => {
  const minor = await signUpMinor();
  const page = await fetch(`${server.url}/guardian/confirm/${minor.link}`, { headers: { Accept: 'text/html' } });
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /text\/html/);
  t.regex(await page.text(), /<div id="root">/);
  t.is(page.headers.get('referrer-policy'), 'no-referrer');
  t.is(page.headers.get('cache-control'), 'no-store');
  t.is(await confirmedAt(minor.id), null, 'opening the link changes nothing');

  const dead = await fetch(`${server.url}/guardian/confirm/${minor.id}/${'ab'.repeat(32)}`);
  t.is(dead.status, 404);
  t.regex(await dead.text(), /<div id="root">/, 'the same page, which then says the link is dead');
  t.is(dead.headers.get('referrer-policy'), 'no-referrer');
});

test('a parent approves from our own no-referrer page (Origin: null, Sec-Fetch-Site: same-origin); a second press says already approved', async (t) => {
  const minor = await signUpMinor();
  const before = await api.get(`/guardian/approval/${minor.link}`);
  t.is(before.status, 200);
  t.like(before.body, { first_name: 'Alva', approved: false });
  t.regex(String(before.body.username), /^p_/);

  const approved = await api.post(`/guardian/approval/${minor.link}`, {}, { headers: OWN_NO_REFERRER_PAGE });
  t.is(approved.status, 200, JSON.stringify(approved.body));
  t.like(approved.body, { username: before.body.username, already: false });
  t.truthy(await confirmedAt(minor.id));

  const again = await api.post(`/guardian/approval/${minor.link}`, {}, { headers: OWN_NO_REFERRER_PAGE });
  t.like(again.body, { already: true });
  t.like((await api.get(`/guardian/approval/${minor.link}`)).body, { approved: true });
  const status = await api.get('/user/guardian', { auth: minor });
  t.like(status.body, { state: 'approved', guardian_email: minor.guardian });
  t.is(typeof status.body.approved_at, 'number');
});

test('another site still cannot approve: Origin null alone, a cross-site fetch, or a foreign Origin answer 403 and change nothing', async (t) => {
  const minor = await signUpMinor();
  const attempts: Record<string, string>[] = [
    { Origin: 'null' },
    { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'null', 'Sec-Fetch-Site': 'same-site' },
    { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' },
    { 'Sec-Fetch-Site': 'cross-site' },
  ];
  for (const headers of attempts) {
    const res = await api.post(`/guardian/approval/${minor.link}`, {}, { headers });
    t.is(res.status, 403, JSON.stringify(headers));
    t.deepEqual(res.body, message('foreignOrigin'));
  }
  t.is(await confirmedAt(minor.id), null);
});

test('an unknown link answers 404 "This confirmation link is invalid or has expired." and approves nobody', async (t) => {
  const minor = await signUpMinor();
  for (const link of [
    `${minor.id}/${'cd'.repeat(32)}`,
    `987654/${minor.link.split('/')[1]}`,
    `x/y`,
    `${minor.id}/${'a'.repeat(500)}`,
  ]) {
    const read = await api.get(`/guardian/approval/${link}`);
    t.is(read.status, 404, link);
    t.deepEqual(read.body, message('guardianLinkInvalid'));
    const press = await api.post(`/guardian/approval/${link}`);
    t.is(press.status, 404, link);
    t.deepEqual(press.body, message('guardianLinkInvalid'));
  }
  t.is(await confirmedAt(minor.id), null);
});

test('settings: a waiting minor sends the e-mail again; the new link works, the old one is dead, and no resend after approval', async (t) => {
  const minor = await signUpMinor();
  t.like((await api.get('/user/guardian', { auth: minor })).body, {
    state: 'waiting',
    guardian_email: minor.guardian,
    approved_at: null,
  });
  const resent = await api.post('/user/guardian/resend', {}, { auth: minor });
  t.is(resent.status, 200, JSON.stringify(resent.body));
  t.deepEqual(resent.body, { message: MESSAGES.guardianMailResent });
  const [first, second] = await linksTo(minor.guardian, 2);
  t.is(first, minor.link);
  t.not(second, first);

  const old = await api.post(`/guardian/approval/${first}`);
  t.is(old.status, 404);
  t.deepEqual(old.body, message('guardianLinkInvalid'));
  t.is(await confirmedAt(minor.id), null);

  t.is((await api.post(`/guardian/approval/${second}`)).status, 200);
  t.truthy(await confirmedAt(minor.id));
  const refused = await api.post('/user/guardian/resend', {}, { auth: minor });
  t.is(refused.status, 409);
  t.deepEqual(refused.body, message('guardianResendApproved'));
  t.is((await linksTo(minor.guardian, 2)).length, 2, 'no third e-mail');
});

test(`the e-mail can be sent again ${GUARDIAN_RESENDS_PER_ACCOUNT} times an hour; then 429 says when it can be sent again`, async (t) => {
  const minor = await signUpMinor();
  for (let i = 0; i < GUARDIAN_RESENDS_PER_ACCOUNT; i++) {
    t.is((await api.post('/user/guardian/resend', {}, { auth: minor })).status, 200);
  }
  const refused = await api.post<{ error: string }>('/user/guardian/resend', {}, { auth: minor });
  t.is(refused.status, 429);
  const wait = Number(refused.headers.get('retry-after'));
  t.true(wait > 3500 && wait <= 3600, String(wait));
  t.deepEqual(refused.body, {
    error: MESSAGES.guardianResendTooSoon(wait),
    code: 'guardianResendTooSoon',
    params: { seconds: wait },
  });
  t.regex(refused.body.error, /You can send it again in 60 minutes\.$/);
  t.is((await linksTo(minor.guardian, 1 + GUARDIAN_RESENDS_PER_ACCOUNT)).length, 1 + GUARDIAN_RESENDS_PER_ACCOUNT);
});

test('an adult needs no approval: settings say so and a resend answers 409; signed out answers 401', async (t) => {
  const res = await api.post<Credentials>('/user/signup', signupFields());
  t.like((await api.get('/user/guardian', { auth: res.body })).body, { state: 'not_needed', guardian_email: null });
  const refused = await api.post('/user/guardian/resend', {}, { auth: res.body });
  t.is(refused.status, 409);
  t.deepEqual(refused.body, message('guardianResendNotNeeded'));
  t.is((await api.get('/user/guardian')).status, 401);
  t.is((await api.post('/user/guardian/resend')).status, 401);
});

// Serial, so moving the clock cannot age another test's session; AVA runs serial tests before the others.
test.serial(
  `a link ${GUARDIAN_LINK_MS / 86_400_000} days old is refused with its own message; a resent link works again`,
  async (t) => {
    const minor = await signUpMinor();
    const start = server.clock.now();
    t.teardown(() => server.clock.set(start));
    server.clock.advance(GUARDIAN_LINK_MS - 60_000);
    t.is((await api.get(`/guardian/approval/${minor.link}`)).status, 200, 'a minute before, the link still works');
    t.like((await api.get('/user/guardian', { auth: minor })).body, { state: 'waiting' });

    server.clock.advance(60_000);
    const read = await api.get(`/guardian/approval/${minor.link}`);
    t.is(read.status, 404);
    t.deepEqual(read.body, message('guardianLinkExpired'));
    t.is((await fetch(`${server.url}/guardian/confirm/${minor.link}`)).status, 404, 'the page says so too');
    const press = await api.post(`/guardian/approval/${minor.link}`, {}, { headers: OWN_NO_REFERRER_PAGE });
    t.is(press.status, 404);
    t.deepEqual(press.body, message('guardianLinkExpired'));
    t.is(await confirmedAt(minor.id), null, 'an expired link approves nobody');

    t.is((await api.post('/user/guardian/resend', {}, { auth: minor })).status, 200);
    const [, fresh] = await linksTo(minor.guardian, 2);
    const approved = await api.post(`/guardian/approval/${fresh}`, {}, { headers: OWN_NO_REFERRER_PAGE });
    t.is(approved.status, 200, JSON.stringify(approved.body));
    t.truthy(await confirmedAt(minor.id));
    server.clock.advance(GUARDIAN_LINK_MS);
    t.like(
      (await api.get(`/guardian/approval/${fresh}`)).body,
      { approved: true },
      'a used link says approved, at any age',
    );
  },
);

test("a resend is refused with 409 when the player's own address now reaches the guardian's inbox; no e-mail goes out", async (t) => {
  const minor = await signUpMinor();
  const [local, domain] = minor.guardian.split('@') as [string, string];
  await server
    .knex('users')
    .where('id', minor.id)
    .update({ email: `${local.toUpperCase()}+me@${domain}` });
  const refused = await api.post('/user/guardian/resend', {}, { auth: minor });
  t.is(refused.status, 409);
  t.deepEqual(refused.body, message('guardianResendOwnInbox'));
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.is((await linksTo(minor.guardian, 1)).length, 1, 'only the sign-up e-mail');
});
