/**
 * One API process holding 5,000 socket.io connections of 5,000 signed-in players, against the baseline
 * of a plain socket.io server (`new Server()`, no adapter) holding the same 5,000 clients, measured in the same run.
 *
 * - Memory: the API process's resident size with 5,000 sockets (goal < 500 MB), beside the plain server's.
 * - Delivery: the product's many-player push is a burst of per-user events: one pairing pass sends `match` to every
 *   paired player, final results send `stats`. The worker emits them through `@socket.io/redis-emitter`
 *   (worker/src/emitter.ts), the API's Redis adapter hands each to its room's socket. Each round pushes one event
 *   to every one of the 5,000 users' rooms and waits until all 5,000 have arrived; deliveries per second over the
 *   rounds, product vs the plain server emitting the same pushes itself (goal ≥ 0.5×), with the CPU time each
 *   server process spent per 1,000 deliveries.
 *
 * The clients live in two helper processes (socket-crowd.ts), so neither server shares a process with them. Runs
 * alternate product and baseline, so background load on the machine falls on both alike.
 */
import { readFile } from 'node:fs/promises';
import {
  CONSOLE_PLAYSTATION,
  push,
  userRoom,
  type GamePlayer,
  type MatchPayload,
  type Push,
  type StatsEvent,
} from '@ecup/domain';
import { createSession, loadConfig } from '@ecup/db';
import { createPublisher } from '@ecup/worker/emitter.ts';
import { deleteRedisPrefix } from '../../harness/src/server.ts';
import { cpuSeconds, startChild, type BenchChild } from './child.ts';
import { processMemory } from './process.ts';
import { benchDatabase, startApiProcess } from './setup.ts';
import { mark } from './goals.ts';

const PLAYERS = Number(process.env.BENCH_SOCKETS ?? 5000);
const CROWDS = 2;
const BLOCKS = 3;
const ROUNDS_PER_BLOCK = 8;
const RSS_GOAL_MB = 500;
const RATIO_GOAL = 0.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (mib: number) => Math.round(mib * 1.048576);

function player(id: number): GamePlayer {
  return {
    id,
    username: `sock${id}`,
    first_name: 'Bench',
    last_name: 'Player',
    avatar_hash: null,
    console: CONSOLE_PLAYSTATION,
    gamer_tag: `tag${id}`,
    team: { name: 'IFK Göteborg', avatar_hash: null },
    fifa_team_name: 'Real Madrid',
    wins: 12,
    losses: 7,
    ties: 3,
    scored_goals: 41,
    conceded_goals: 30,
    secured_trophies: 1,
    unsecured_trophies: 2,
    elo: 1000 + (id % 300),
  };
}

/** One round of the product's many-player pushes: `match` to both players of each pair, or `stats` to each. */
function roundOf(event: 'match' | 'stats', ids: number[]): Push[] {
  const now = Date.now();
  if (event === 'stats') {
    return ids.map((id) => {
      const stats: StatsEvent = {
        user_id: id,
        game_id: 100_000 + id,
        stats: { ...player(id) },
        trophies: [{ id: 7, wins: 1, time_active: 86_000 }],
      };
      delete (stats.stats as Partial<GamePlayer>).id;
      return push(userRoom(id), 'stats', stats);
    });
  }
  const pushes: Push[] = [];
  for (let i = 0; i + 1 < ids.length; i += 2) {
    const match: MatchPayload = {
      id: 1 + i / 2,
      user_1: player(ids[i]!),
      user_2: player(ids[i + 1]!),
      user_1_accepted: false,
      user_2_accepted: false,
      deadline_ms: now + 30_000,
      server_time_ms: now,
    };
    pushes.push(push(userRoom(ids[i]!), 'match', match), push(userRoom(ids[i + 1]!), 'match', match));
  }
  return pushes;
}

/** One side of the comparison: the clients' group, the server process, how a round is emitted, and its tally. */
interface Side {
  group: 'product' | 'raw';
  pid: number;
  emit: () => Promise<void>;
  /** Per block: milliseconds from each round's first emit to its last delivery, summed. */
  elapsed: number[];
  /** Server process CPU seconds over all rounds. */
  cpu: number;
  /** CPU seconds the emitting side spent inside `emit` in this process (the product's publisher). */
  emitCpu: number;
}

