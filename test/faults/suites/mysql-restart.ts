import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Queue, QueueEvents } from 'bullmq';
import type { Knex } from 'knex';
import { MESSAGES, QUEUE_NAMES } from '@ecup/domain';
import { createThread, transaction } from '@ecup/db';
import { buildGame } from '../../helpers/factories.ts';
import type { Credentials } from '../../helpers/http.ts';
import type { RunningProcess } from '../../helpers/process.ts';
import { signedInUser } from '../../helpers/sockets.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../../security/suite.ts';
import { startPrivateMariaDb, type PrivateMariaDb } from '../private-mariadb.ts';
import { createFaultStack, seeded, sleep, waitFor } from '../stack.ts';

/**
 * The required bounds at full size: while MariaDB is down each answer is a 503 within 2 s, and 5 s after it answers
 * again every request succeeds; an answer slower than 5 s while it shuts down or starts is a hang. The CI size (fast)
 * runs beside other work on a loaded machine, so its bounds only catch hangs (a request waiting out the pool's 10 s
 * acquire timeout, a pool that never recovers); its measured times are printed like the full size's.
 */
const LIMITS = {
  full: { outageAnswerMs: 2_000, recoveryMs: 5_000, transitionAnswerMs: 5_000 },
  fast: { outageAnswerMs: 8_000, recoveryMs: 6_000, transitionAnswerMs: 10_000 },
};
/** A request still unanswered after this is a hang. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Forum writes per player: the forum-post limit is 10 in 5 minutes, and a refused attempt counts as well. */
const FORUM_WRITES_PER_PLAYER = 9;
/** A player's next chat line this long after the answer to the last: the chat throttle is 3.75 s after a stored line. */
const CHAT_GAP_MS = 4_500;

interface Player {
  id: number;
  auth: Credentials;
  forumWrites: number;
  game: number | null;
  nextChatAt: number;
}

type Kind = 'read' | 'post' | 'thread' | 'chat';

interface Call {
  kind: Kind;
  route: string;
  start: number;
  end: number;
  /** HTTP status; 0 for no answer (timeout or a dropped connection). */
  status: number;
  body: unknown;
  failure?: string;
  /** Writes: the unique text that finds the write's rows, and who wrote where. */
  marker?: string;
  user_id?: number;
  target?: number;
}

interface Outage {
  signal: 'SIGTERM' | 'SIGKILL';
  downMs: number;
  /** Stop asked, server gone, start asked, server answering `SELECT 1`. */
  stopAt: number;
  downAt: number;
  startAt: number;
  upAt: number;
}

interface Probe {
  start: number;
  end: number;
  status: number;
  failed: string[];
}

/** CPU seconds a process has used so far (Linux /proc; clock ticks of 10 ms), or null when it cannot be read. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ok = (status: number) => status >= 200 && status < 300;

/**
 * Fault suite 3: an API process and a worker on a private MariaDB while ~100 requests a second (reads,
 * forum replies and topics, game chat by signed-in players) keep coming, and MariaDB is stopped for some seconds and
 * started again, in order (SIGTERM) and as a crash (SIGKILL). Checks: the API and the worker never exit; while
 * MariaDB is down every answer is a 503 `{ error }` within 2 s and GET /ready is 503 naming mysql; within 5 s of
 * MariaDB answering again every request succeeds; every write answered 2xx is in the database, and no write, answered
 * or not, is half-applied (each thread's reply count and last post time match its posts, each category's topic count
 * its topics, each player's lifetime post count their posts).
 */
