import { readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { io as connect, type Socket } from 'socket.io-client';
import {
  PAIRING_INTERVAL_MS,
  PLAY_TICK_SCHEDULER_ID,
  QUEUE_NAMES,
  RESULT_ENTRY_DELAY_MS,
  gameRoom,
  type ChatMessagePayload,
  type GamePayload,
  type GameReadyEvent,
  type GameSummary,
  type MatchAcceptedEvent,
  type MatchPayload,
  type MatchmakingStatus,
  type StatsEvent,
} from '@ecup/domain';
import { seedBase } from '@ecup/db';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { deleteRedisPrefix } from '../helpers/server.ts';
import { freePort, processStackEnv, ROOT, runEntry, type RunningProcess } from '../helpers/process.ts';
import { nextEvent, signedInUser, subscribe } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { waitFor as poll } from '../helpers/poll.ts';

/*
 * Scale-out (docs/decisions.md#shape) in the production topology of docs/operations.md: Debian's nginx with deploy/nginx.conf
 * in front of two `npm run api` processes, and two `npm run worker` processes, on one MariaDB database and one Redis
 * prefix. Players reach the product only through nginx, each from an address of its own (X-Forwarded-For from the
 * load balancer in front, which nginx trusts from loopback and hashes on), chosen so that nginx sends it to the API
 * process the test wants; each API process's `ecup_socket_connections` metric shows which process holds a socket.
 * The tests share the processes, so they run in order (test.serial): static files, a long-polling player, the play
 * loop across both APIs, the schedules with two workers, a worker killed mid-job, then an API process stopped
 * mid-game (last, as it leaves one API and one worker running).
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * A short job lock (JOB_LOCK_MS, BullMQ lockDuration; the stalled check runs every half of it), so a job held by the
 * killed worker is handed to the other one within seconds instead of the default's 30-45 s.
 */
const JOB_LOCK_MS = 3000;

interface Api {
  port: number;
  /** The process's own address, for its metrics only: players go through nginx. */
  url: string;
  proc: RunningProcess;
}

let db: TestDatabase;
let knex: Knex;
let prefix: string;
let dir: string;
let nginx: RunningNginx | undefined;
let site: ReturnType<typeof client>;
const apis: Api[] = [];
const workers: RunningProcess[] = [];
const sockets: Socket[] = [];
let playQueue: Queue;
let emailQueue: Queue;
let playEvents: QueueEvents;
const redisClients: Redis[] = [];
/** Processes a test stopped on purpose. */
const stopped = new Set<RunningProcess>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something truthy; fails naming `what` (and the processes' output) after `ms`. */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number): Promise<T> {
  return poll(
    async () => {
      const value = await probe().catch(() => undefined);
      if (value) return value;
      const exited = [...apis.map((a) => a.proc), ...workers].find((p) => p.child.exitCode !== null && !stopped.has(p));
      if (exited)
        throw new Error(`a process exited (${exited.child.exitCode}) while waiting for ${what}:\n${exited.output()}`);
      return undefined;
    },
    { what: () => `${what} (output so far:\n${processOutput()}\n)`, timeoutMs: ms },
  );
}

function processOutput(): string {
  const tail = (label: string, p: RunningProcess) => `--- ${label}\n${p.output().slice(-2000)}`;
  return [
    ...apis.map((a, i) => tail(`api ${i + 1}`, a.proc)),
    ...workers.map((w, i) => tail(`worker ${i + 1}`, w)),
  ].join('\n');
}

function bullConnection(): Redis {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redisClients.push(redis);
  return redis;
}

test.before(async () => {
  db = await createTestDatabase('scale');
  knex = db.knex;
  await seedBase(knex, { now: new Date() });
  prefix = testRedisPrefix('scale');
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-scale-'));
  const env = {
    ...processStackEnv({ databaseUrl: db.url, redisUrl, prefix, dir }),
    JOB_LOCK_MS: String(JOB_LOCK_MS),
    TRUST_PROXY: 'on',
    TRUSTED_PROXIES: '127.0.0.1/32,::1',
  };
  const ports = [await freePort(), await freePort()];
  for (const port of ports) {
    const url = `http://127.0.0.1:${port}`;
    apis.push({ port, url, proc: runEntry('api/src/main.ts', { ...env, PORT: String(port) }) });
  }
  for (let i = 0; i < 2; i++) workers.push(runEntry('worker/src/main.ts', env));

  const bull = { prefix: `${prefix}bull` };
  playQueue = new Queue(QUEUE_NAMES.play, { connection: bullConnection(), ...bull });
  emailQueue = new Queue(QUEUE_NAMES.email, { connection: bullConnection(), ...bull });
  playEvents = new QueueEvents(QUEUE_NAMES.play, { connection: bullConnection(), ...bull });
  await playEvents.waitUntilReady();

  // Up means answering: the API's health check, and each worker's play consumer registered in Redis (log lines are
  // not a contract).
  for (const api of apis) {
    await waitFor(`GET ${api.url}/health`, async () => (await fetch(`${api.url}/health`)).status === 200, 60_000);
  }
  await waitFor('two play workers registered', async () => (await playQueue.getWorkersCount()) >= 2, 60_000);
  nginx = await startNginx(dir, ports);
  site = client(nginx.site);
});

test.afterEach.always((t) => {
  if (!t.passed) t.log(processOutput());
});

test.after.always(async () => {
  for (const socket of sockets) socket.close();
  await nginx?.stop();
  const all = [...apis.map((a) => a.proc), ...workers];
  for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  // A graceful stop first; whatever is still running after a few seconds is killed.
  await Promise.race([Promise.all(all.map((p) => p.exited)), sleep(8000)]);
  for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(all.map((p) => p.exited));
  await playEvents?.close();
  await playQueue?.close();
  await emailQueue?.close();
  for (const redis of redisClients) redis.disconnect();
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (prefix) await deleteRedisPrefix(redisUrl, prefix);
});

interface Player {
  id: number;
  username: string;
  email: string;
  auth: Credentials;
  /** The API process nginx sends this player's address to. */
  api: Api;
  address: string;
  socket: Socket;
}

/** The socket.io connections each running API process reports holding (its `ecup_socket_connections` metric). */
async function socketsHeld(): Promise<number[]> {
  return Promise.all(
    apis.map(async (api) => {
      if (stopped.has(api.proc)) return 0;
      const text = await (await fetch(`${api.url}/metrics`)).text();
      const value = /^ecup_socket_connections (\d+)$/m.exec(text)?.[1];
      if (value === undefined) throw new Error(`no ecup_socket_connections in ${api.url}/metrics`);
      return Number(value);
    }),
  );
}

/** A socket.io connection as the player app opens it, through nginx from the player's address. */
function openSocket(auth: Credentials, address: string, transport: 'websocket' | 'polling'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(nginx!.site, {
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

async function player(api: Api, transport: 'websocket' | 'polling' = 'websocket'): Promise<Player> {
  const { user, auth } = await signedInUser(knex, { elo: 1000 });
  const address = await nginx!.addressFor(api.port);
  const socket = await openSocket(auth, address, transport);
  return { id: user.id, username: user.username, email: user.email, auth, api, address, socket };
}

/** A call as the player app makes it, through nginx from the player's address. */
const call = <T = MatchmakingStatus>(p: Player, route: string, body: Record<string, unknown> = {}) =>
  site.postJson<T & { error?: string }>(route, body, { auth: p.auth, headers: { 'X-Forwarded-For': p.address } });

test.serial('nginx serves the built files with their gzip copies itself and passes the rest to the APIs', async (t) => {
  const assets = readdirSync(path.join(ROOT, 'player-web/dist/assets'));
  const script = assets.find((f) => f.endsWith('.js') && assets.includes(`${f}.gz`));
  t.truthy(script, 'the build has a script with a .gz copy');
  const res = await fetch(`${nginx!.site}/assets/${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
  t.is(res.status, 200);
  t.is(res.headers.get('content-encoding'), 'gzip');
  t.regex(res.headers.get('cache-control') ?? '', /immutable/);
  t.is(res.headers.get('x-content-type-options'), 'nosniff');
  await res.arrayBuffer();
  t.deepEqual(await nginx!.upstreamsOf(`/assets/${script} `), ['-'], 'answered by nginx, not an API process');

  const home = await fetch(`${nginx!.site}/`);
  t.is(home.status, 200);
  t.regex(await home.text(), /<div id="root">/);
  t.regex(home.headers.get('content-security-policy') ?? '', /default-src 'self'/, "the API's headers come through");
  const [upstream] = await nginx!.upstreamsOf('"GET / HTTP');
  t.true(
    apis.some((a) => upstream === `127.0.0.1:${a.port}`),
    `the page came from an API process (${upstream})`,
  );
});

test.serial('a player whose socket.io runs by long-polling only is matched through nginx', async (t) => {
  const before = await socketsHeld();
  const c = await player(apis[0]!, 'polling');
  const d = await player(apis[1]!);
  t.deepEqual(await socketsHeld(), [before[0]! + 1, before[1]! + 1], 'one socket on each API process');
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
  t.true(
    // The access log holds paths without their query strings (deploy/nginx.conf).
    (await nginx!.upstreamsOf(`"GET /socket.io/ `)).every((u) => u !== '-'),
    'every socket.io request went to an API process',
  );
  t.is((await call(c, '/matchmaking/match/decline')).status, 200);
  await call(d, '/matchmaking/queue/leave');
});

test.serial(
  'two players on different API processes play the whole loop: match from a worker, game, chat, score and stats cross processes',
  async (t) => {
    const before = await socketsHeld();
    const a = await player(apis[0]!);
    const b = await player(apis[1]!);
    t.deepEqual(await socketsHeld(), [before[0]! + 1, before[1]! + 1], "a's socket on API 1, b's on API 2");
    const next = <T>(p: Player, event: string, accept?: (payload: T) => boolean) =>
      nextEvent<T>(p.socket, event, 10_000, accept);

    // `match` is pushed by whichever worker paired them, through the Redis emitter.
    const matched = Promise.all([next<MatchPayload>(a, 'match'), next<MatchPayload>(b, 'match')]);
    t.is((await call(a, '/matchmaking/queue/enter')).status, 200);
    t.is((await call(b, '/matchmaking/queue/enter')).status, 200);
    const [matchA, matchB] = await matched;
    t.is(matchA.id, matchB.id);
    t.deepEqual([matchA.user_1.id, matchA.user_2.id].sort(), [a.id, b.id].sort());

    // a accepts on API 1; b, on API 2, hears it through the Redis adapter.
    const accepted = Promise.all([
      next<MatchAcceptedEvent>(a, 'match-accepted'),
      next<MatchAcceptedEvent>(b, 'match-accepted'),
    ]);
    t.like((await call(a, '/matchmaking/match/accept')).body, { state: 'matched' });
    t.deepEqual(await accepted, [
      { match_id: matchA.id, user_id: a.id },
      { match_id: matchA.id, user_id: a.id },
    ]);
    const ready = Promise.all([next<GameReadyEvent>(a, 'game'), next<GameReadyEvent>(b, 'game')]);
    const second = await call(b, '/matchmaking/match/accept');
    t.like(second.body, { state: 'playing' });
    const gameId = second.body.game_id!;
    t.deepEqual(await ready, [{ game_id: gameId }, { game_id: gameId }]);

    t.deepEqual(await subscribe(a.socket, gameRoom(gameId)), { ok: true });
    t.deepEqual(await subscribe(b.socket, gameRoom(gameId)), { ok: true });

    // Chat both ways: each line is stored by one API and reaches the socket held by the other.
    let heard = next<ChatMessagePayload>(b, 'message');
    const line = await call<{ message: ChatMessagePayload }>(a, '/game/chat/send_message', {
      game_id: gameId,
      message: 'gl hf from API 1',
    });
    t.is(line.status, 200);
    t.deepEqual(await heard, line.body.message);
    heard = next<ChatMessagePayload>(a, 'message');
    const reply = await call<{ message: ChatMessagePayload }>(b, '/game/chat/send_message', {
      game_id: gameId,
      message: 'you too, from API 2',
    });
    t.deepEqual(await heard, reply.body.message);

    // The result form opens 12 minutes after the game started. The four processes each keep their own clock
    // (`npm run api` and `npm run worker` have no test clock to move), so the honest and simple way is to move the
    // game's start back in the database, which every process reads.
    await knex('games')
      .where('id', gameId)
      .update({ created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 1000) });

    const game = await knex('games').where('id', gameId).first();
    const aIsUser1 = game!.user_1_id === a.id;
    // a wins 3-1; scores travel in game order.
    const scores = aIsUser1 ? { score_1: 3, score_2: 1 } : { score_1: 1, score_2: 3 };
    let scored = Promise.all([next<GameSummary>(a, 'score'), next<GameSummary>(b, 'score')]);
    const submitted = await call<GamePayload>(a, '/game/submit', { game_id: gameId, ...scores });
    t.is(submitted.status, 200, JSON.stringify(submitted.body));
    for (const summary of await scored)
      t.like(summary, { id: gameId, state: 'submitted', submitted_user_id: a.id, ...scores });

    scored = Promise.all([next<GameSummary>(a, 'score'), next<GameSummary>(b, 'score')]);
    const stats = Promise.all([
      next<StatsEvent>(a, 'stats', (e) => e.user_id === a.id),
      next<StatsEvent>(b, 'stats', (e) => e.user_id === b.id),
    ]);
    const confirmed = await call<GamePayload>(b, '/game/confirm', { game_id: gameId });
    t.is(confirmed.status, 200, JSON.stringify(confirmed.body));
    for (const summary of await scored) t.like(summary, { id: gameId, state: 'final', confirmed_user_id: b.id });
    const [statsA, statsB] = await stats;
    t.like(statsA, { game_id: gameId, stats: { wins: 1, losses: 0, elo: 1020 } });
    t.like(statsB, { game_id: gameId, stats: { wins: 0, losses: 1, elo: 980 } });

    // One game, final, and the result applied once: +20 / -20 (K 40, equal ratings), one game played each.
    const games = await knex('games').whereIn('user_1_id', [a.id, b.id]).orWhereIn('user_2_id', [a.id, b.id]);
    t.is(games.length, 1);
    t.like(games[0], { id: gameId, match_id: matchA.id, state: 'final', elo_1_before: 1000, elo_2_before: 1000 });
    t.is(games[0]!.elo_1_after, aIsUser1 ? 1020 : 980);
    t.is(games[0]!.elo_2_after, aIsUser1 ? 980 : 1020);
    const users = await knex('users')
      .whereIn('id', [a.id, b.id])
      .orderBy('id')
      .select('id', 'elo', 'wins', 'losses', 'games_played');
    t.deepEqual(
      users.map((u) => ({ ...u })),
      [
        { id: a.id, elo: 1020, wins: 1, losses: 0, games_played: 1 },
        { id: b.id, elo: 980, wins: 0, losses: 1, games_played: 1 },
      ].sort((x, y) => x.id - y.id),
    );
    t.is((await knex('matches').whereIn('user_1_id', [a.id, b.id]).orWhereIn('user_2_id', [a.id, b.id])).length, 1);
    t.is((await knex('queue_entries').whereIn('user_id', [a.id, b.id])).length, 0);

    // Every call of a went to API 1 and every call of b to API 2 (nginx logs the client address it hashed on).
    const [gotA, gotB] = await Promise.all([
      nginx!.upstreamsOf(`${a.address} [`),
      nginx!.upstreamsOf(`${b.address} [`),
    ]);
    t.deepEqual([...new Set(gotA)], [`127.0.0.1:${apis[0]!.port}`]);
    t.deepEqual([...new Set(gotB)], [`127.0.0.1:${apis[1]!.port}`]);
  },
);

/** Completed play-tick jobs (ids `repeat:play-tick:<millis>`) seen during `ms`. */
async function tickCompletions(ms: number): Promise<string[]> {
  const ids: string[] = [];
  const listener = ({ jobId }: { jobId: string }) => {
    if (jobId.startsWith(`repeat:${PLAY_TICK_SCHEDULER_ID}:`)) ids.push(jobId);
  };
  playEvents.on('completed', listener);
  await sleep(ms);
  playEvents.off('completed', listener);
  return ids;
}

test.serial(
  'with two workers running, the play tick runs once per second and the e-mail reconciler is scheduled once',
  async (t) => {
    const window = 5000;
    const ids = await tickCompletions(window);
    const expected = window / PAIRING_INTERVAL_MS;
    t.log(`${ids.length} play-tick completions in ${window} ms`);
    t.true(ids.length >= expected - 2 && ids.length <= expected + 1, `${ids.length} ticks in ${window} ms`);
    t.is(new Set(ids).size, ids.length, 'no tick ran twice');
    // Each tick is a different period: consecutive run times are one interval apart.
    const times = ids.map((id) => Number(id.split(':').at(-1))).sort((x, y) => x - y);
    for (let i = 1; i < times.length; i++) t.true(times[i]! - times[i - 1]! >= PAIRING_INTERVAL_MS, `${times}`);

    const playSchedulers = await playQueue.getJobSchedulers();
    t.deepEqual(
      playSchedulers.map((s) => s.key),
      [PLAY_TICK_SCHEDULER_ID],
    );
    const emailSchedulers = await emailQueue.getJobSchedulers();
    t.deepEqual(
      emailSchedulers.map((s) => s.key),
      ['reconcile-emails'],
    );
    const delayed = await emailQueue.getDelayed();
    t.is(
      delayed.filter((job) => job.name === 'reconcile-emails').length,
      1,
      'one reconciler run is waiting, not one per worker',
    );
  },
);

test.serial(
  'a worker killed with SIGKILL while holding a play job: the other worker pairs all 20 queued players once, every accepted match becomes one game',
  async (t) => {
    const players = await Promise.all(Array.from({ length: 20 }, (_, i) => player(apis[i % 2]!)));
    const ids = players.map((p) => p.id);
    const received = new Map<number, { match: MatchPayload[]; game: GameReadyEvent[] }>();
    for (const p of players) {
      const seen = { match: [] as MatchPayload[], game: [] as GameReadyEvent[] };
      received.set(p.id, seen);
      p.socket.on('match', (m: MatchPayload) => seen.match.push(m));
      p.socket.on('game', (g: GameReadyEvent) => seen.game.push(g));
    }

    // Hold a lock on the whole matches table (rows and the gap after the last), so every pairing transaction
    // waits on its INSERT INTO matches: both workers end up inside a play job, mid-transaction.
    const lock = await knex.transaction();
    let heldAtKill: string[] = [];
    const stalled = new Set<string>();
    const completed = new Set<string>();
    const onStalled = ({ jobId }: { jobId: string }) => stalled.add(jobId);
    const onCompleted = ({ jobId }: { jobId: string }) => completed.add(jobId);
    playEvents.on('stalled', onStalled);
    playEvents.on('completed', onCompleted);
    try {
      await lock.raw('SELECT * FROM matches FOR UPDATE');
      const entered = await Promise.all(players.map((p) => call(p, '/matchmaking/queue/enter')));
      t.deepEqual(
        entered.map((r) => r.status),
        players.map(() => 200),
      );
      // Six of them also ask for a password reset, three on each API: e-mail jobs for both workers to compete for.
      const resets = await Promise.all(
        players
          .slice(0, 6)
          .map((p) =>
            site.postJson(
              '/user/forgot_password',
              { username: p.username, email: p.email },
              { headers: { 'X-Forwarded-For': p.address } },
            ),
          ),
      );
      t.deepEqual(
        resets.map((r) => r.status),
        resets.map(() => 200),
      );
      const active = await waitFor(
        'both workers busy with a play job',
        async () => {
          const jobs = await playQueue.getActive();
          return jobs.length === 2 ? jobs : undefined;
        },
        10_000,
      );
      const held = active.map((job) => job.id!);
      heldAtKill = held;
      const killed = workers[0]!;
      stopped.add(killed);
      killed.child.kill('SIGKILL');
      await killed.exited;
      // Let the kill land before the blocked transactions can go on.
      await sleep(200);
      await lock.rollback();

      // Each player polls with the keepalive the app sends while queued: it answers the status, so a player would
      // learn of a match even if its `match` push had been lost with the dead worker (pushes are checked below).
      const statuses = await waitFor(
        'all 20 players matched',
        async () => {
          const answers = await Promise.all(players.map((p) => call(p, '/matchmaking/queue/keepalive')));
          return answers.every((r) => r.body.state === 'matched') ? answers.map((r) => r.body) : undefined;
        },
        15_000,
      );
      const matchOf = new Map(players.map((p, i) => [p.id, statuses[i]!.match!]));

      // Both players of every match accept at the same instant, each on their own API process.
      const pairs = [...new Map([...matchOf.values()].map((m) => [m.id, m])).values()];
      t.is(pairs.length, 10);
      const byId = new Map(players.map((p) => [p.id, p]));
      await Promise.all(
        pairs.map(async (m) => {
          const answers = await Promise.all([
            call(byId.get(m.user_1.id)!, '/matchmaking/match/accept'),
            call(byId.get(m.user_2.id)!, '/matchmaking/match/accept'),
          ]);
          t.deepEqual(
            answers.map((r) => r.status),
            [200, 200],
          );
        }),
      );

      // The job the dead worker held goes back to the queue once its lock runs out, and the live worker runs it:
      // a re-run of an idempotent sweep, which must change nothing.
      const recovered = await waitFor(
        'the dead worker’s job found stalled',
        async () => held.find((id) => stalled.has(id)),
        3 * JOB_LOCK_MS + 5000,
      );
      t.log(`job ${recovered} of the killed worker was recovered as stalled`);
      await waitFor(
        `stalled job ${recovered} run again by the live worker`,
        async () => completed.has(recovered),
        10_000,
      );
    } finally {
      playEvents.off('stalled', onStalled);
      playEvents.off('completed', onCompleted);
      if (!lock.isCompleted()) await lock.rollback();
    }
    t.is(heldAtKill.length, 2);

    // Every queued player is in exactly one match, every match accepted and made into exactly one game.
    const matches = await knex('matches').whereIn('user_1_id', ids).orWhereIn('user_2_id', ids);
    t.is(matches.length, 10);
    t.true(matches.every((m) => m.state === 'accepted'));
    const seats = matches.flatMap((m) => [m.user_1_id, m.user_2_id]).sort((x, y) => x - y);
    t.deepEqual(
      seats,
      [...ids].sort((x, y) => x - y),
    );
    const games = await knex('games').whereIn('user_1_id', ids).orWhereIn('user_2_id', ids);
    t.is(games.length, 10);
    t.deepEqual(
      games.map((g) => g.match_id).sort((x, y) => x! - y!),
      matches.map((m) => m.id).sort((x, y) => x - y),
    );
    t.true(games.every((g) => g.state === 'playing'));
    t.is((await knex('queue_entries').whereIn('user_id', ids)).length, 0);

    // Pushes neither lost nor doubled: one `match` and one `game` per player, for their own match and game.
    await sleep(500);
    const gameOfMatch = new Map(games.map((g) => [g.match_id, g.id]));
    for (const p of players) {
      const seen = received.get(p.id)!;
      const mine = matches.find((m) => m.user_1_id === p.id || m.user_2_id === p.id)!;
      t.deepEqual(
        seen.match.map((m) => m.id),
        [mine.id],
        `match events of player ${p.id}`,
      );
      t.deepEqual(seen.game, [{ game_id: gameOfMatch.get(mine.id)! }], `game events of player ${p.id}`);
    }

    // Every e-mail was sent, by one worker or the other, into one outbox file each. An e-mail the killed worker
    // was in the middle of sending is tried once more by the survivor (at least once: the outbox file is written
    // again, an SMTP server would get it twice; see README "Running at scale"); none is tried more than that.
    // E-mail jobs the killed worker had taken come back when their own lock runs out, which may be after the play
    // job's: wait as long for them.
    const sixEmails = () =>
      knex('emails')
        .whereIn(
          'to_address',
          players.slice(0, 6).map((p) => p.email),
        )
        .select('id', 'sent_at', 'attempts');
    const emails = await waitFor(
      'all 6 e-mails sent',
      async () => {
        const rows = await sixEmails();
        return rows.length === 6 && rows.every((e) => e.sent_at !== null) ? rows : undefined;
      },
      3 * JOB_LOCK_MS + 5000,
    );
    t.true(
      emails.every((e) => e.sent_at !== null && e.attempts >= 1 && e.attempts <= 2),
      JSON.stringify(emails),
    );
    t.log(`${emails.filter((e) => e.attempts === 2).length} of 6 e-mails were being sent by the killed worker`);
    const files = (await readdir(path.join(dir, 'outbox'))).filter((f) => f.endsWith('.eml'));
    t.deepEqual(emails.map((e) => `email-${String(e.id).padStart(6, '0')}.eml`).sort(), files.sort());

    // The surviving worker alone keeps the schedule: one tick per second, not more after the recovered re-run.
    const ticks = await tickCompletions(3000);
    t.true(ticks.length >= 2 && ticks.length <= 4, `${ticks.length} ticks in 3000 ms with one worker`);
  },
);

test.serial(
  'two players on different API processes play through nginx; one API process stops mid-game and nothing is lost',
  async (t) => {
    const a = await player(apis[0]!);
    const b = await player(apis[1]!);
    const matched = Promise.all([
      nextEvent<MatchPayload>(a.socket, 'match', 15_000),
      nextEvent<MatchPayload>(b.socket, 'match', 15_000),
    ]);
    t.is((await call(a, '/matchmaking/queue/enter')).status, 200);
    t.is((await call(b, '/matchmaking/queue/enter')).status, 200);
    await matched;
    const ready = nextEvent<GameReadyEvent>(a.socket, 'game', 15_000);
    t.is((await call(a, '/matchmaking/match/accept')).status, 200);
    const second = await call(b, '/matchmaking/match/accept');
    t.is(second.status, 200);
    const gameId = second.body.game_id!;
    t.deepEqual(await ready, { game_id: gameId });
    for (const p of [a, b]) t.deepEqual(await subscribe(p.socket, gameRoom(gameId)), { ok: true });

    const heard = nextEvent<ChatMessagePayload>(b.socket, 'message', 10_000);
    const line = await call<{ message: ChatMessagePayload }>(a, '/game/chat/send_message', {
      game_id: gameId,
      message: 'gl hf',
    });
    t.is(line.status, 200);
    t.deepEqual(await heard, line.body.message);

    // API process 1, which holds a's socket, stops; a's app reconnects through nginx and lands on process 2. b's
    // socket, on process 2, stays.
    const stopping = apis[0]!.proc;
    stopped.add(stopping);
    stopping.child.kill('SIGTERM');
    await stopping.exited;
    await waitFor('a disconnected', async () => !a.socket.connected, 10_000);
    t.true(b.socket.connected);
    const held = (await socketsHeld())[1]!;
    a.socket = await openSocket(a.auth, a.address, 'websocket');
    t.is((await socketsHeld())[1], held + 1, "a's new socket is on API 2");
    t.deepEqual(await subscribe(a.socket, gameRoom(gameId)), { ok: true });

    await knex('games')
      .where('id', gameId)
      .update({ created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 1000) });
    const game = await knex('games').where('id', gameId).first();
    const scores = game!.user_1_id === a.id ? { score_1: 2, score_2: 0 } : { score_1: 0, score_2: 2 };
    let scored = nextEvent<GameSummary>(b.socket, 'score', 10_000);
    const submitted = await call(a, '/game/submit', { game_id: gameId, ...scores });
    t.is(submitted.status, 200, JSON.stringify(submitted.body));
    t.like(await scored, { id: gameId, state: 'submitted' });
    scored = nextEvent<GameSummary>(a.socket, 'score', 10_000);
    t.is((await call(b, '/game/confirm', { game_id: gameId })).status, 200);
    t.like(await scored, { id: gameId, state: 'final' });

    // Nothing lost: the chat line, one final game rated once.
    const chat = await knex('chat_messages').where('game_id', gameId).select('content');
    t.deepEqual(
      chat.map((m) => m.content),
      ['gl hf'],
    );
    const users = await knex('users').whereIn('id', [a.id, b.id]).select('id', 'elo', 'games_played');
    t.deepEqual(users.map((u) => u.games_played).sort(), [1, 1]);
    t.deepEqual(
      users.map((u) => u.elo).sort((x, y) => x - y),
      [980, 1020],
    );
  },
);
