import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { connect, type Socket } from 'socket.io-client';
import {
  RESULT_ENTRY_DELAY_MS,
  gameRoom,
  type ChatMessagePayload,
  type GameReadyEvent,
  type GameSummary,
  type MatchPayload,
} from '@ecup/domain';
import { seedBase } from '@ecup/db';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db.ts';
import { deleteRedisPrefix } from '../helpers/server.ts';
import { freePort, processStackEnv, runEntry, type RunningProcess } from '../helpers/process.ts';
import { nextEvent, signedInUser } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

/*
 * The production topology of docs/operations.md: Debian's nginx with deploy/nginx.conf in front of two `npm run api`
 * processes, and two `npm run worker` processes, on one database and one Redis prefix. Players reach the product
 * only through nginx, each from an address of their own (X-Forwarded-For from the load balancer, as nginx trusts
 * it from loopback). The tests share the processes and run in order: the last one stops an API process.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NGINX = '/usr/sbin/nginx';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: TestDatabase;
let prefix: string;
let dir: string;
let nginx: ChildProcess | undefined;
let site: string;
const apis: { port: number; proc: RunningProcess }[] = [];
const workers: RunningProcess[] = [];
const sockets: Socket[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

/** deploy/nginx.conf with this run's ports and folders on its `# site:` lines, each of which must be there. */
async function siteConfig(port: number, apiPorts: number[], accessLog: string): Promise<string> {
  let conf = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer holds "${from}"`);
    conf = conf.replace(from, to);
  };
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${apiPorts[0]} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${apiPorts[1]} `);
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  replace('/var/log/nginx/ecup.access.log', accessLog);
  replace('root /srv/ecup/player-web/dist;', `root ${path.join(ROOT, 'player-web/dist')};`);
  replace('alias /srv/ecup/admin-web/dist/assets/;', `alias ${path.join(ROOT, 'admin-web/dist/assets')}/;`);
  return conf;
}

test.before(async () => {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run installs it)`);
  db = await createTestDatabase('nginx');
  await seedBase(db.knex, { now: new Date() });
  prefix = testRedisPrefix('nginx');
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-nginx-'));
  const env = {
    ...processStackEnv({ databaseUrl: db.url, redisUrl, prefix, dir }),
    TRUST_PROXY: 'on',
    TRUSTED_PROXIES: '127.0.0.1/32,::1',
  };
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push({ port, proc: runEntry('api/src/main.ts', { ...env, PORT: String(port) }) });
    workers.push(runEntry('worker/src/main.ts', env));
  }

  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
  const conf = [
    // As root (CI), the workers run as root too, to write the run's temporary folders.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${path.join(dir, temp)};`,
    ),
    await siteConfig(
      port,
      apis.map((a) => a.port),
      path.join(dir, 'access.log'),
    ),
    '}',
  ].join('\n');
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  nginx = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  for (const api of apis) {
    await waitFor(
      `API on ${api.port}`,
      async () => (await fetch(`http://127.0.0.1:${api.port}/health`)).status === 200,
      60_000,
    );
  }
  await waitFor('nginx', async () => (await fetch(`${site}/health`)).status === 200, 20_000);
});

test.after.always(async () => {
  for (const socket of sockets) socket.close();
  nginx?.kill('SIGTERM');
  const all = [...apis.map((a) => a.proc), ...workers];
  for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await Promise.race([Promise.all(all.map((p) => p.exited)), sleep(8000)]);
  for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (prefix) await deleteRedisPrefix(redisUrl, prefix);
});

/**
 * The upstream nginx logged for each request line holding `marker` (`-` when nginx answered itself), once at least
 * one such line is there (nginx writes a request's line just after its answer).
 */
async function upstreamsOf(marker: string): Promise<string[]> {
  return waitFor(
    `an access log line with ${marker}`,
    async () => {
      const log = await readFile(path.join(dir, 'access.log'), 'utf8');
      const lines = log.split('\n').filter((line) => line.includes(marker));
      return lines.length > 0 ? lines.map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '') : undefined;
    },
    5000,
  );
}