async function run({ fast, log }: SuiteOptions): Promise<SuiteReport> {
  const size = fast
    ? {
        players: 40,
        games: 12,
        threads: 12,
        warmupMs: 2_000,
        afterMs: 8_000,
        outages: [{ signal: 'SIGTERM' as const, downMs: 4_000 }],
      }
    : {
        players: 220,
        games: 60,
        threads: 40,
        warmupMs: 5_000,
        afterMs: 12_000,
        outages: [
          { signal: 'SIGTERM' as const, downMs: 6_000 },
          { signal: 'SIGKILL' as const, downMs: 8_000 },
          { signal: 'SIGTERM' as const, downMs: 10_000 },
        ],
      };
  const limits = fast ? LIMITS.fast : LIMITS.full;
  // The CI size asks half the full rate: it shares a 2-core machine with other test files.
  const ratePerSecond = Number(process.env.FAULT_RATE ?? (fast ? 50 : 100));
  const seed = Number(process.env.FAULT_SEED ?? 20261121);
  const random = seeded(seed);
  const violations: string[] = [];
  const started = Date.now();
  const mariadb: PrivateMariaDb = await startPrivateMariaDb('restart');
  let queue: Queue | null = null;
  let queueEvents: QueueEvents | null = null;
  // LOG_LEVEL info (the production default): the API's request lines give its own answer times beside the clients'.
  const stack = await createFaultStack('faultmy', { LOG_LEVEL: 'info' }, { databaseServer: mariadb.url }).catch(
    async (error) => {
      await mariadb.destroy();
      throw error;
    },
  );
  const knex: Knex = stack.db.knex;
  try {
    // The data the load works on: players with sessions, topics to reply to, games to chat in.
    const players: Player[] = [];
    for (let i = 0; i < size.players; i++) {
      const { user, auth } = await signedInUser(knex, { elo: 1000 + i });
      players.push({ id: user.id, auth, forumWrites: 0, game: null, nextChatAt: 0 });
    }
    const threads: number[] = [];
    for (let i = 0; i < size.threads; i++) {
      const { id } = await transaction(knex, (trx) =>
        createThread(trx, {
          user_id: players[i % players.length]!.id,
          category_id: i % 4,
          title: `Seeded topic ${i}`,
          message: `The opening post of seeded topic ${i}.`,
          now: new Date(),
        }),
      ).then((outcome) => outcome.result);
      threads.push(id);
    }
    const games: { id: number; players: [Player, Player] }[] = [];
    for (let i = 0; i < size.games; i++) {
      const pair: [Player, Player] = [players[2 * i]!, players[2 * i + 1]!];
      const id = await buildGame(knex, { user_1_id: pair[0].id, user_2_id: pair[1].id });
      for (const p of pair) p.game = id;
      games.push({ id, players: pair });
    }

    log(`private MariaDB, migrated database and players ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const setupStarted = Date.now();
    // Their output goes to files: a load generator busy reading pipes must not slow the processes it measures.
    const worker: RunningProcess = stack.startWorker({ logFile: path.join(stack.dir, 'worker.log') });
    const api = await stack.startApi({ logFile: path.join(stack.dir, 'api.log') });
    queue = new Queue(QUEUE_NAMES.play, { connection: stack.redis(), prefix: `${stack.prefix}bull` });
    await waitFor('the worker registered', async () => (await queue!.getWorkersCount()) >= 1, 60_000);
    // The worker's play tick (every second): when its runs fail and when they complete again.
    queueEvents = new QueueEvents(QUEUE_NAMES.play, { connection: stack.redis(), prefix: `${stack.prefix}bull` });
    await queueEvents.waitUntilReady();
    const ticks = { completed: [] as number[], failed: 0 };
    queueEvents.on('completed', () => ticks.completed.push(Date.now()));
    queueEvents.on('failed', () => ticks.failed++);
    const exits: string[] = [];
    api.proc.child.once('exit', (code, signal) => exits.push(`API exited (${code ?? signal}) at ${Date.now()}`));
    worker.child.once('exit', (code, signal) => exits.push(`worker exited (${code ?? signal}) at ${Date.now()}`));
    log(
      `API and worker up in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s; ` +
        `${size.players} players, ${size.threads} topics, ${size.games} games; ${ratePerSecond} requests/s; ` +
        `outages ${size.outages.map((o) => `${o.signal} ${o.downMs / 1000} s`).join(', ')}; seed ${seed}`,
    );

    // One call: a timed fetch; no answer within REQUEST_TIMEOUT_MS is recorded as status 0.
    const calls: Call[] = [];
    const inFlight = new Set<Promise<void>>();
    let sequence = 0;
    const send = (
      call: Omit<Call, 'start' | 'end' | 'status' | 'body'>,
      init: { method?: 'GET' | 'POST'; auth?: Credentials; body?: unknown } = {},
      answered?: (at: number) => void,
    ) => {
      const record: Call = { ...call, start: Date.now(), end: 0, status: 0, body: null };
      calls.push(record);
      const headers: Record<string, string> = {};
      if (init.auth) headers.Authorization = `Bearer ${init.auth.id}:${init.auth.token}`;
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      const done = (async () => {
        try {
          const response = await fetch(`${api.url}${call.route}`, {
            method: init.method ?? 'GET',
            headers,
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const text = await response.text();
          record.status = response.status;
          try {
            record.body = JSON.parse(text);
          } catch {
            record.body = text.slice(0, 200);
          }
        } catch (error) {
          record.failure = (error as Error).name === 'TimeoutError' ? 'no answer (timeout)' : String(error);
        } finally {
          record.end = Date.now();
          answered?.(record.end);
        }
      })();
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    };

    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const forumWriter = () => {
      for (let tries = 0; tries < 5; tries++) {
        const p = pick(players);
        if (p.forumWrites < FORUM_WRITES_PER_PLAYER) return p;
      }
      return players.find((p) => p.forumWrites < FORUM_WRITES_PER_PLAYER);
    };
    const chatter = (now: number) => {
      for (let tries = 0; tries < 5; tries++) {
        const p = pick(games).players[random() < 0.5 ? 0 : 1];
        if (p.nextChatAt <= now) return p;
      }
      return undefined;
    };
    const skipped = { forum: 0, chat: 0 };

    /** One request of the mix: about three in four read, one in four writes. */
    function oneRequest() {
      const r = random();
      const now = Date.now();
      if (r < 0.16) {
        const writer = forumWriter();
        if (writer) {
          writer.forumWrites++;
          const marker = `mr-${++sequence}`;
          const thread_id = pick(threads);
          send(
            { kind: 'post', route: '/forums/new_post', marker, user_id: writer.id, target: thread_id },
            {
              method: 'POST',
              auth: writer.auth,
              body: { thread_id, message: `${marker} a reply while MySQL restarts` },
            },
          );
          return;
        }
        skipped.forum++;
      } else if (r < 0.19) {
        const writer = forumWriter();
        if (writer) {
          writer.forumWrites++;
          const marker = `mr-${++sequence}`;
          const category_id = Math.floor(random() * 4);
          send(
            { kind: 'thread', route: '/forums/new_thread', marker, user_id: writer.id, target: category_id },
            {
              method: 'POST',
              auth: writer.auth,
              body: { category_id, title: `Restart topic ${marker}`, message: `${marker} opens a topic` },
            },
          );
          return;
        }
        skipped.forum++;
      } else if (r < 0.26) {
        const speaker = chatter(now);
        if (speaker) {
          // The throttle counts from the stored line's time, which may be as late as the answer.
          speaker.nextChatAt = Infinity;
          const marker = `mr-${++sequence}`;
          send(
            { kind: 'chat', route: '/game/chat/send_message', marker, user_id: speaker.id, target: speaker.game! },
            { method: 'POST', auth: speaker.auth, body: { game_id: speaker.game, message: `${marker} gg` } },
            (answered) => (speaker.nextChatAt = answered + CHAT_GAP_MS),
          );
          return;
        }
        skipped.chat++;
      }
      // Reads, public and signed in.
      const reader = pick(players);
      const read = random();
      if (read < 0.2) send({ kind: 'read', route: '/ranking/list?amount=20' });
      else if (read < 0.35) send({ kind: 'read', route: '/news/latest' });
      else if (read < 0.5) send({ kind: 'read', route: `/forums/threads?category_id=${Math.floor(random() * 4)}` });
      else if (read < 0.65) send({ kind: 'read', route: `/forums/posts?thread_id=${pick(threads)}&amount=20` });
      else if (read < 0.75) send({ kind: 'read', route: '/season/current' });
      else if (read < 0.85) send({ kind: 'read', route: '/user/auth' }, { auth: reader.auth });
      else {
        const game = pick(games);
        send({ kind: 'read', route: `/game/get?id=${game.id}` }, { auth: game.players[0].auth });
      }
    }

    // GET /ready four times a second beside the load, as a load balancer asks: without waiting for the last answer.
    const probes: Probe[] = [];
    let loading = true;
    const probe = async () => {
      const record: Probe = { start: Date.now(), end: 0, status: 0, failed: [] };
      probes.push(record);
      try {
        const response = await fetch(`${api.url}/ready`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        record.status = response.status;
        record.failed = ((await response.json()) as { failed?: string[] }).failed ?? [];
      } catch {
        record.status = 0;
      }
      record.end = Date.now();
    };
    const prober = (async () => {
      const asked: Promise<void>[] = [];
      while (loading) {
        asked.push(probe());
        await sleep(250);
      }
      await Promise.all(asked);
    })();

    // What the machine gave each process during the load (CPU seconds), and how late this process's own event loop
    // ran: on a busy machine the clients' times include their own waiting, which the API's request lines leave out.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const cpuBefore = {
      suite: process.cpuUsage(),
      api: cpuSeconds(api.proc.child.pid),
      worker: cpuSeconds(worker.child.pid),
    };
    let mariadbCpu = 0;
    const mariadbCpuNow = () => cpuSeconds(mariadb.pid()) ?? 0;
    let mariadbCpuAtStart = mariadbCpuNow();

    // The load: an open loop at a fixed rate, whatever the answers take (a slow API does not slow the clients).
    const loadStarted = Date.now();
    const load = (async () => {
      for (let i = 0; loading; i++) {
        const due = loadStarted + (i * 1000) / ratePerSecond;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        oneRequest();
      }
    })();

    // The outages.
    const outages: Outage[] = [];
    await sleep(size.warmupMs);
    for (const [k, plan] of size.outages.entries()) {
      const stopAt = Date.now();
      mariadbCpu += mariadbCpuNow() - mariadbCpuAtStart;
      await mariadb.stop(plan.signal);
      const downAt = Date.now();
      await sleep(plan.downMs);
      const startAt = Date.now();
      await mariadb.start();
      const upAt = Date.now();
      mariadbCpuAtStart = mariadbCpuNow();
      outages.push({ ...plan, stopAt, downAt, startAt, upAt });
      log(
        `outage ${k + 1} (${plan.signal}): stopped in ${downAt - stopAt} ms, down ${startAt - downAt} ms, ` +
          `answering ${upAt - startAt} ms after the start`,
      );
      await sleep(size.afterMs);
    }
    loading = false;
    await load;
    const loadMs = Date.now() - loadStarted;
    await Promise.all([...inFlight]);
    await prober;
    lag.disable();
    mariadbCpu += mariadbCpuNow() - mariadbCpuAtStart;
    const suiteCpu = process.cpuUsage(cpuBefore.suite);
    const used = (before: number | null, after: number | null) =>
      before === null || after === null ? '?' : (after - before).toFixed(1);
    const cpu =
      `suite ${((suiteCpu.user + suiteCpu.system) / 1e6).toFixed(1)}, ` +
      `API ${used(cpuBefore.api, cpuSeconds(api.proc.child.pid))}, ` +
      `worker ${used(cpuBefore.worker, cpuSeconds(worker.child.pid))}, MariaDB ${mariadbCpu.toFixed(1)}`;

    // A line per second of the run: what was asked, how it was answered and how fast, and where MariaDB was.
    const bySecond = new Map<number, Call[]>();
    for (const c of calls) {
      const second = Math.floor((c.start - loadStarted) / 1000);
      bySecond.set(second, [...(bySecond.get(second) ?? []), c]);
    }
    for (const [second, list] of [...bySecond.entries()].sort(([a], [b]) => a - b)) {
      const at = loadStarted + second * 1000;
      const o = outages.find((x) => at + 1000 > x.stopAt && at < x.upAt);
      const where = !o ? 'up' : at + 1000 <= o.downAt ? 'stopping' : at >= o.startAt ? 'starting' : 'down';
      const took = list.map((c) => c.end - c.start).sort((a, b) => a - b);
      const count = (test: (c: Call) => boolean) => list.filter(test).length;
      log(
        `+${String(second).padStart(3)} s ${where.padEnd(8)} ${list.length} asked: ${count((c) => ok(c.status))} 2xx, ` +
          `${count((c) => c.status === 503)} 503, ${count((c) => !ok(c.status) && c.status !== 503)} other; ` +
          `answer ms median ${quantile(took, 0.5)}, max ${took.at(-1)}`,
      );
    }

    // Classify every answer by when it was asked, against the outages.
    const overlapping = (c: { start: number; end: number }) =>
      outages.find((o) => c.start < o.upAt && c.end >= o.stopAt);
    const recoveringFrom = (t: number) => outages.find((o) => t >= o.upAt && t < o.upAt + limits.recoveryMs);
    const outageDurations: number[] = [];
    const outageStatuses = new Map<number, number>();
    const recovery = outages.map(() => ({ lastFailure: 0, firstSuccess: 0 }));
    const failures = { unexpected: 0, slow: 0, noAnswer: 0 };
    for (const c of calls) {
      const took = c.end - c.start;
      const what = `${c.kind} ${c.route.split('?')[0]}`;
      const o = overlapping(c);
      const index = o ? outages.indexOf(o) : -1;
      if (c.status === 0) {
        failures.noAnswer++;
        violations.push(`${what} asked at +${c.start - loadStarted} ms: ${c.failure} after ${took} ms`);
        continue;
      }
      if (c.status === 500) {
        failures.unexpected++;
        violations.push(`${what} asked at +${c.start - loadStarted} ms answered 500 ${JSON.stringify(c.body)}`);
        continue;
      }
      const unavailable =
        c.status === 503 && (c.body as { error?: unknown } | null)?.error === MESSAGES.serviceUnavailable;
      if (o) {
        const down = c.start >= o.downAt && c.start < o.startAt;
        if (down) {
          outageDurations.push(took);
          outageStatuses.set(c.status, (outageStatuses.get(c.status) ?? 0) + 1);
          if (took > limits.outageAnswerMs) {
            failures.slow++;
            violations.push(`${what} during outage ${index + 1} took ${took} ms (limit ${limits.outageAnswerMs})`);
          }
        } else if (c.start >= o.stopAt && took > limits.transitionAnswerMs) {
          // Asked while MariaDB shut down or started. (One asked before the stop was in flight when it came: its
          // time is the busy API's, and it may end in a 503, but only a missing answer is a fault.)
          failures.slow++;
          violations.push(`${what} while MariaDB stopped or started (outage ${index + 1}) took ${took} ms`);
        }
        if (!ok(c.status) && !unavailable) {
          failures.unexpected++;
          violations.push(
            `${what} during outage ${index + 1} answered ${c.status} ${JSON.stringify(c.body)} (expected 503 "${MESSAGES.serviceUnavailable}")`,
          );
        }
        continue;
      }
      const back = recoveringFrom(c.start);
      if (back) {
        const r = recovery[outages.indexOf(back)]!;
        if (ok(c.status)) {
          if (r.firstSuccess === 0 || c.end < r.firstSuccess) r.firstSuccess = c.end;
        } else {
          r.lastFailure = Math.max(r.lastFailure, c.end);
          if (!unavailable) {
            failures.unexpected++;
            violations.push(`${what} ${c.start - back.upAt} ms after MariaDB came back answered ${c.status}`);
          }
        }
        continue;
      }
      if (!ok(c.status)) {
        failures.unexpected++;
        const last = outages.filter((x) => x.upAt <= c.start).at(-1);
        const when = last
          ? `${c.start - last.upAt} ms after MariaDB came back (limit ${limits.recoveryMs})`
          : `at +${c.start - loadStarted} ms, before any outage`;
        violations.push(`${what} asked ${when} answered ${c.status} ${JSON.stringify(c.body)}`);
      }
    }

    // GET /ready: 503 naming mysql while MariaDB is down, 200 again within the bound, 200 otherwise.
    const readyBack: number[] = [];
    for (const [k, o] of outages.entries()) {
      const during = probes.filter((p) => p.start >= o.downAt && p.start < o.startAt);
      if (during.length === 0) violations.push(`outage ${k + 1}: GET /ready was never asked while MariaDB was down`);
      for (const p of during) {
        if (p.status !== 503 || !p.failed.includes('mysql')) {
          violations.push(
            `outage ${k + 1}: GET /ready answered ${p.status} (${p.failed.join(', ')}) while MariaDB was down`,
          );
        }
        if (p.end - p.start > limits.outageAnswerMs) {
          violations.push(`outage ${k + 1}: GET /ready took ${p.end - p.start} ms while MariaDB was down`);
        }
      }
      const first = probes.find((p) => p.start >= o.upAt && p.status === 200);
      if (!first || first.end - o.upAt > limits.recoveryMs) {
        violations.push(`outage ${k + 1}: GET /ready not 200 within ${limits.recoveryMs} ms of MariaDB coming back`);
      }
      if (first) readyBack.push(first.end - o.upAt);
    }
    for (const p of probes) {
      if (overlapping(p) || recoveringFrom(p.start)) continue;
      if (p.status !== 200)
        violations.push(`GET /ready answered ${p.status} at +${p.start - loadStarted} ms, no outage`);
    }

    // The processes lived through it all, and the worker's play tick runs again after each outage.
    violations.push(...exits);
    const tickBack = outages.map((o, k) => {
      const until = outages[k + 1]?.stopAt ?? Infinity;
      const first = ticks.completed.find((t) => t >= o.upAt && t < until);
      if (first === undefined) violations.push(`outage ${k + 1}: the worker's play tick never completed again`);
      return first === undefined ? 'never' : String(first - o.upAt);
    });

    // Writes: every acknowledged one is there exactly once; an unacknowledged one is either absent or whole.
    const writes = calls.filter((c) => c.kind !== 'read');
    const rowsBy = async (table: string, column: string, select: string[]) => {
      const rows = (await knex(table).where(column, 'like', 'mr-%').select(select)) as Record<string, unknown>[];
      const map = new Map<string, Record<string, unknown>[]>();
      for (const row of rows) {
        const marker = String(row[column]).split(' ')[0]!;
        map.set(marker, [...(map.get(marker) ?? []), row]);
      }
      return map;
    };
    const posts = await rowsBy('forum_posts', 'message', ['id', 'thread_id', 'user_id', 'message']);
    const chats = await rowsBy('chat_messages', 'content', ['id', 'game_id', 'user_id', 'content']);
    const topics = new Map<string, Record<string, unknown>[]>();
    for (const row of (await knex('forum_threads')
      .where('title', 'like', 'Restart topic mr-%')
      .select('id', 'category_id', 'user_id', 'title')) as Record<string, unknown>[]) {
      const marker = String(row.title).replace('Restart topic ', '');
      topics.set(marker, [...(topics.get(marker) ?? []), row]);
    }
    const tally = { acknowledged: 0, missing: 0, refusedAbsent: 0, refusedButApplied: 0, halfApplied: 0, twice: 0 };
    for (const w of writes) {
      const marker = w.marker!;
      const acked = ok(w.status);
      if (acked) tally.acknowledged++;
      let found: Record<string, unknown>[];
      let whole: boolean;
      let matches: boolean;
      if (w.kind === 'post') {
        found = posts.get(marker) ?? [];
        whole = true;
        const id = (w.body as { post?: { id?: number } } | null)?.post?.id;
        matches = found.length === 1 && found[0]!.thread_id === w.target && found[0]!.user_id === w.user_id;
        if (acked && found.length === 1 && found[0]!.id !== id) matches = false;
      } else if (w.kind === 'thread') {
        found = topics.get(marker) ?? [];
        const opening = posts.get(marker) ?? [];
        const id = (w.body as { id?: number } | null)?.id;
        whole =
          found.length === opening.length &&
          found.every((t) => opening.some((p) => p.thread_id === t.id && p.user_id === w.user_id));
        matches = found.length === 1 && found[0]!.category_id === w.target && found[0]!.user_id === w.user_id;
        if (acked && found.length === 1 && found[0]!.id !== id) matches = false;
      } else {
        found = chats.get(marker) ?? [];
        whole = true;
        const id = (w.body as { message?: { id?: number } } | null)?.message?.id;
        matches = found.length === 1 && found[0]!.game_id === w.target && found[0]!.user_id === w.user_id;
        if (acked && found.length === 1 && found[0]!.id !== id) matches = false;
      }
      const what = `${w.kind} ${marker} (answered ${w.status || w.failure})`;
      if (!whole) {
        tally.halfApplied++;
        violations.push(`${what}: half-applied, ${found.length} topic rows and their opening posts differ`);
      } else if (found.length > 1) {
        tally.twice++;
        violations.push(`${what}: stored ${found.length} times`);
      } else if (acked && found.length === 0) {
        tally.missing++;
        violations.push(`${what}: acknowledged but not in the database`);
      } else if (found.length === 1 && !matches) {
        violations.push(`${what}: stored with other ids than it was sent or answered with`);
      } else if (!acked) {
        if (found.length === 0) tally.refusedAbsent++;
        else tally.refusedButApplied++;
      }
    }

    // Half-applied writes leave counters that disagree with the rows they count.
    const [threadsOff] = (await knex.raw(
      `SELECT t.id, t.reply_count, COUNT(p.id) AS posts, t.last_post_at, MAX(p.created_at) AS last_post
       FROM forum_threads t LEFT JOIN forum_posts p ON p.thread_id = t.id
       GROUP BY t.id, t.reply_count, t.last_post_at
       HAVING t.reply_count <> COUNT(p.id) - 1 OR NOT (t.last_post_at <=> MAX(p.created_at))`,
    )) as [Record<string, unknown>[]];
    for (const t of threadsOff) {
      violations.push(
        `topic ${t.id}: reply_count ${t.reply_count} for ${t.posts} posts, last_post_at ${String(t.last_post_at)} / newest post ${String(t.last_post)}`,
      );
    }
    const [categoriesOff] = (await knex.raw(
      `SELECT c.id, c.thread_count, (SELECT COUNT(*) FROM forum_threads t WHERE t.category_id = c.id) AS threads
       FROM forum_categories c
       HAVING c.thread_count <> threads`,
    )) as [Record<string, unknown>[]];
    for (const c of categoriesOff)
      violations.push(`category ${c.id}: thread_count ${c.thread_count}, ${c.threads} topics`);
    const [usersOff] = (await knex.raw(
      `SELECT u.id, u.forum_post_count, (SELECT COUNT(*) FROM forum_posts p WHERE p.user_id = u.id) AS posts
       FROM users u
       HAVING u.forum_post_count <> posts`,
    )) as [Record<string, unknown>[]];
    for (const u of usersOff)
      violations.push(`player ${u.id}: forum_post_count ${u.forum_post_count}, ${u.posts} posts`);

    // From the API's own log: why it answered 503 (the driver's error codes of its 'database unavailable' lines),
    // and how long it took over the requests asked while MariaDB was down (its request lines' duration_ms), which
    // leaves out the time the answers waited for this process on a busy machine.
    const causes = new Map<string, number>();
    const apiDownMs: number[] = [];
    for (const line of api.proc.output().split('\n')) {
      let entry: { msg?: string; code?: unknown; time?: string; duration_ms?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if (entry.msg === 'database unavailable')
        causes.set(String(entry.code), (causes.get(String(entry.code)) ?? 0) + 1);
      if (entry.msg === 'request' && entry.time && typeof entry.duration_ms === 'number') {
        const asked = Date.parse(entry.time) - entry.duration_ms;
        if (outages.some((o) => asked >= o.downAt && asked < o.startAt)) apiDownMs.push(entry.duration_ms);
      }
    }
    apiDownMs.sort((a, b) => a - b);

    const sortedOutage = [...outageDurations].sort((a, b) => a - b);
    const downSeconds = outages.reduce((sum, o) => sum + (o.startAt - o.downAt), 0) / 1000;
    const statusCounts = (list: Call[]) => {
      const counts = new Map<number, number>();
      for (const c of list) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
      return [...counts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status || 'none'}: ${n}`)
        .join(', ');
    };
    return {
      figures: {
        seed,
        'outages (signal, down s, MariaDB start ms)': outages
          .map((o) => `${o.signal} ${((o.startAt - o.downAt) / 1000).toFixed(1)} s, ${o.upAt - o.startAt} ms`)
          .join('; '),
        requests: calls.length,
        'request rate /s': ((calls.length / loadMs) * 1000).toFixed(1),
        'answers by status': statusCounts(calls),
        'requests asked while MariaDB was down': outageDurations.length,
        'outage answers by status': [...outageStatuses.entries()].map(([s, n]) => `${s}: ${n}`).join(', '),
        'outage answer ms (median/p99/max)': `${quantile(sortedOutage, 0.5)}/${quantile(sortedOutage, 0.99)}/${sortedOutage.at(-1) ?? 0}`,
        'API-side answer ms while MariaDB was down (median/p99/max)': `${quantile(apiDownMs, 0.5)}/${quantile(apiDownMs, 0.99)}/${apiDownMs.at(-1) ?? 0}`,
        'outage requests per s': (outageDurations.length / Math.max(downSeconds, 0.001)).toFixed(1),
        'serving again ms after MariaDB answered (per outage: last failure / first success)': recovery
          .map((r, k) => {
            const upAt = outages[k]!.upAt;
            return `${r.lastFailure ? r.lastFailure - upAt : 0}/${r.firstSuccess ? r.firstSuccess - upAt : 'none'}`;
          })
          .join('; '),
        'GET /ready 200 again ms after MariaDB answered': readyBack.join('; '),
        'GET /ready probes': probes.length,
        '503 causes in the API log': [...causes.entries()].map(([code, n]) => `${code}: ${n}`).join(', '),
        'unexpected answers (500, other errors)': failures.unexpected,
        'slow answers': failures.slow,
        'requests without an answer': failures.noAnswer,
        'writes sent (posts/topics/chat)': `${writes.length} (${writes.filter((w) => w.kind === 'post').length}/${writes.filter((w) => w.kind === 'thread').length}/${writes.filter((w) => w.kind === 'chat').length})`,
        'writes acknowledged': tally.acknowledged,
        'acknowledged writes missing': tally.missing,
        'failed writes absent': tally.refusedAbsent,
        'failed writes applied whole (answer lost with the connection)': tally.refusedButApplied,
        'half-applied writes': tally.halfApplied + threadsOff.length + categoriesOff.length + usersOff.length,
        'writes stored twice': tally.twice,
        'writes skipped (player budgets)': `${skipped.forum} forum, ${skipped.chat} chat`,
        'API and worker exits': exits.length,
        'CPU s during the load (suite, API, worker, MariaDB)': cpu,
        'load generator event loop delay ms (p50/p99/max)': [0.5, 0.99, 1]
          .map((q) => (q === 1 ? lag.max : lag.percentile(q * 100)) / 1e6)
          .map((ms) => ms.toFixed(0))
          .join('/'),
        'worker play ticks failed / completed': `${ticks.failed} / ${ticks.completed.length}`,
        'worker play tick completed again ms after MariaDB answered': tickBack.join('; '),
      },
      violations,
    };
  } finally {
    await queueEvents?.close();
    await queue?.close();
    await stack.close();
    await mariadb.destroy();
  }
}

export const suite: Suite = {
  name: 'mysql-restart',
  description:
    'MariaDB stopped and started (in order and as a crash) under ~100 requests a second: quick 503s, readiness false, serving again within 5 s, no acknowledged write lost or half-applied',
  run,
};
