/**
 * The window-opening surge: the product started as `npm start` starts it (scripts/src/start.ts: API,
 * socket.io and the in-process worker on one port; its own database, SEED_DEMO off) and 2,000 accounts made
 * beforehand (one password hash, computed once, shared by all). Simulated players arrive spread over
 * BENCH_SURGE_SECONDS (60) and do what the player app does: POST /user/login (form fields, as the app sends them),
 * POST /user/auth, open the socket.io connection (as the app does: `realtimeClientOptions`, WebSocket first),
 * GET /matchmaking/status, POST /matchmaking/queue/enter, a keepalive every 6 s while queued, on `match` POST
 * /matchmaking/match/accept after a human's 0.5-3 s; after a reconnect they read GET /matchmaking/status again.
 *
 * Every player signs in from an address of its own: a load balancer delivers them through X-Forwarded-For, and the
 * product trusts it only from loopback (TRUST_PROXY=on, TRUSTED_PROXIES=127.0.0.1/32,::1). From one address, the
 * sign-in limit of 20 a minute per address (docs/decisions.md#api-contract) would refuse the crowd.
 *
 * Nine players in ten come back with the pair the app stored (GET /user/auth, what the app calls at start, no
 * password check), one in ten types a password (POST /user/login then POST /user/auth, as the app's sign-in form);
 * the arrival schedule is printed. Before the surge, the same-run baseline: GET /user/auth under the trusted load
 * generator (after its validity check) beside the bare Koa hello. The run ends at BENCH_SURGE_DEADLINE_SECONDS (300)
 * at the latest.
 *
 * Prints the cost of the product's password check measured alone (the ceiling of sign-ins per second), password
 * sign-ins per core-second of the product process, its resident memory sampled from /proc, errors and p50/p99 per
 * route (each against 250 ms) as the players saw them and as the product's own request histogram saw them, the product
 * process's CPU use, and at the end where each player stands by the database against what its client saw.
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import {
  QUEUE_KEEPALIVE_MS,
  gameRoom,
  realtimeClientOptions,
  type ClientToServerEvents,
  type GameReadyEvent,
  type MatchPayload,
  type MatchmakingStatus,
  type ServerToClientEvents,
} from '@ecup/domain';
import { createSession, matchmakingStatus } from '@ecup/db';
import { HASH_THREAD_NICE, PASSWORD_COST, hashPassword, scryptParallelism, verifyPassword } from '@ecup/security';
import { startProduct, type RunningProduct } from '../../harness/src/product.ts';
import { cpuSeconds, threadCpuSeconds } from './child.ts';
import { mark, percentile } from './goals.ts';
import { processMemory } from './process.ts';
import { createAccounts } from './setup.ts';
import { KOA_HELLO_RUNNER, checkLoadGenerator, measureKoaHello, startKoaHello } from './baselines.ts';
import { LOAD_GENERATOR, load, printResults, type LoadTarget } from './load.ts';

const PLAYERS = Number(process.env.BENCH_SURGE_PLAYERS ?? 2000);
const SPREAD_S = Number(process.env.BENCH_SURGE_SECONDS ?? 60);
/** How long after the last arrival a run waits for the last matches and games. */
const SETTLE_MS = 20_000;
/** A run ends this long after its first arrival at the latest; calls still unanswered count at their time so far. */
const DEADLINE_S = Number(process.env.BENCH_SURGE_DEADLINE_SECONDS ?? 300);
const PASSWORD = 'surge-bench-password-1';
const P99_GOAL_MS = 250;
const KEEPALIVE_FRESH_MS = 20_000;

type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Sim {
  username: string;
  /** How the player comes in: the pair the app stored (GET /user/auth), or the password form. */
  mode: 'password' | 'stored';
  address: string;
  id: number;
  token: string;
  socket: PlayerSocket | null;
  keepalive: NodeJS.Timeout | null;
  enteredAt: number;
  matchAt: number;
  matchId: number;
  acceptAt: number;
  gameAt: number;
  gameId: number;
  declined: number;
  reconnects: number;
  failed: string;
  /** The player's way in (sign-in to entering the queue) is over, done or failed. */
  done: boolean;
}

