import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Redis } from 'ioredis';
import { DEMO_ACCOUNTS, createKnex, dropDatabase, parseDatabaseUrl } from '@ecup/db';
import { TEST_DATABASE_SERVER, testRedisPrefix } from '../helpers/db.ts';
import { buildUser } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { deleteRedisPrefix } from '../helpers/server.ts';
import { freePort, runEntry, waitForOutput } from '../helpers/process.ts';
import { TEST_VAPID_ENV } from '../helpers/vapid.ts';
import { waitFor } from '../helpers/poll.ts';

// No password, token or secret is ever written to a log: a production start whose every connection has a password
// (its own MariaDB user, a Redis ACL user, an SMTP server that asks for a login), with METRICS_TOKEN and APP_SECRET
// set and debug logging on, serves a sign-in, a failed sign-in, metrics, an e-mail the SMTP server refuses and a whole
// password reset, and nothing the processes wrote holds any of those values.

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const suffix = randomBytes(4).toString('hex');
const SECRETS = {
  database: `db-Secret-${suffix}-pass`,
  redis: `redis-Secret-${suffix}-pass`,
  smtp: `smtp-Secret-${suffix}-pass`,
  metrics: `metrics-secret-${suffix}-0123456789`,
  appSecret: randomBytes(32).toString('hex'),
};

/**
 * A small SMTP server that asks for a login (AUTH PLAIN) and keeps every message it is given. It refuses the first
 * login, so a failed sending is logged too.
 */
function fakeSmtp(): { server: Server; messages: string[]; logins: string[] } {
  const messages: string[] = [];
  const logins: string[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 mail.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-mail.test\r\n250 AUTH PLAIN');
        else if (verb === 'HELO') reply('250 mail.test');
        else if (verb === 'AUTH') {
          logins.push(Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8'));
          reply(logins.length === 1 ? '535 5.7.8 Authentication failed' : '235 accepted');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => undefined);
  });
  return { server, messages, logins };
}

