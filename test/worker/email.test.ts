import net from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Queue } from 'bullmq';
import { EMAIL_JOB_ATTEMPTS, emailJobId } from '@ecup/domain';
import { createBullConnection } from '@ecup/db';
import { createMailTransport } from '@ecup/mail';
import { sendEmail } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { waitFor } from '../helpers/poll.ts';

// An SMTP "server" that accepts connections and hangs up at once: every send fails.
let refusingSmtp: net.Server;
let server: TestServer;
test.before(async () => {
  refusingSmtp = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => refusingSmtp.listen(0, '127.0.0.1', resolve));
  const { port } = refusingSmtp.address() as net.AddressInfo;
  server = await startTestServer({ label: 'mailfail', worker: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
test.after.always(async () => {
  await server?.close();
  refusingSmtp?.close();
});

test('a failing e-mail is retried with backoff, its error recorded, and the job kept', async (t) => {
  const user = await buildUser(server.knex);
  const res = await client(server.url).post('/user/forgot_password', { username: user.username, email: user.email });
  t.is(res.status, 200);
  const email = await server.knex('emails').where('user_id', user.id).first();
  const connection = createBullConnection(server.config.redisUrl, 'producer');
  const queue = new Queue('email', { connection, prefix: `${server.config.redisPrefix}bull` });
  t.teardown(async () => {
    await queue.close();
    connection.disconnect();
  });
  const state = await waitFor(
    async () => {
      const state = await queue.getJobState(emailJobId(email!.id));
      return state === 'delayed' && state;
    },
    { what: 'the e-mail job delayed', timeoutMs: 15_000 },
  );
  t.is(state, 'delayed', 'waiting for its next attempt');
  const job = await queue.getJob(emailJobId(email!.id));
  t.is(job!.attemptsMade, 1);
  t.is(job!.opts.attempts, EMAIL_JOB_ATTEMPTS);
  t.is(job!.opts.removeOnFail, false);
  const row = await server.knex('emails').where('id', email!.id).first();
  t.is(row!.sent_at, null);
  t.is(row!.attempts, 1);
  t.truthy(row!.last_error);
});

test('sending the same e-mail twice writes one message', async (t) => {
  const db = await createTestDatabase('mailonce');
  t.teardown(() => db.drop());
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'ecup-outbox-'));
  t.teardown(() => rm(outbox, { recursive: true, force: true }));
  const transport = createMailTransport({ smtpUrl: null, outbox });
  const [id] = await db.knex('emails').insert({
    kind: 'password-reset',
    to_address: 'someone@example.com',
    subject: 'Hello',
    text_body: 'Body',
  });
  const deps = { knex: db.knex, transport, from: 'eCup <no-reply@ecup.local>' };
  t.is(await sendEmail(deps, { email_id: Number(id) }), 'sent');
  t.is(await sendEmail(deps, { email_id: Number(id) }), 'already-sent');
  t.deepEqual(await readdir(outbox), [`email-${String(id).padStart(6, '0')}.eml`]);
  const row = await db.knex('emails').where('id', id).first();
  t.truthy(row!.sent_at);
  t.is(row!.attempts, 1);
});

test('an outbox e-mail keeps its link whole on one line, so it can be clicked in a text editor', async (t) => {
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'ecup-outbox-'));
  t.teardown(() => rm(outbox, { recursive: true, force: true }));
  const transport = createMailTransport({ smtpUrl: null, outbox });
  t.teardown(() => transport.close());
  const link = `http://localhost:3000/resetpassword/12/34/${'0123456789abcdef'.repeat(4)}`;
  await transport.send({
    id: 7,
    from: 'eCup <no-reply@ecup.local>',
    to: 'asa@example.com',
    subject: 'Återställ ditt lösenord',
    text: `Hej Åsa,\n\nÖppna den här länken inom 60 minuter för att välja ett nytt lösenord:\n\n${link}\n\n— eCup`,
  });
  const raw = await readFile(path.join(outbox, 'email-000007.eml'), 'utf8');
  const [head, body] = raw.split('\n\n', 2) as [string, string];
  t.true(raw.split('\n').includes(link), 'the link is one line of its own, as it was written');
  t.true(body.startsWith('Hej Åsa,'), 'the text is readable as it is');
  t.regex(head, /^Content-Type: text\/plain; charset=utf-8$/m);
  t.regex(head, /^Content-Transfer-Encoding: 8bit$/m);
  t.regex(head, /^Subject: =\?UTF-8\?/m, 'a Swedish subject is an encoded word');
  t.regex(head, /^To: asa@example\.com$/m);
  t.notRegex(body, /=\n|=3D/, 'no quoted-printable soft breaks or escapes');
});