interface Call {
  route: string;
  ms: number;
  /** Still unanswered when the run ended: `ms` is a lower bound. */
  open?: boolean;
}

const load1 = () => loadavg()[0]!.toFixed(1);

type Buckets = Map<string, Map<number, number>>;

/** The product's own request histogram (`ecup_http_request_duration_seconds`) per "METHOD route", from /metrics. */
async function serverHistogram(url: string): Promise<Buckets> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const buckets: Buckets = new Map();
  const line = /^ecup_http_request_duration_seconds_bucket\{(.*)\} (\d+)$/;
  for (const row of text.split('\n')) {
    const found = line.exec(row);
    if (!found) continue;
    const labels = Object.fromEntries([...found[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = `${labels.method} ${labels.route}`;
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    const route = buckets.get(key) ?? new Map<number, number>();
    route.set(le, (route.get(le) ?? 0) + Number(found[2]));
    buckets.set(key, route);
  }
  return buckets;
}

/** Per route between two readings: answered requests and the bucket bound holding the 99th percentile. */
function serverFigures(
  before: Buckets,
  after: Buckets,
): { route: string; count: number; p99: number; within: number }[] {
  return [...after].map(([route, counts]) => {
    const bounds = [...counts.keys()].sort((a, b) => a - b);
    const cumulative = bounds.map((le) => (counts.get(le) ?? 0) - (before.get(route)?.get(le) ?? 0));
    const count = cumulative[cumulative.length - 1] ?? 0;
    const p99 = bounds[cumulative.findIndex((n) => n >= 0.99 * count)] ?? Infinity;
    const within = cumulative[bounds.indexOf(0.25)] ?? 0;
    return { route, count, p99, within };
  });
}

/** The product's V8 heap in use and its memory outside the heap (MiB), from its /metrics. */
async function heapFigures(url: string): Promise<{ heap: number; external: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return { heap: value('nodejs_heap_size_used_bytes'), external: value('nodejs_external_memory_bytes') };
}

/**
 * The product's password check alone: milliseconds for one, checks per core-second (from this process's CPU time,
 * so the machine's other work does not count), and checks per second two at a time.
 */
async function hashingCost(hash: string): Promise<{ oneMs: number; perCoreSecond: number; perSecond: number }> {
  const one: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await verifyPassword(PASSWORD, hash);
    one.push(performance.now() - t0);
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  const perCoreSecond = 5 / ((cpuUsed.user + cpuUsed.system) / 1e6);
  const count = 12;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    [0, 1].map(async () => {
      while (next++ < count) await verifyPassword(PASSWORD, hash);
    }),
  );
  return { oneMs: percentile(one, 0.5), perCoreSecond, perSecond: count / ((performance.now() - t0) / 1000) };
}

/**
 * One surge of `sims` against the running product: each player signs in with the password (POST /user/login) or
 * comes back with a stored pair (GET /user/auth), as its `mode` says. `checkPerCoreSecond` is the password check's
 * own rate, measured alone before.
 */
async function surge(product: RunningProduct, sims: Sim[], checkPerCoreSecond: number): Promise<void> {
  const pid = product.process.child.pid!;
  const calls: Call[] = [];
  const pending = new Set<{ route: string; t0: number }>();
  let ended = false;
  const socketMs: number[] = [];
  const failures = new Map<string, { count: number; first: string }>();
  const fail = (route: string, text: string) => {
    const entry = failures.get(route) ?? { count: 0, first: text };
    entry.count++;
    failures.set(route, entry);
  };

  /** One HTTP call as the player app makes it; a non-2xx answer or a network error is an error. */
  async function call<T>(sim: Sim, method: 'GET' | 'POST', route: string, fields?: Record<string, string>) {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Forwarded-For': sim.address };
    if (sim.token) headers.Authorization = `Bearer ${sim.id}:${sim.token}`;
    let url = `${product.url}${route}`;
    let body: string | undefined;
    if (method === 'GET') url += `?_=${Date.now()}`;
    else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields ?? { id: String(sim.id), token: sim.token }).toString();
    }
    const name = `${method} ${route}`;
    if (ended) throw new Error('the run has ended');
    const open = { route: name, t0: performance.now() };
    pending.add(open);
    let text = '';
    let status = 0;
    let failure: Error | null = null;
    try {
      const res = await fetch(url, { method, headers, body });
      status = res.status;
      text = await res.text();
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      failure = new Error(`${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
    }
    // An answer after the end of the run was already counted as open at the end.
    if (!pending.delete(open)) throw new Error('answered after the end of the run');
    calls.push({ route: name, ms: performance.now() - open.t0 });
    if (failure) {
      fail(name, failure.message);
      throw failure;
    }
    if (status >= 400) {
      fail(name, `${status} ${text.slice(0, 120)}`);
      throw new Error(`${name} answered ${status}`);
    }
    return JSON.parse(text) as T;
  }

  const accept = (sim: Sim) => {
    setTimeout(
      () => {
        sim.acceptAt = performance.now();
        call(sim, 'POST', '/matchmaking/match/accept').catch(() => undefined);
      },
      500 + Math.random() * 2500,
    );
  };
  const onMatch = (sim: Sim, match: MatchPayload) => {
    if (sim.matchId === match.id) return;
    sim.matchAt = performance.now();
    sim.matchId = match.id;
    if (sim.keepalive) clearInterval(sim.keepalive);
    sim.keepalive = null;
    accept(sim);
    // As the play screen: past the deadline and its grace with no `game` event, the server's status decides.
    const graceMs = match.deadline_ms - match.server_time_ms + 2_000;
    setTimeout(() => {
      if (!sim.gameId && sim.matchId === match.id && !ended) void refresh(sim);
    }, graceMs);
  };
  const onGame = (sim: Sim, gameId: number) => {
    if (sim.gameId === gameId) return;
    sim.gameAt = performance.now();
    sim.gameId = gameId;
    sim.socket?.emit('subscribe', { channel: gameRoom(gameId) }, () => undefined);
  };
  /** What the play screen does with a status it reads (after a reconnect): catch up on a missed match or game. */
  const apply = (sim: Sim, status: MatchmakingStatus) => {
    if (status.state !== 'queued' && sim.keepalive) {
      clearInterval(sim.keepalive);
      sim.keepalive = null;
    }
    if (status.state === 'matched' && status.match) onMatch(sim, status.match);
    if (status.state === 'playing' && status.game_id) onGame(sim, status.game_id);
  };
  /** The play screen's re-read: after a reconnect and after a refused keepalive. */
  const refresh = (sim: Sim) =>
    call<MatchmakingStatus>(sim, 'GET', '/matchmaking/status').then(
      (status) => apply(sim, status),
      () => undefined,
    );

  async function play(sim: Sim): Promise<void> {
    if (sim.mode === 'password') {
      const pair = await call<{ id: number; token: string }>(sim, 'POST', '/user/login', {
        username: sim.username,
        password: PASSWORD,
      });
      sim.id = pair.id;
      sim.token = pair.token;
      await call(sim, 'POST', '/user/auth', { id: String(pair.id), token: pair.token });
    } else {
      await call(sim, 'GET', '/user/auth');
    }
    // The app opens its socket once signed in and goes on; socket.io retries a failed connection by itself.
    const t0 = performance.now();
    const socket: PlayerSocket = connect(product.url, realtimeClientOptions({ id: sim.id, token: sim.token }));
    sim.socket = socket;
    let connected = false;
    socket.on('connect', () => {
      if (!connected) {
        connected = true;
        socketMs.push(performance.now() - t0);
      } else {
        sim.reconnects++;
        void refresh(sim);
      }
    });
    socket.on('connect_error', (error) => {
      if (!ended) fail('socket.io connect', error.message);
    });
    socket.on('match', (match) => onMatch(sim, match));
    socket.on('match-declined', () => sim.declined++);
    socket.on('game', (game: GameReadyEvent) => onGame(sim, game.game_id));
    await call(sim, 'GET', '/matchmaking/status');
    sim.enteredAt = performance.now();
    const entered = await call<MatchmakingStatus>(sim, 'POST', '/matchmaking/queue/enter');
    apply(sim, entered);
    if (!sim.matchId && !sim.gameId) {
      // As the play screen: every 6 s while queued; the answer is the player's status (a match the socket missed
      // shows here); a refusal means the entry is gone, and the status is read again.
      sim.keepalive = setInterval(() => {
        if (sim.matchId) return;
        call<MatchmakingStatus>(sim, 'POST', '/matchmaking/queue/keepalive').then(
          (status) => apply(sim, status),
          () => refresh(sim),
        );
      }, QUEUE_KEEPALIVE_MS);
    }
  }

  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const arrivals = sims.map(() => rand() * SPREAD_S * 1000).sort((a, b) => a - b);
  const slice = Math.max(1, SPREAD_S / 6);
  const schedule: string[] = [];
  for (let from = 0; from < SPREAD_S; from += slice) {
    const inSlice = sims.filter((_, i) => arrivals[i]! >= from * 1000 && arrivals[i]! < (from + slice) * 1000);
    const passwords = inSlice.filter((sim) => sim.mode === 'password').length;
    schedule.push(`${from.toFixed(0)}-${(from + slice).toFixed(0)} s: ${inSlice.length} (${passwords} by password)`);
  }
  console.log(`arrival schedule (uniformly random, fixed seed): ${schedule.join(', ')}`);
  // The product process's resident memory, read from /proc every second through the run.
  let rssPeak = 0;
  const rssSampler = setInterval(() => {
    processMemory(pid).then(
      (m) => (rssPeak = Math.max(rssPeak, m.rssMiB)),
      () => undefined,
    );
  }, 1000);
  const loadBefore = load1();
  const histogramBefore = await serverHistogram(product.url);
  const clientDelay = monitorEventLoopDelay({ resolution: 20 });
  clientDelay.enable();
  const cpuBefore = await cpuSeconds(pid);
  const hashingBefore = await threadCpuSeconds(pid, HASH_THREAD_NICE);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + DEADLINE_S * 1000;
  // Its V8 heap and the memory held outside it (Buffers, sockets' buffers), from its /metrics every 5 s: what the
  // resident memory is made of at the heap's highest.
  const heapPeak = { heap: 0, external: 0, at: 0 };
  const heapSampler = setInterval(() => {
    heapFigures(product.url).then(
      (m) => {
        if (m.heap > heapPeak.heap) Object.assign(heapPeak, m, { at: (performance.now() - started) / 1000 });
      },
      () => undefined,
    );
  }, 5000);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const played = Promise.all(
    sims.map(
      (sim, i) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            play(sim)
              .catch((error: Error) => (sim.failed = error.message))
              .finally(() => {
                sim.done = true;
                resolve();
              });
          }, arrivals[i]),
        ),
    ),
  );
  await Promise.race([played, sleep(deadline - started)]);
  const arrivedS = (performance.now() - started) / 1000;
  const settleUntil = Math.min(performance.now() + SETTLE_MS, deadline);
  while (performance.now() < settleUntil && sims.some((s) => !s.failed && !s.gameId)) await sleep(250);
  ended = true;
  const endedAt = performance.now();
  for (const open of pending) calls.push({ route: open.route, ms: endedAt - open.t0, open: true });
  pending.clear();
  const totalS = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  const hashingCpu = (await threadCpuSeconds(pid, HASH_THREAD_NICE)) - hashingBefore;
  const clientUsage = process.cpuUsage(clientBefore);
  const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
  clearInterval(rssSampler);
  clearInterval(heapSampler);
  const memory = await processMemory(pid);
  rssPeak = Math.max(rssPeak, memory.rssMiB);
  const loadAfter = load1();
  clientDelay.disable();
  const server = serverFigures(histogramBefore, await serverHistogram(product.url)).filter((r) => r.count > 0);

  // Where each player stands, by the database, against what its client saw.
  const now = new Date();
  let inGame = 0;
  let matched = 0;
  let queued = 0;
  let onTheirWay = 0;
  const wrong: string[] = [];
  for (let i = 0; i < sims.length; i += 50) {
    await Promise.all(
      sims.slice(i, i + 50).map(async (sim) => {
        if (!sim.done) return void onTheirWay++;
        if (!sim.id) return void wrong.push(`${sim.username}: not signed in (${sim.failed})`);
        const status = await matchmakingStatus(product.knex, sim.id, now);
        if (status.state === 'playing' && status.game_id === sim.gameId) inGame++;
        else if (status.state === 'matched' && status.match?.id === sim.matchId && !sim.gameId) matched++;
        else if (status.state === 'queued' && !sim.matchId) {
          const entry = await product.knex('queue_entries').where('user_id', sim.id).first('keepalive_at');
          if (entry && now.getTime() - new Date(entry.keepalive_at as Date).getTime() < KEEPALIVE_FRESH_MS) queued++;
          else wrong.push(`${sim.username}: queued without a fresh keepalive`);
        } else {
          wrong.push(
            `${sim.username}: database says ${status.state} (game ${status.game_id}, match ${status.match?.id}), ` +
              `client saw match ${sim.matchId || '-'} game ${sim.gameId || '-'}${sim.failed ? ` (${sim.failed})` : ''}`,
          );
        }
      }),
    );
  }
  const ids = sims.map((s) => s.id).filter(Boolean);
  const [[{ doubled }]] = (await product.knex.raw(
    `SELECT COUNT(*) AS doubled FROM (
       SELECT u FROM (SELECT user_1_id AS u FROM games WHERE state <> 'final' UNION ALL
                      SELECT user_2_id FROM games WHERE state <> 'final') g
       WHERE u IN (${['0', ...ids.map(() => '?')].join(',')}) GROUP BY u HAVING COUNT(*) > 1) d`,
    ids,
  )) as [[{ doubled: number }]];

  const routes = [...new Set(calls.map((c) => c.route))];
  const through = sims.filter((s) => s.done && !s.failed).length;
  console.log(
    `${through} of ${sims.length} players signed in and entered the queue, the last ${arrivedS.toFixed(1)} s after ` +
      `the first arrival (arrivals spread over ${SPREAD_S} s, run bounded at ${DEADLINE_S} s); run ended ` +
      `${totalS.toFixed(1)} s in; load average ${loadBefore} before, ${loadAfter} after`,
  );
  console.log(
    ['route'.padEnd(34), 'calls', 'errors', 'open', 'p50 ms', 'p99 ms', 'max ms', '< 250']
      .map((h, i) => (i ? h.padStart(8) : h))
      .join(''),
  );
  const routeP99: [string, number][] = [];
  for (const route of [...routes, 'socket.io connect']) {
    const sockets = route === 'socket.io connect';
    const ms = sockets ? socketMs : calls.filter((c) => c.route === route).map((c) => c.ms);
    const errors = failures.get(route)?.count ?? 0;
    const opened = sims.filter((sim) => sim.socket).length;
    // A socket not connected by the end is open, like an unanswered call.
    const open = sockets ? opened - socketMs.length : calls.filter((c) => c.route === route && c.open).length;
    console.log(
      [
        route.padEnd(34),
        String(sockets ? opened : ms.length).padStart(8),
        String(errors).padStart(8),
        String(open).padStart(8),
        percentile(ms, 0.5).toFixed(0).padStart(8),
        percentile(ms, 0.99).toFixed(0).padStart(8),
        Math.max(0, ...ms)
          .toFixed(0)
          .padStart(8),
        mark(percentile(ms, 0.99) < P99_GOAL_MS && open === 0).padStart(8),
      ].join(''),
    );
    routeP99.push([route, open > 0 ? Infinity : percentile(ms, 0.99)]);
  }
  for (const [route, { count, first }] of failures) console.log(`  ${count} errors on ${route}, first: ${first}`);
  const errorCount = [...failures.values()].reduce((sum, f) => sum + f.count, 0);
  const all = calls.map((c) => c.ms);
  const withoutLogin = calls.filter((c) => c.route !== 'POST /user/login').map((c) => c.ms);
  const p99 = percentile(all, 0.99);
  const open = calls.filter((c) => c.open).length;
  const atLeast = open > 0 ? '>= ' : '';
  const toMatch = sims.filter((s) => s.matchAt && s.enteredAt).map((s) => s.matchAt - s.enteredAt);
  const toGame = sims.filter((s) => s.gameAt && s.acceptAt).map((s) => s.gameAt - s.acceptAt);
  console.log(
    `own enter -> \`match\`: p50 ${percentile(toMatch, 0.5).toFixed(0)} ms, p99 ${percentile(toMatch, 0.99).toFixed(0)} ms; ` +
      `own accept -> \`game\`: p50 ${percentile(toGame, 0.5).toFixed(0)} ms, p99 ${percentile(toGame, 0.99).toFixed(0)} ms; ` +
      `${sims.reduce((n, s) => n + s.reconnects, 0)} socket reconnects`,
  );
  console.log(
    `product process: ${cpu.toFixed(1)} CPU s in ${totalS.toFixed(0)} s (${((100 * cpu) / totalS).toFixed(0)}% of one ` +
      `core; ${cpus().length} cores shared with this client and other work), ` +
      `${((1000 * cpu) / Math.max(1, through)).toFixed(0)} ms of CPU per player through, ` +
      `rss ${memory.rssMiB} MiB (peak ${memory.peakMiB} MiB); the simulated players' process: ${clientCpu.toFixed(1)} CPU s`,
  );
  console.log(`errors: ${errorCount}; goal 0 ${mark(errorCount === 0)}`);
  const [worstRoute, worstP99] = routeP99.reduce((a, b) => (b[1] > a[1] ? b : a));
  console.log(
    `p99 of every call kind < ${P99_GOAL_MS} ms (no call left unanswered): worst ${worstRoute} ` +
      `${worstP99 === Infinity ? 'unanswered calls' : `${worstP99.toFixed(0)} ms`} ${mark(worstP99 < P99_GOAL_MS)}`,
  );
  const logins =
    calls.filter((c) => c.route === 'POST /user/login' && !c.open).length -
    (failures.get('POST /user/login')?.count ?? 0);
  console.log(
    `password sign-ins: ${logins} of ${sims.filter((sim) => sim.mode === 'password').length} done; ` +
      `${(logins / Math.max(0.001, hashingCpu)).toFixed(1)} per core-second of the product's hashing threads ` +
      `(${hashingCpu.toFixed(1)} CPU s, threads at nice ${HASH_THREAD_NICE} in /proc/${pid}/task), ` +
      `${(logins / Math.max(0.001, cpu)).toFixed(1)} per core-second of the product process counting all it did ` +
      `in the run (${cpu.toFixed(1)} CPU s); the password check alone: ${checkPerCoreSecond.toFixed(1)} per core-second`,
  );
  console.log(
    `API process resident memory: peak ${rssPeak} MiB sampled every 1 s from /proc (VmHWM ${memory.peakMiB} MiB ` +
      `since start, ${memory.rssMiB} MiB at the end); goal < 400 MB ${mark(rssPeak * 1.048576 < 400)}; ` +
      `its V8 heap in use at most ${heapPeak.heap.toFixed(0)} MiB (${heapPeak.at.toFixed(0)} s in, with ` +
      `${heapPeak.external.toFixed(0)} MiB outside the heap), sampled every 5 s from its /metrics`,
  );
  console.log(
    `API p99 over all ${all.length} calls: ${atLeast}${p99.toFixed(0)} ms${open ? ` (${open} still unanswered at the end, counted at their wait so far)` : ''} (p50 ${percentile(all, 0.5).toFixed(0)} ms; without ` +
      `POST /user/login p99 ${percentile(withoutLogin, 0.99).toFixed(0)} ms); goal < ${P99_GOAL_MS} ms ` +
      `${mark(p99 < P99_GOAL_MS)}`,
  );
  const answered = server.reduce((n, r) => n + r.count, 0);
  const inTime = server.reduce((n, r) => n + r.within, 0);
  console.log(
    `the product's own request histogram (from a request's arrival in Koa to its answer, without the time spent ` +
      `waiting for a connection to be accepted or in the players' process): ${answered} answered, ` +
      `${((100 * inTime) / Math.max(1, answered)).toFixed(1)}% within 250 ms; p99 at most: ` +
      server.map((r) => `${r.route} ${r.p99 === Infinity ? '> 10' : r.p99} s`).join(', '),
  );
  console.log(
    `the simulated players' own event loop: delay p99 ${(clientDelay.percentile(99) / 1e6).toFixed(0)} ms, ` +
      `max ${(clientDelay.max / 1e6).toFixed(0)} ms (their measured latencies include it)`,
  );
  console.log(
    `at the end, by the database: ${inGame} in a game, ${matched} matched awaiting accepts, ${queued} queued with a ` +
      `fresh keepalive, ${onTheirWay} still signing in or entering, ${wrong.length} otherwise; ${doubled} in two ` +
      `open games; ${sims.reduce((n, s) => n + s.declined, 0)} match-declined events; goal: every player matched ` +
      `or correctly queued ${mark(onTheirWay === 0 && wrong.length === 0 && Number(doubled) === 0)}`,
  );
  for (const line of wrong.slice(0, 5)) console.log(`  ${line}`);
}

function newSims(prefix: string, count: number, firstAddress: number): Sim[] {
  return Array.from({ length: count }, (_, i) => {
    const a = firstAddress + i;
    return {
      username: `${prefix}${i + 1}`,
      mode: 'stored' as Sim['mode'],
      address: `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`,
      id: 0,
      token: '',
      socket: null,
      keepalive: null,
      enteredAt: 0,
      matchAt: 0,
      matchId: 0,
      acceptAt: 0,
      gameAt: 0,
      gameId: 0,
      declined: 0,
      reconnects: 0,
      failed: '',
      done: false,
    };
  });
}

function closeSims(sims: Sim[]): void {
  for (const sim of sims) {
    if (sim.keepalive) clearInterval(sim.keepalive);
    sim.socket?.close();
  }
}

export async function run(): Promise<void> {
  const product = await startProduct('surge', {
    SEED_DEMO: 'off',
    // The product's own password cost (the test helper's default is the factories' cheaper one).
    PASSWORD_COST: String(PASSWORD_COST),
    TRUST_PROXY: 'on',
    TRUSTED_PROXIES: '127.0.0.1/32,::1',
  });
  // A product that dies during the run says why: its exit and the end of its output (kept in this process).
  let stopping = false;
  void product.process.exited.then((code) => {
    if (stopping) return;
    const signal = product.process.child.signalCode;
    console.log(`\nTHE PRODUCT PROCESS EXITED during the run (code ${code}, signal ${signal}); its last output:`);
    console.log(product.process.output().slice(-6000));
  });
  const hello = await startKoaHello();
  if (loadavg()[0]! > cpus().length)
    console.log(`MEASURED UNDER LOAD: load average ${load1()} on ${cpus().length} cores before the run`);
  // Nine in ten come back with the pair the app stored, one in ten types a password.
  const sims = newSims('surge', PLAYERS, 1).map((sim, i) => ({
    ...sim,
    mode: i % 10 === 9 ? ('password' as const) : ('stored' as const),
  }));
  try {
    const hash = await hashPassword(PASSWORD);
    await createAccounts(product.knex, 'surge', PLAYERS, hash);
    const rows = (await product.knex('users').where('username', 'like', 'surge%').select('id', 'username')) as {
      id: number;
      username: string;
    }[];
    const byName = new Map(sims.map((sim) => [sim.username, sim]));
    const stored = rows.filter(({ username }) => byName.get(username)?.mode === 'stored');
    for (let i = 0; i < stored.length; i += 20) {
      await Promise.all(
        stored.slice(i, i + 20).map(async ({ id, username }) => {
          const { result } = await createSession(product.knex, { user_id: id, ip: null, user_agent: 'bench' });
          Object.assign(byName.get(username)!, { id, token: result.token });
        }),
      );
    }

    // The same-run baseline: the stored-session call (GET /user/auth, nine players in ten start with it) under the
    // trusted load generator beside the bare Koa hello at the same settings, after the generator's validity check.
    const options = { concurrency: 50, seconds: 5 };
    // An invalid check is printed and fails the run (exit code); the players' surge still runs and prints its own.
    const valid = await checkLoadGenerator(hello.url, { ...options, seconds: 2 });
    const other = rows.find(({ username }) => byName.get(username)?.mode === 'password')!;
    const { result: probe } = await createSession(product.knex, { user_id: other.id, ip: null, user_agent: 'bench' });
    const authTarget: LoadTarget = {
      url: product.url,
      path: '/user/auth',
      cacheBust: true,
      ownAddress: true,
      headers: { Accept: 'application/json', Authorization: `Bearer ${other.id}:${probe.token}` },
    };
    console.log(`baseline: ${KOA_HELLO_RUNNER}; load: ${LOAD_GENERATOR}, ${options.concurrency} connections`);
    if (valid)
      printResults([
        await load('GET /user/auth (stored pair)', authTarget, options),
        await measureKoaHello(hello.url, options),
      ]);
    await product.knex('sessions').where('user_id', other.id).delete();

    const cost = await hashingCost(hash);
    console.log(
      `\nthe issue's surge: ${PLAYERS} players arrive over ${SPREAD_S} s, ` +
        `${sims.filter((sim) => sim.mode === 'stored').length} come back with the pair the app stored ` +
        `(GET /user/auth), ${sims.filter((sim) => sim.mode === 'password').length} sign in with their password ` +
        `(POST /user/login, POST /user/auth), then all open the socket and enter the queue; each from its own ` +
        `address (X-Forwarded-For from loopback; TRUST_PROXY=on, TRUSTED_PROXIES=127.0.0.1/32,::1)`,
    );
    console.log(
      `baseline, the product's password check (scrypt N=2^${PASSWORD_COST} r=8 p=${scryptParallelism(PASSWORD_COST)}) ` +
        `alone in this process: ` +
        `${cost.oneMs.toFixed(0)} ms each (${cost.perCoreSecond.toFixed(1)} per core-second of CPU time), ` +
        `${cost.perSecond.toFixed(1)}/s two at a time on ${cpus().length} cores (load average ${load1()})`,
    );
    await surge(product, sims, cost.perCoreSecond);
  } finally {
    closeSims(sims);
    await hello.stop();
    stopping = true;
    await product.stop();
  }
}
