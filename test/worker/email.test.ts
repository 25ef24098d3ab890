import net from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Queue } from 'bullmq';
import { EMAIL_JOB_ATTEMPTS, emailJobId } from '@ecup/domain';
import { createBullConnection } from '@ecup/db';
import { createMailTransport, sendEmail } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { createTestDatabase } from '../helpers/db.ts';

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
  const deadline = Date.now() + 15_000;
  let state = '';
  while (Date.now() < deadline) {
    state = await queue.getJobState(emailJobId(email.id));
    if (state === 'delayed') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.is(state, 'delayed', 'waiting for its next attempt');
  const job = await queue.getJob(emailJobId(email.id));
  t.is(job!.attemptsMade, 1);
  t.is(job!.opts.attempts, EMAIL_JOB_ATTEMPTS);
  t.is(job!.opts.removeOnFail, false);
  const row = await server.knex('emails').where('id', email.id).first();
  t.is(row.sent_at, null);
  t.is(row.attempts, 1);
  t.truthy(row.last_error);
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
  t.truthy(row.sent_at);
  t.is(row.attempts, 1);
});