/** One round: arms every crowd to expect its share, emits, waits until all of them arrived. */
async function round(crowds: BenchChild[], shares: number[], side: Side, event: string, block: number) {
  const armed = await Promise.all(
    crowds.map((crowd, i) => crowd.request({ type: 'expect', group: side.group, event, count: shares[i]! })),
  );
  const cpuBefore = await cpuSeconds(side.pid);
  const started = performance.now();
  const reached = Promise.all(crowds.map((crowd, i) => crowd.notice('reached', armed[i]!.id!, 60_000)));
  const emitStarted = process.cpuUsage();
  await side.emit();
  const emitUsage = process.cpuUsage(emitStarted);
  try {
    await reached;
  } catch (error) {
    const counts = await Promise.all(crowds.map((crowd) => crowd.request({ type: 'count', group: side.group })));
    const got = counts.reduce((sum, c) => sum + Number(c.received), 0);
    throw new Error(`${side.group}: ${got} of ${PLAYERS} \`${event}\` events arrived (${(error as Error).message})`);
  }
  side.elapsed[block] = (side.elapsed[block] ?? 0) + performance.now() - started;
  side.cpu += (await cpuSeconds(side.pid)) - cpuBefore;
  side.emitCpu += (emitUsage.user + emitUsage.system) / 1e6;
}

/** The soft limit on open files this process (and so the processes it starts) has, from /proc. */
async function openFilesLimit(): Promise<number> {
  const limits = await readFile('/proc/self/limits', 'utf8');
  return Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? Infinity);
}