/** A message's text with quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test('a production start logs no password, token or secret through sign-in, metrics and a password reset', async (t) => {
  const base = parseDatabaseUrl(TEST_DATABASE_SERVER);
  const database = `ecup_t_nosecret_${suffix}`;
  const target = { ...base, database };
  const dbUser = `ecup_ns_${suffix}`;
  const redisUser = `ecup_ns_${suffix}`;
  const root = createKnex({ ...base, database: '' });
  const redis = new Redis(redisUrl);
  const smtp = fakeSmtp();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-nosecret-'));
  const prefix = testRedisPrefix('nosecret');
  t.teardown(async () => {
    await dropDatabase(target).catch(() => undefined);
    for (const host of ['%', 'localhost']) await root.raw('DROP USER IF EXISTS ??@??', [dbUser, host]);
    await root.destroy();
    await redis.call('ACL', 'DELUSER', redisUser);
    redis.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
    smtp.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  // Its own MariaDB user with a password, allowed only its own database (which the start creates).
  for (const host of ['%', 'localhost']) {
    await root.raw('CREATE USER ??@?? IDENTIFIED BY ?', [dbUser, host, SECRETS.database]);
    await root.raw(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO ??@??`, [dbUser, host]);
  }
  // A Redis user with a password, limited to this start's prefix.
  await redis.call('ACL', 'SETUSER', redisUser, 'reset', 'on', `>${SECRETS.redis}`, `~${prefix}*`, '&*', '+@all');
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'debug',
    PORT: String(port),
    PUBLIC_URL: 'https://ecup.example.org',
    DATABASE_URL: `mysql://${dbUser}:${SECRETS.database}@${base.host}:${base.port}/${database}`,
    REDIS_URL: `redis://${redisUser}:${SECRETS.redis}@${new URL(redisUrl).host}`,
    REDIS_PREFIX: prefix,
    SMTP_URL: `smtp://mailer:${SECRETS.smtp}@127.0.0.1:${smtpPort}`,
    METRICS_TOKEN: SECRETS.metrics,
    APP_SECRET: SECRETS.appSecret,
    ...TEST_VAPID_ENV,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX: path.join(dir, 'outbox'),
  };
  const proc = runEntry('scripts/src/start.ts', env, { logFile: path.join(dir, 'product.log') });
  t.teardown(() => void proc.child.kill('SIGKILL'));
  await waitForOutput(proc, 'eCup is running on', 90_000);

  const knex = createKnex(target);
  t.teardown(() => knex.destroy());
  const player = await buildUser(knex, { username: 'real_bo', password: 'Bo Secret Password 7!' });
  const api = client(`http://127.0.0.1:${port}`);

  const wrong = await api.post('/user/login', { username: player.username, password: 'Wrong Guess Password 3?' });
  t.is(wrong.status, 401);
  const login = await api.post<Credentials>('/user/login', { username: player.username, password: player.password });
  t.is(login.status, 200);
  t.is((await api.get('/user/auth', { auth: login.body })).status, 200);
  const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { Authorization: `Bearer ${SECRETS.metrics}` },
  });
  t.is(metrics.status, 200);
  t.is((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status, 401);

  // A reset whose e-mail the SMTP server refuses (its login): the failure is logged.
  const other = await buildUser(knex, { username: 'real_cy' });
  t.is((await api.post('/user/forgot_password', { username: other.username, email: other.email })).status, 200);
  await waitForOutput(proc, 'failed', 20_000);
  // A password reset, through the SMTP server: the link's token, the new password and the new session's token.
  t.is((await api.post('/user/forgot_password', { username: player.username, email: player.email })).status, 200);
  await waitFor(() => smtp.messages.length > 0, { what: 'an e-mail at the SMTP server', timeoutMs: 20_000 });
  const mail = decoded(smtp.messages[0] ?? '');
  t.deepEqual(smtp.logins, [`\0mailer\0${SECRETS.smtp}`, `\0mailer\0${SECRETS.smtp}`]);
  const link = /https:\/\/ecup\.example\.org\/resetpassword\/[^\s"<>]+/.exec(mail)?.[0];
  t.truthy(link, mail);
  const [, , id, uid, resetToken] = new URL(link!).pathname.split('/');
  const newPassword = 'Brand New Password 9!';
  const reset = await api.post<Credentials>('/user/reset_password', {
    id: id!,
    uid: uid!,
    token: resetToken!,
    password: newPassword,
  });
  t.is(reset.status, 200);
  t.is((await api.post('/user/login', { username: player.username, password: newPassword })).status, 200);

  proc.child.kill('SIGTERM');
  t.is(await proc.exited, 0);

  const log = proc.output();
  t.regex(log, /eCup is running on/);
  t.regex(log, /"level":"(?:warn|error)".*535 5\.7\.8 Authentication failed/, 'the refused login was logged');
  t.regex(log, /"level":20|"level":"debug"/, 'debug lines were written, so the check covers them');
  const secrets: Record<string, string> = {
    'the database password': SECRETS.database,
    'the Redis password': SECRETS.redis,
    'the SMTP password': SECRETS.smtp,
    'the SMTP login as sent': Buffer.from(`\0mailer\0${SECRETS.smtp}`).toString('base64'),
    METRICS_TOKEN: SECRETS.metrics,
    APP_SECRET: SECRETS.appSecret,
    'the VAPID private key': TEST_VAPID_ENV.VAPID_PRIVATE_KEY,
    "the player's password": player.password,
    'the wrong password': 'Wrong Guess Password 3?',
    'the new password': newPassword,
    'the session token': login.body.token,
    'the reset link token': resetToken!,
    "the reset's session token": reset.body.token,
    'the password hash': String((await knex('users').where('id', player.id).first('password_hash'))!.password_hash),
    ...Object.fromEntries(Object.values(DEMO_ACCOUNTS).map((a) => [`demo ${a.username}`, a.password])),
  };
  for (const [what, value] of Object.entries(secrets)) {
    t.false(log.includes(value), `${what} is in the log`);
    t.false(log.includes(encodeURIComponent(value)), `${what} (URL-encoded) is in the log`);
  }
});

test('a start that cannot reach its database, or is refused by it, names the address without the password', async (t) => {
  const base = parseDatabaseUrl(TEST_DATABASE_SERVER);
  for (const [what, url] of [
    ['unreachable', `mysql://ecup:${SECRETS.database}@127.0.0.1:1/ecup`],
    ['refused', `mysql://ecup_nobody_${suffix}:${SECRETS.database}@${base.host}:${base.port}/ecup`],
  ] as const) {
    const proc = runEntry('scripts/src/start.ts', {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      PORT: '0',
      METRICS_TOKEN: SECRETS.metrics,
      APP_SECRET: SECRETS.appSecret,
      ...TEST_VAPID_ENV,
    });
    t.teardown(() => void proc.child.kill('SIGKILL'));
    t.not(await proc.exited, 0, what);
    const output = proc.output();
    t.regex(output, /DATABASE_URL/, `${what}: ${output}`);
    t.false(output.includes(SECRETS.database), `${what}: ${output}`);
    t.false(output.includes(SECRETS.metrics), `${what}: ${output}`);
    t.false(output.includes(SECRETS.appSecret), `${what}: ${output}`);
  }
});
