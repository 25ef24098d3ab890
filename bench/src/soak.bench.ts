/**
 * The memory soak: one API process (`npm run api`, its own database with the demo seeded) under steady
 * mixed load for BENCH_SOAK_MINUTES (10; shorter for a check). The HTTP load comes from the trusted load generator
 * (load.ts, its own process, after its validity check), 10-second slices going round the app's common reads, signed
 * in and not; beside it, from this process, players keep opening and closing socket.io connections and entering and
 * leaving the queue, as the app does. Every 10 s the API process's resident memory (from /proc) and its V8 heap (its
 * own `nodejs_heap_size_used_bytes`) are sampled and printed as a series, beside its heap and resident memory just
 * after its latest full garbage collection (`ecup_memory_after_major_gc_bytes`).
 *
 * Verdict "no growth": over the second half of the run (the first half is warm-up: JIT, caches, pools filling), the
 * least-squares slope of the memory left after each full collection stays under RSS_SLOPE_MAX MiB a minute
 * (resident) and HEAP_SLOPE_MAX MiB a minute (heap); with no error anywhere. Memory sampled at other moments is on
 * the heap's saw-tooth (up by 100 MiB between two full collections under this load): a slope through it says where
 * the last collection fell in the window, not whether memory grows.
 */
import { cpus, loadavg } from 'node:os';
import { io as connect, type Socket } from 'socket.io-client';
import { realtimeClientOptions } from '@ecup/domain';
import { createSession } from '@ecup/db';
import { KOA_HELLO_RUNNER, checkLoadGenerator, measureKoaHello, startKoaHello } from './baselines.ts';
import { mark } from './goals.ts';
import { LOAD_GENERATOR, load, printResults, type LoadResult, type LoadTarget } from './load.ts';
import { processMemory } from './process.ts';
import { benchDatabase, seedBenchDemo, startApiProcess } from './setup.ts';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const SAMPLE_S = 10;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Players with a session, who hold sockets and go in and out of the queue. */
const PLAYERS = 100;
/** Sockets held open at once; every second a few of the oldest close and as many new ones open. */
const SOCKETS_HELD = 80;
const SOCKET_CHURN_PER_S = 4;
const RSS_SLOPE_MAX = 2;
const HEAP_SLOPE_MAX = 1;

interface Sample {
  minute: number;
  call: string;
  result: LoadResult;
  rssMiB: number;
  heapMiB: number;
  sockets: number;
}