export async function run(): Promise<void> {
  // Each server holds one descriptor per client, and each crowd process half as many: the limit must allow it.
  const limit = await openFilesLimit();
  if (limit < PLAYERS + 1000) {
    throw new Error(
      `ulimit -n is ${limit}: ${PLAYERS} sockets need at least ${PLAYERS + 1000} (run ulimit -n 65536 first)`,
    );
  }
  const db = await benchDatabase({ min: 1, max: 10 });
  const config = loadConfig(db.env);
  const children: BenchChild[] = [];
  let api: Awaited<ReturnType<typeof startApiProcess>> | null = null;
  let publisher: ReturnType<typeof createPublisher> | null = null;
  try {
    await db.knex.raw(
      `INSERT INTO users (username, first_name, last_name, email, password_hash, console, gamer_tag, country_id,
         birth_date, team_name, fifa_team_name, terms_accepted_at, elo)
       SELECT CONCAT('sock', seq), 'Bench', 'Player', CONCAT('sock', seq, '@example.com'), 'x', 1, CONCAT('tag', seq),
         0, '2000-01-01', 'IFK Göteborg', 'Real Madrid', NOW(), 1000 + seq % 300
       FROM seq_1_to_${PLAYERS}`,
    );
    const ids = (
      (await db.knex('users').where('username', 'like', 'sock%').orderBy('id').select('id')) as { id: number }[]
    ).map((row) => row.id);
    const users: { id: number; token: string }[] = [];
    for (let i = 0; i < ids.length; i += 20) {
      const batch = await Promise.all(
        ids
          .slice(i, i + 20)
          .map((id) => createSession(db.knex, { user_id: id, ip: null, user_agent: 'bench' }).then((s) => s.result)),
      );
      users.push(...batch.map(({ id, token }) => ({ id, token })));
    }

    api = await startApiProcess(db);
    const raw = await startChild('raw-socket-server.ts');
    children.push(raw);
    const { port } = await raw.notice<{ type: string; port: number }>('listening', 0, 60_000);
    const crowds = await Promise.all(Array.from({ length: CROWDS }, () => startChild('socket-crowd.ts')));
    children.push(...crowds);
    const shareOf = (i: number) => users.filter((_, k) => k % CROWDS === i);
    const shares = crowds.map((_, i) => shareOf(i).length);

    const memoryBefore = await processMemory(api.pid);
    for (const [group, url, pid] of [
      ['product', api.url, api.pid],
      ['raw', `http://127.0.0.1:${port}`, raw.pid],
    ] as const) {
      const answers = await Promise.all(
        crowds.map((crowd, i) =>
          crowd.request({ type: 'connect', group, url, users: shareOf(i), concurrency: 25 }, 600_000),
        ),
      );
      const connected = answers.reduce((sum, a) => sum + Number(a.connected), 0);
      const failed = answers.reduce((sum, a) => sum + Number(a.failed), 0);
      const seconds = Math.max(...answers.map((a) => Number(a.seconds)));
      const refusal = answers.map((a) => a.firstError).find(Boolean);
      console.log(
        `${group === 'product' ? 'product API' : 'plain socket.io'}: ${connected} sockets connected, ${failed} refused` +
          `${refusal ? ` (first: ${String(refusal)})` : ''}, in ${seconds.toFixed(1)} s; process ${pid}`,
      );
      if (connected !== PLAYERS) throw new Error(`${group}: only ${connected} of ${PLAYERS} sockets connected`);
    }
    const apiIdle = await processMemory(api.pid);
    const rawIdle = await processMemory(raw.pid);
    console.log(
      `open files limit ${limit}; memory with ${PLAYERS} sockets: API rss ${apiIdle.rssMiB} MiB (${mb(apiIdle.rssMiB)} MB; ` +
        `${memoryBefore.rssMiB} MiB before the sockets), plain socket.io rss ${rawIdle.rssMiB} MiB`,
    );

    const created = createPublisher(config.redisUrl, config.redisPrefix, console);
    publisher = created;
    const results: { event: string; bytes: number; product: Side; raw: Side }[] = [];
    for (const event of ['match', 'stats'] as const) {
      const pushes = roundOf(
        event,
        users.map((u) => u.id),
      );
      await raw.request({ type: 'load', pushes });
      const product: Side = {
        group: 'product',
        pid: api.pid,
        emit: async () => created.publish(pushes),
        elapsed: [],
        cpu: 0,
        emitCpu: 0,
      };
      const plain: Side = {
        group: 'raw',
        pid: raw.pid,
        emit: async () => void (await raw.request({ type: 'emit' })),
        elapsed: [],
        cpu: 0,
        emitCpu: 0,
      };
      // Rounds alternate between the two (each pair in turn order), so load from elsewhere falls on both alike.
      for (let block = 0; block < BLOCKS; block++) {
        for (let pair = 0; pair < ROUNDS_PER_BLOCK; pair++) {
          for (const side of pair % 2 === 0 ? [product, plain] : [plain, product]) {
            await round(crowds, shares, side, event, block);
          }
        }
      }
      results.push({ event, bytes: JSON.stringify(pushes[0]!.payload).length, product, raw: plain });
    }
    const apiAfter = await processMemory(api.pid);
    const rawAfter = await processMemory(raw.pid);

    const deliveries = ROUNDS_PER_BLOCK * PLAYERS;
    const rates = (side: Side) => side.elapsed.map((ms) => deliveries / (ms / 1000));
    const perThousand = (seconds: number) => ((seconds * 1e6) / (BLOCKS * deliveries)).toFixed(1);
    console.log(
      `\ndeliveries/s: rounds of one event to each of ${PLAYERS} user rooms, product and plain rounds alternating, ` +
        `${BLOCKS} blocks of ${ROUNDS_PER_BLOCK} rounds each, median block; product = the worker's path ` +
        `(redis-emitter -> Redis -> API's redis-adapter -> sockets), plain = socket.io emitting in its own process`,
    );
    console.log(
      ['event', 'bytes', 'product/s', 'plain/s', 'ratio', 'goal', '', 'CPU ms/1000: API', 'plain', 'emitter'].join(
        '  ',
      ),
    );
    let allRatios = true;
    for (const row of results) {
      const product = median(rates(row.product));
      const plain = median(rates(row.raw));
      const ratio = product / plain;
      allRatios &&= ratio >= RATIO_GOAL;
      console.log(
        [
          row.event.padEnd(5),
          String(row.bytes).padStart(5),
          product.toFixed(0).padStart(9),
          plain.toFixed(0).padStart(7),
          `${ratio.toFixed(2)}x`.padStart(5),
          `>= ${RATIO_GOAL}x`,
          mark(ratio >= RATIO_GOAL),
          perThousand(row.product.cpu).padStart(16),
          perThousand(row.raw.cpu).padStart(5),
          perThousand(row.product.emitCpu).padStart(7),
        ].join('  '),
      );
      console.log(
        `       blocks: product ${rates(row.product)
          .map((r) => r.toFixed(0))
          .join(', ')}; plain ${rates(row.raw)
          .map((r) => r.toFixed(0))
          .join(', ')}`,
      );
    }
    const rssMb = mb(Math.max(apiIdle.peakMiB, apiAfter.peakMiB));
    console.log(
      `\nAPI process with ${PLAYERS} sockets: rss ${apiAfter.rssMiB} MiB after the pushes (peak ${apiAfter.peakMiB} MiB), ` +
        `${rssMb} MB at most; goal < ${RSS_GOAL_MB} MB ${mark(rssMb < RSS_GOAL_MB)}; ` +
        `baseline plain socket.io ${rawAfter.rssMiB} MiB (peak ${rawAfter.peakMiB} MiB)`,
    );
    console.log(`broadcast deliveries/s vs plain socket.io: goal >= ${RATIO_GOAL}x ${mark(allRatios)}`);
  } finally {
    publisher?.close();
    await api?.stop();
    for (const child of children) await child.stop();
    await db.drop();
    await deleteRedisPrefix(config.redisUrl, config.redisPrefix);
  }
}