/** A client address whose requests nginx sends to API process `index` (found by asking through nginx). */
const addressesByApi = new Map<number, string[]>();
async function addressFor(index: number): Promise<string> {
  for (let n = 1; (addressesByApi.get(index)?.length ?? 0) === 0 && n < 200; n++) {
    const address = `10.20.${n >> 8}.${n & 255}`;
    if ([...addressesByApi.values()].some((list) => list.includes(address))) continue;
    await fetch(`${site}/health?probe=${address}`, { headers: { 'X-Forwarded-For': address } });
    const [upstream] = await upstreamsOf(`probe=${address} `);
    const api = apis.findIndex((a) => upstream === `127.0.0.1:${a.port}`);
    if (api >= 0) addressesByApi.set(api, [...(addressesByApi.get(api) ?? []), address]);
  }
  const address = addressesByApi.get(index)?.shift();
  if (!address) throw new Error(`no address reaches API ${index + 1}`);
  return address;
}

interface Player {
  id: number;
  auth: Credentials;
  address: string;
  socket: Socket;
}

function openSocket(auth: Credentials, address: string, transport: 'websocket' | 'polling'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(site, {
      path: '/socket.io',
      auth: { ...auth },
      transports: [transport],
      upgrade: false,
      reconnection: false,
      extraHeaders: { 'X-Forwarded-For': address },
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function player(api: number, transport: 'websocket' | 'polling' = 'websocket'): Promise<Player> {
  const { user, auth } = await signedInUser(db.knex, { elo: 1000 });
  const address = await addressFor(api);
  return { id: user.id, auth, address, socket: await openSocket(auth, address, transport) };
}

/** A call as the player app makes it, through nginx from the player's address. */
async function call<T = Record<string, unknown>>(p: Player, route: string, fields: Record<string, unknown> = {}) {
  const res = await fetch(`${site}${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${p.auth.id}:${p.auth.token}`,
      'X-Forwarded-For': p.address,
    },
    body: JSON.stringify(fields),
  });
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
}

test.serial('nginx serves the built files with their gzip copies itself and passes the rest to the APIs', async (t) => {
  const assets = readdirSync(path.join(ROOT, 'player-web/dist/assets'));
  const script = assets.find((f) => f.endsWith('.js') && assets.includes(`${f}.gz`));
  t.truthy(script, 'the build has a script with a .gz copy');
  const res = await fetch(`${site}/assets/${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
  t.is(res.status, 200);
  t.is(res.headers.get('content-encoding'), 'gzip');
  t.regex(res.headers.get('cache-control') ?? '', /immutable/);
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  await res.arrayBuffer();
  t.deepEqual(await upstreamsOf(`/assets/${script} `), ['-'], 'answered by nginx, not an API process');

  const home = await fetch(`${site}/`);
  t.is(home.status, 200);
  t.regex(await home.text(), /<div id="root">/);
  t.regex(home.headers.get('content-security-policy') ?? '', /default-src 'self'/, "the API's headers come through");
  const [upstream] = await upstreamsOf('"GET / HTTP');
  t.true(
    apis.some((a) => upstream === `127.0.0.1:${a.port}`),
    `the page came from an API process (${upstream})`,
  );
});

test.serial('a player whose socket.io runs by long-polling only is matched through nginx', async (t) => {
  const [c, d] = await Promise.all([player(0, 'polling'), player(1)]);
  t.is(c.socket.io.engine.transport.name, 'polling');
  const matched = Promise.all([
    nextEvent<MatchPayload>(c.socket, 'match', 15_000),
    nextEvent<MatchPayload>(d.socket, 'match', 15_000),
  ]);
  t.is((await call(c, '/matchmaking/queue/enter')).status, 200);
  t.is((await call(d, '/matchmaking/queue/enter')).status, 200);
  const [forC, forD] = await matched;
  t.is(forC.id, forD.id);
  // Every poll of the session reached the API process holding it (a poll elsewhere is refused as an unknown session).
  t.is(c.socket.io.engine.transport.name, 'polling');
  t.true(c.socket.connected);
  t.is((await call(c, '/matchmaking/match/decline')).status, 200);
  await call(d, '/matchmaking/queue/leave');
});

test.serial(
  'two players on different API processes play through nginx; one process stops mid-game and nothing is lost',
  async (t) => {
    const [a, b] = await Promise.all([player(0), player(1)]);
    const matched = Promise.all([
      nextEvent<MatchPayload>(a.socket, 'match', 15_000),
      nextEvent<MatchPayload>(b.socket, 'match', 15_000),
    ]);
    t.is((await call(a, '/matchmaking/queue/enter')).status, 200);
    t.is((await call(b, '/matchmaking/queue/enter')).status, 200);
    await matched;
    const ready = nextEvent<GameReadyEvent>(a.socket, 'game', 15_000);
    t.is((await call(a, '/matchmaking/match/accept')).status, 200);
    const second = await call<{ game_id: number }>(b, '/matchmaking/match/accept');
    t.is(second.status, 200);
    const gameId = second.body.game_id;
    t.deepEqual(await ready, { game_id: gameId });
    for (const p of [a, b])
      t.deepEqual(await p.socket.timeout(5000).emitWithAck('subscribe', { channel: gameRoom(gameId) }), { ok: true });

    const heard = nextEvent<ChatMessagePayload>(b.socket, 'message', 10_000);
    const line = await call<{ message: ChatMessagePayload }>(a, '/game/chat/send_message', {
      game_id: gameId,
      message: 'gl hf',
    });
    t.is(line.status, 200);
    t.deepEqual(await heard, line.body.message);

    // API process 1, which holds a's socket, stops; a's app reconnects through nginx and lands on process 2.
    const stopping = apis[0]!.proc;
    stopping.child.kill('SIGTERM');
    await stopping.exited;
    await waitFor('a disconnected', async () => !a.socket.connected, 10_000);
    a.socket = await openSocket(a.auth, a.address, 'websocket');
    t.deepEqual(await a.socket.timeout(5000).emitWithAck('subscribe', { channel: gameRoom(gameId) }), { ok: true });

    await db
      .knex('games')
      .where('id', gameId)
      .update({ created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 1000) });
    const game = await db.knex('games').where('id', gameId).first();
    const scores = game.user_1_id === a.id ? { score_1: 2, score_2: 0 } : { score_1: 0, score_2: 2 };
    let scored = nextEvent<GameSummary>(b.socket, 'score', 10_000);
    const submitted = await call(a, '/game/submit', { game_id: gameId, ...scores });
    t.is(submitted.status, 200, JSON.stringify(submitted.body));
    t.like(await scored, { id: gameId, state: 'submitted' });
    scored = nextEvent<GameSummary>(a.socket, 'score', 10_000);
    t.is((await call(b, '/game/confirm', { game_id: gameId })).status, 200);
    t.like(await scored, { id: gameId, state: 'final' });

    // Nothing lost: the chat line, one final game rated once.
    const chat = await db.knex('chat_messages').where('game_id', gameId).select('content');
    t.deepEqual(
      chat.map((m) => m.content),
      ['gl hf'],
    );
    const users = await db.knex('users').whereIn('id', [a.id, b.id]).select('id', 'elo', 'games_played');
    t.deepEqual(users.map((u) => u.games_played).sort(), [1, 1]);
    t.deepEqual(
      users.map((u) => u.elo).sort((x, y) => x - y),
      [980, 1020],
    );
    t.true(
      (await upstreamsOf('/game/submit')).every((u) => u.endsWith(`:${apis[1]!.port}`)),
      'after the stop every call went to the running process',
    );
  },
);
