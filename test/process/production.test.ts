import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { DEMO_ACCOUNTS, createKnex, dropDatabase, parseDatabaseUrl } from '@ecup/db';
import { cli } from '../helpers/cli.ts';
import { TEST_DATABASE_SERVER, testRedisPrefix } from '../helpers/db.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { deleteRedisPrefix } from '../helpers/server.ts';
import { freePort, runEntry, waitForOutput } from '../helpers/process.ts';
import { TEST_VAPID_ENV } from '../helpers/vapid.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'metrics-secret-7f3a9c1d2e4b5a6f';
const APP_SECRET = 'app-secret-for-production-tests-0123456789';
/** Every password the README prints. */
const README_PASSWORDS = [DEMO_ACCOUNTS.admin.password, DEMO_ACCOUNTS.player.password];

test('a production start with SEED_DEMO=on is refused with one line and a non-zero exit', async (t) => {
  const proc = runEntry('scripts/src/start.ts', { NODE_ENV: 'production', SEED_DEMO: 'on', PORT: '0' });
  t.not(await proc.exited, 0);
  const lines = proc.output().trim().split('\n');
  t.is(lines.length, 1, proc.output());
  t.regex(lines[0]!, /^SEED_DEMO=on .* refused with NODE_ENV=production\. Unset it\.$/);
});

test('an unreachable Redis with a password in REDIS_URL stops the start without writing the password', async (t) => {
  const proc = runEntry('worker/src/main.ts', {
    NODE_ENV: 'production',
    APP_SECRET,
    ...TEST_VAPID_ENV,
    REDIS_URL: 'redis://:redis-secret-91@127.0.0.1:1',
    DATABASE_URL: TEST_DATABASE_SERVER,
  });
  t.is(await proc.exited, 1);
  t.false(proc.output().includes('redis-secret-91'), proc.output());
  t.regex(proc.output(), /REDIS_URL=redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
});

test(
  'a production start on a fresh database creates no demo account and logs no password or token; ' +
    'a database holding the demo accounts is refused naming demo:remove',
  async (t) => {
    const base = parseDatabaseUrl(TEST_DATABASE_SERVER);
    const database = `ecup_t_prod_${Date.now().toString(36)}`;
    const target = { ...base, database };
    const databaseUrl = `mysql://${base.user}@${base.host}:${base.port}/${database}`;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-prod-'));
    const prefix = testRedisPrefix('prod');
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_TOKEN,
      APP_SECRET,
      ...TEST_VAPID_ENV,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      MAIL_OUTBOX: path.join(dir, 'outbox'),
    };
    // Connects at its first query, after the start has created the database.
    const knex = createKnex(target);
    t.teardown(async () => {
      await knex.destroy();
      await dropDatabase(target);
      await rm(dir, { recursive: true, force: true });
      await deleteRedisPrefix(redisUrl, prefix);
    });

    const proc = runEntry('scripts/src/start.ts', env);
    t.teardown(() => void proc.child.kill('SIGKILL'));
    await waitForOutput(proc, 'eCup is running on', 90_000);
    t.is(Number((await knex('users').count({ n: '*' }))[0]?.n), 0, 'no account at all, demo or other');
    t.truthy(await knex('seasons').first('id'), 'the base rows are there');

    // A real player signs in and uses the token: neither the password nor the token reaches the log.
    const player = await buildUser(knex, { username: 'real_ana', password: 'Real Password 42!' });
    const api = client(`http://127.0.0.1:${port}`);
    const demoLogin = await api.post('/user/login', {
      username: DEMO_ACCOUNTS.admin.username,
      password: DEMO_ACCOUNTS.admin.password,
    });
    t.not(demoLogin.status, 200);
    const login = await api.post<{ id: number; token: string }>('/user/login', {
      username: player.username,
      password: player.password,
    });
    t.is(login.status, 200);
    const me = await api.get('/user/auth', { auth: login.body });
    t.is(me.status, 200);
    proc.child.kill('SIGTERM');
    t.is(await proc.exited, 0);

    const log = proc.output();
    for (const secret of [...README_PASSWORDS, player.password, login.body.token, METRICS_TOKEN, APP_SECRET]) {
      t.false(log.includes(secret), `the log holds ${secret}:\n${log}`);
    }
    t.notRegex(log.replaceAll('METRICS_TOKEN', ''), /token/i);
    t.notRegex(log, /demo/i);

    // The demo seeded into the same database (as a development install would have): production refuses it.
    const seeded = await cli(['demo:seed', '--players', '3', '--games-per-player', '1', '--forum-threads', '1'], {
      databaseUrl,
      env: { UPLOAD_DIR: env.UPLOAD_DIR },
    });
    t.is(seeded.code, 0, seeded.stderr);
    const refused = runEntry('scripts/src/start.ts', env);
    t.teardown(() => void refused.child.kill('SIGKILL'));
    t.not(await refused.exited, 0);
    const lines = refused.output().trim().split('\n');
    t.is(lines.length, 1, refused.output());
    t.regex(lines[0]!, /holds the demo accounts.*`npm run cli -- demo:remove`/);
    // An API process on its own (npm run api) is refused the same way.
    const api2 = runEntry('api/src/main.ts', env);
    t.teardown(() => void api2.child.kill('SIGKILL'));
    t.not(await api2.exited, 0);
    t.is(api2.output().trim(), lines[0]!);

    // After demo:remove the production start runs again, with the real player still there.
    const removed = await cli(['demo:remove'], { databaseUrl, env: { UPLOAD_DIR: env.UPLOAD_DIR } });
    t.is(removed.code, 0, removed.stderr);
    const again = runEntry('scripts/src/start.ts', env);
    t.teardown(() => void again.child.kill('SIGKILL'));
    await waitForOutput(again, 'eCup is running on', 90_000);
    const relogin = await api.post('/user/login', { username: player.username, password: player.password });
    t.is(relogin.status, 200);
    again.child.kill('SIGTERM');
    t.is(await again.exited, 0);
  },
);
