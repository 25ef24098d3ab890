import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { DEMO_ACCOUNTS, dropDatabase, parseDatabaseUrl } from '@ecup/db';
import { TEST_DATABASE_SERVER, testRedisPrefix } from '../helpers/db.ts';
import { deleteRedisPrefix } from '../helpers/server.ts';
import { freePort, runEntry, waitForOutput } from '../helpers/process.ts';
import { client } from '../helpers/http.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

test('an unreachable MySQL stops the start with one line naming DATABASE_URL', async (t) => {
  const proc = runEntry('api/src/main.ts', { DATABASE_URL: 'mysql://root@127.0.0.1:1/ecup', PORT: '0' });
  t.is(await proc.exited, 1);
  const lines = proc.output().trim().split('\n');
  t.is(lines.length, 1, proc.output());
  t.regex(
    lines[0]!,
    /^Cannot reach MySQL at 127\.0\.0\.1:1 \(DATABASE_URL=.*\).*Start it .*mariadbd.* or set DATABASE_URL\.$/,
  );
});

test('an unreachable Redis stops the start with one line naming REDIS_URL', async (t) => {
  const proc = runEntry('worker/src/main.ts', { REDIS_URL: 'redis://127.0.0.1:1', DATABASE_URL: TEST_DATABASE_SERVER });
  t.is(await proc.exited, 1);
  const lines = proc.output().trim().split('\n');
  t.is(lines.length, 1, proc.output());
  t.regex(lines[0]!, /^Cannot reach Redis \(REDIS_URL=redis:\/\/127\.0\.0\.1:1\).*redis-server.* or set REDIS_URL\.$/);
});

test('a bad variable stops the start naming it', async (t) => {
  const proc = runEntry('api/src/main.ts', { PORT: 'eighty' });
  t.is(await proc.exited, 1);
  t.regex(proc.output().trim(), /^PORT must be a port number/);
});

test('the start command creates and seeds a new database, serves the demo login and shuts down gracefully', async (t) => {
  const base = parseDatabaseUrl(TEST_DATABASE_SERVER);
  const database = `ecup_t_start_${Date.now().toString(36)}`;
  const target = { ...base, database };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-start-'));
  const prefix = testRedisPrefix('start');
  const port = await freePort();
  t.teardown(async () => {
    await dropDatabase(target);
    await rm(dir, { recursive: true, force: true });
    await deleteRedisPrefix(redisUrl, prefix);
  });
  const proc = runEntry('scripts/src/start.ts', {
    PORT: String(port),
    DATABASE_URL: `mysql://${base.user}@${base.host}:${base.port}/${database}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX: path.join(dir, 'outbox'),
  });
  t.teardown(() => void proc.child.kill('SIGKILL'));
  await waitForOutput(proc, 'eCup is running on', 90_000);
  t.regex(
    proc.output(),
    /demo accounts: demo_player \(player\) and demo_admin \(admin\); their passwords are in the README/,
  );
  t.false(proc.output().includes(DEMO_ACCOUNTS.player.password), 'no password in the log');

  const api = client(`http://127.0.0.1:${port}`);
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: DEMO_ACCOUNTS.player.username,
    password: DEMO_ACCOUNTS.player.password,
  });
  t.is(login.status, 200);
  t.deepEqual(Object.keys(login.body).sort(), ['id', 'token']);

  const ranking = await api.get<{ rankings: { elo: number; rank: number }[]; total: number }>('/ranking/list', {
    query: { sorting: 0, amount: 250 },
  });
  t.true(ranking.body.total >= 150, `ranked ${ranking.body.total}`);
  const elos = ranking.body.rankings.map((r) => r.elo);
  t.deepEqual(
    elos,
    [...elos].sort((a, b) => b - a),
  );
  t.true(new Set(elos).size > 20, 'Elo ratings vary');

  const news = await api.get<unknown[]>('/news/latest');
  t.is(news.body.length, 4);
  const home = await fetch(`http://127.0.0.1:${port}/`);
  t.regex(await home.text(), /<div id="root">/);
  const admin = await fetch(`http://127.0.0.1:${port}/admin/`);
  t.is(admin.status, 200);

  // A request still sending its body when SIGTERM arrives is answered before the process exits.
  const body = `username=${DEMO_ACCOUNTS.player.username}&password=${encodeURIComponent(DEMO_ACCOUNTS.player.password)}`;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.write(
    `POST /user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  proc.child.kill('SIGTERM');
  await waitForOutput(proc, 'SIGTERM', 10_000);
  socket.write(body.slice(5));
  await new Promise((resolve) => socket.once('end', resolve));
  t.regex(answer, /^HTTP\/1\.1 200 OK/);
  t.regex(answer, /"token":"[0-9a-f]{64}"/);
  t.is(await proc.exited, 0);
});