/** The memory just after one full garbage collection of the API process, and when the bench saw it. */
interface AfterGc {
  minute: number;
  count: number;
  heapMiB: number;
  rssMiB: number;
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** The API's heap in use now, and its memory after its latest full collection (none before the first). */
async function memoryMetrics(url: string): Promise<{ heapMiB: number; afterGc: Omit<AfterGc, 'minute'> | null }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (series: string) => {
    const escaped = series.replace(/[{}"]/g, (c) => `\\${c}`);
    const found = new RegExp(`^${escaped} (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)$`, 'm').exec(text)?.[1];
    return found === undefined ? undefined : Number(found) / 1024 / 1024;
  };
  const used = value('nodejs_heap_size_used_bytes');
  if (used === undefined) throw new Error(`no nodejs_heap_size_used_bytes in ${url}/metrics`);
  const count = /^ecup_major_gc (\d+)$/m.exec(text)?.[1];
  const heap = value('ecup_memory_after_major_gc_bytes{kind="heap"}');
  const rss = value('ecup_memory_after_major_gc_bytes{kind="rss"}');
  const afterGc =
    count === undefined || heap === undefined || rss === undefined
      ? null
      : { count: Number(count), heapMiB: heap, rssMiB: rss };
  return { heapMiB: used, afterGc };
}

export async function run(): Promise<void> {
  const db = await benchDatabase();
  const sockets: Socket[] = [];
  let churn: NodeJS.Timeout | null = null;
  try {
    await seedBenchDemo(db, { forumThreads: 50 });
    const hello = await startKoaHello();
    const api = await startApiProcess(db, { TRUST_PROXY: 'on', TRUSTED_PROXIES: '127.0.0.1/32,::1' });
    try {
      if (loadavg()[0]! > cpus().length)
        console.log(`MEASURED UNDER LOAD: load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
      const users = (await db.knex('users').orderBy('id').limit(PLAYERS).select('id')) as { id: number }[];
      const players: { id: number; token: string; address: string }[] = [];
      for (const { id } of users) {
        const { result } = await createSession(db.knex, { user_id: id, ip: null, user_agent: 'bench' });
        players.push({ id, token: result.token, address: `10.30.${id >> 8}.${id & 255}` });
      }
      const signedIn = players[0]!;
      const appGet = (path: string, auth = false): LoadTarget => ({
        url: api.url,
        path,
        cacheBust: true,
        ownAddress: true,
        headers: {
          Accept: 'application/json',
          ...(auth ? { Authorization: `Bearer ${signedIn.id}:${signedIn.token}` } : {}),
        },
      });
      const calls: [string, LoadTarget][] = [
        ['GET /ranking/list top 50', appGet('/ranking/list?sorting=0&start=0&amount=50')],
        ['GET /news/latest', appGet('/news/latest?amount=4')],
        ['GET /user/auth (stored pair)', appGet('/user/auth', true)],
        ['GET /forums/threads', appGet('/forums/threads?category_id=1&start=0&amount=10')],
        ['GET /matchmaking/status', appGet('/matchmaking/status', true)],
      ];

      const options = { concurrency: CONCURRENCY, seconds: SAMPLE_S - 1 };
      // An invalid check is printed and fails the run (exit code); the memory series still means what it says.
      await checkLoadGenerator(hello.url, { ...options, seconds: 2 });
      console.log(`baseline: ${KOA_HELLO_RUNNER}; load: ${LOAD_GENERATOR}, ${CONCURRENCY} connections`);
      printResults([await measureKoaHello(hello.url, { ...options, seconds: 3 })]);

      // Sockets and queue moves from this process, all through the run.
      let otherErrors = 0;
      let firstError = '';
      const error = (text: string) => {
        otherErrors++;
        firstError ||= text;
      };
      let turn = 0;
      const post = async (player: (typeof players)[number], route: string) => {
        const res = await fetch(`${api.url}${route}`, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            Authorization: `Bearer ${player.id}:${player.token}`,
            'X-Forwarded-For': player.address,
          },
        });
        await res.arrayBuffer();
        if (res.status >= 400) error(`${route} answered ${res.status}`);
      };
      churn = setInterval(() => {
        for (let i = 0; i < SOCKET_CHURN_PER_S; i++) {
          const player = players[turn++ % players.length]!;
          const socket = connect(api.url, {
            ...realtimeClientOptions({ id: player.id, token: player.token }),
            reconnection: false,
            extraHeaders: { 'X-Forwarded-For': player.address },
          });
          socket.on('connect_error', (e) => error(`socket.io connect: ${e.message}`));
          sockets.push(socket);
          while (sockets.length > SOCKETS_HELD) sockets.shift()!.close();
          // The player goes into the queue and, half a second later, out again.
          void post(player, '/matchmaking/queue/enter')
            .then(() => new Promise((resolve) => setTimeout(resolve, 500)))
            .then(() => post(player, '/matchmaking/queue/leave'))
            .catch((e: Error) => error(e.message));
        }
      }, 1000);

      const samples: Sample[] = [];
      const afterGc: AfterGc[] = [];
      let peakMiB = 0;
      const started = performance.now();
      console.log(
        `\n${MINUTES} min of steady mixed load; every ${SAMPLE_S} s: the slice's call, its figures, the API's memory ` +
          `now, and (gc) just after its latest full garbage collection`,
      );
      console.log(
        [
          'min',
          ` ${'call'.padEnd(30)}`,
          'req/s',
          'p99 ms',
          'errors',
          'rss MiB',
          'heap MiB',
          'gc rss',
          'gc heap',
          'full gcs',
          'sockets',
        ]
          .map((h, i) => (i === 1 ? h : h.padStart(9)))
          .join(''),
      );
      for (let i = 0; performance.now() - started < MINUTES * 60_000; i++) {
        const [name, target] = calls[i % calls.length]!;
        const result = await load(name, target, options);
        const memory = await processMemory(api.pid);
        peakMiB = Math.max(peakMiB, memory.peakMiB);
        const metrics = await memoryMetrics(api.url);
        const sample = {
          minute: (performance.now() - started) / 60_000,
          call: name,
          result,
          rssMiB: memory.rssMiB,
          heapMiB: metrics.heapMiB,
          sockets: sockets.filter((s) => s.connected).length,
        };
        samples.push(sample);
        const gc = metrics.afterGc;
        // A full collection the bench has not seen yet: one point of the series the verdict reads.
        if (gc && gc.count !== afterGc[afterGc.length - 1]?.count) afterGc.push({ minute: sample.minute, ...gc });
        console.log(
          [
            sample.minute.toFixed(1).padStart(9),
            ` ${name.padEnd(30)}`,
            result.perSecond.toFixed(0).padStart(9),
            result.p99.toFixed(1).padStart(9),
            String(result.errors).padStart(9),
            String(sample.rssMiB).padStart(9),
            sample.heapMiB.toFixed(1).padStart(9),
            (gc ? gc.rssMiB.toFixed(0) : '-').padStart(9),
            (gc ? gc.heapMiB.toFixed(1) : '-').padStart(9),
            String(gc?.count ?? 0).padStart(9),
            String(sample.sockets).padStart(9),
          ].join(''),
        );
      }
      clearInterval(churn);
      churn = null;

      // The memory after each full collection seen in the second half.
      const late = afterGc.filter((g) => g.minute >= MINUTES / 2);
      const rssSlope = slope(
        late.map((g) => g.minute),
        late.map((g) => g.rssMiB),
      );
      const heapSlope = slope(
        late.map((g) => g.minute),
        late.map((g) => g.heapMiB),
      );
      const httpErrors = samples.reduce((n, s) => n + s.result.errors, 0);
      const first = samples[0]!;
      const last = samples[samples.length - 1]!;
      const [gcFirst, gcLast] = [afterGc[0], afterGc[afterGc.length - 1]];
      console.log(
        `resident memory: ${first.rssMiB} MiB at the first sample (${first.minute.toFixed(1)} min), ${last.rssMiB} MiB ` +
          `at the last (${last.minute.toFixed(1)} min); just after a full collection: ` +
          (gcFirst && gcLast
            ? `${gcFirst.rssMiB.toFixed(0)} MiB resident and ${gcFirst.heapMiB.toFixed(1)} MiB heap at the first ` +
              `(${gcFirst.minute.toFixed(1)} min), ${gcLast.rssMiB.toFixed(0)} MiB and ${gcLast.heapMiB.toFixed(1)} MiB ` +
              `at the last (${gcLast.minute.toFixed(1)} min), ${gcLast.count - gcFirst.count + 1} full collections seen`
            : 'no full collection seen'),
      );
      console.log(
        `second half (${late.length} full collections after ${(MINUTES / 2).toFixed(1)} min of warm-up): memory ` +
          `after a full collection ${rssSlope.toFixed(2)} MiB/min resident (rule < ${RSS_SLOPE_MAX}), ` +
          `${heapSlope.toFixed(2)} MiB/min heap (rule < ${HEAP_SLOPE_MAX}); peak resident (VmHWM) ${peakMiB} MiB ` +
          `(goal < 400 MB ${mark(peakMiB * 1.048576 < 400)})`,
      );
      console.log(
        `errors: ${httpErrors} HTTP from the load generator, ${otherErrors} from sockets and queue moves` +
          `${firstError ? ` (first: ${firstError})` : ''}`,
      );
      const noGrowth = late.length >= 3 && rssSlope < RSS_SLOPE_MAX && heapSlope < HEAP_SLOPE_MAX;
      console.log(
        `verdict: ${noGrowth ? 'no growth' : 'growth (or fewer than 3 full collections to judge by)'} ` +
          `${mark(noGrowth && httpErrors + otherErrors === 0)}`,
      );
    } finally {
      if (churn) clearInterval(churn);
      for (const socket of sockets) socket.close();
      await api.stopAndReport();
      await hello.stop();
    }
  } finally {
    await db.drop();
  }
}
