import { Worker } from 'node:worker_threads';

/** Every hashing thread is busy and the waiting line is full: the caller answers "try again shortly" at once. */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing is busy');
    this.name = 'HashingBusyError';
  }
}

/** What a check does when the line is full: a request is refused at once, other work waits its turn. */
export type BusyPolicy = 'refuse' | 'wait';

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keylen: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export interface HashPool {
  /**
   * Runs scrypt on one of the pool's threads. With `busy: 'refuse'` (a request's check) it rejects at once with
   * {@link HashingBusyError} when the line is full; with 'wait' (seeding, the CLI, tests' factories) it always joins
   * the line and is answered in turn.
   */
  scrypt(job: ScryptJob, busy?: BusyPolicy): Promise<Buffer>;
  /** Checks waiting for a thread now. */
  waiting(): number;
  /** Checks running now and the memory they hold, and the most of each at once since the pool was made. */
  stats(): HashPoolStats;
  /** Whether a check of this work arriving now would be refused as busy (to refuse before doing anything else). */
  full(job: Pick<ScryptJob, 'N' | 'r' | 'p'>): boolean;
  /** Stops the threads; checks still waiting are refused as busy. */
  close(): Promise<void>;
}

/**
 * The hashing threads' nice value (0 is normal, 19 the lowest): on a busy core the scheduler gives the event loop
 * about ten times the hashing thread's share.
 */
export const HASH_THREAD_NICE = 10;

/**
 * A hashing thread: synchronous scrypt on its own thread, so neither the event loop nor libuv's shared pool (file
 * reads, DNS) waits for it. The thread lowers its own priority (on Linux a nice value is per thread), so when the
 * cores are short the event loop's work is scheduled first and other calls keep their times while sign-ins wait.
 * Plain CommonJS evaluated as is: it needs no TypeScript loader.
 */
const THREAD_SOURCE = `
const NICE = ${HASH_THREAD_NICE};
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const { setPriority } = require('node:os');
try { setPriority(NICE); } catch {}
parentPort.on('message', (job) => {
  try {
    const started = performance.now();
    const key = scryptSync(job.password, job.salt, job.keylen, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    parentPort.postMessage({ key, took: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

export interface HashPoolStats {
  running: number;
  runningBytes: number;
  peakRunning: number;
  peakBytes: number;
}

/** The memory one scrypt holds while it runs: 128 × N × r bytes (p runs one after another in the same memory). */
export const scryptMemory = (job: Pick<ScryptJob, 'N' | 'r'>): number => 128 * job.N * job.r;

interface Pending {
  job: ScryptJob;
  busy: BusyPolicy;
  /** When it joined the line, then when its thread took it (performance.now()). */
  startedAt: number;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

/**
 * At most `threads` hashes run at once, each on its own worker thread (started when first needed), and with
 * `memoryMax` only as many as fit in that many bytes together (one that alone is larger runs alone); at most
 * `queueMax` wait for their turn, in the order they came; a check beyond that is refused at once instead of waiting
 * behind a line it cannot outlast. With `maxWaitMs`, a check is also refused at once when, at the hashes' recent pace, it would be answered
 * later than that: on a machine whose cores are busy with other work a hash takes longer, and the line shortens
 * with it. An idle thread does not keep the process alive.
 */
export interface HashPoolLimits {
  threads: number;
  queueMax: number;
  /**
   * The most memory (bytes) the running hashes may hold together; a hash larger than this alone runs when nothing
   * else does. Without it, the threads alone bound the memory.
   */
  memoryMax?: number;
  /** Refuse a check that would be answered later than this at the recent pace. */
  maxWaitMs?: number;
  /** The pace (milliseconds per unit of work, a hash at cost 17) assumed until the first hash is timed. */
  initialPaceMs?: number;
}

export function createHashPool(options: HashPoolLimits): HashPool {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let closed = false;
  let runningBytes = 0;
  let peakRunning = 0;
  let peakBytes = 0;
  /**
   * A moving average of the milliseconds a hash has taken, from its thread taking it to its answer, per unit of
   * work (N × r × p / 2^20: a hash at cost 17 is 1, at cost 12 1/32); the assumed one until the first is timed.
   */
  let paceMs = options.initialPaceMs ?? 0;
  let timed = false;
  /** The work of the checks in the line, in the same units. */
  let queuedWork = 0;
  const workOf = (job: Pick<ScryptJob, 'N' | 'r' | 'p'>) => (job.N * job.r * job.p) / 2 ** 20;

  /** How many hashes like `job` run at once: the threads, or fewer when their memory is bounded. */
  const parallel = (job: Pick<ScryptJob, 'N' | 'r'>) =>
    options.memoryMax === undefined
      ? options.threads
      : Math.max(1, Math.min(options.threads, Math.floor(options.memoryMax / scryptMemory(job))));
  /** When `job`, joining the line now, would be answered at the recent pace. */
  const expectedMs = (job: Pick<ScryptJob, 'N' | 'r' | 'p'>) => (queuedWork / parallel(job) + workOf(job)) * paceMs;
  /** Whether `job` may start now: a thread is free or can be started, and its memory fits beside the running ones. */
  const fits = (job: Pick<ScryptJob, 'N' | 'r'>) =>
    busy.size < options.threads &&
    (busy.size === 0 || options.memoryMax === undefined || runningBytes + scryptMemory(job) <= options.memoryMax);
  /** Whether `job`, arriving now, would start at once (nobody waits before it and it fits). */
  const startsNow = (job: Pick<ScryptJob, 'N' | 'r'>) => !closed && queue.length === 0 && fits(job);

  /** Whether `job`, not starting at once, would be refused. */
  const lineFull = (job: Pick<ScryptJob, 'N' | 'r' | 'p'>) =>
    queue.length >= options.queueMax || (options.maxWaitMs !== undefined && expectedMs(job) > options.maxWaitMs);

  function start(): Worker {
    const worker = new Worker(THREAD_SOURCE, { eval: true, execArgv: [] });
    worker.on('message', (answer: { key?: Uint8Array; error?: string; took?: number }) => {
      const pending = finish(worker);
      if (pending) {
        // The hash's own time on its thread, not the thread's start-up (a fresh thread under load takes seconds to
        // boot, which would make every later check look too slow to admit).
        const took = (answer.took ?? performance.now() - pending.startedAt) / workOf(pending.job);
        paceMs = timed ? 0.8 * paceMs + 0.2 * took : took;
        timed = true;
        if (answer.key) pending.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.length));
        else pending.reject(new Error(answer.error ?? 'scrypt failed'));
      }
      worker.unref();
      idle.push(worker);
      pump();
    });
    // A thread that dies (out of memory) fails its own check; the next check starts a new thread.
    const lost = (error: Error) => {
      const pending = finish(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      pending?.reject(error);
      pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker)) lost(new Error(`hashing thread exited with code ${code}`));
    });
    return worker;
  }

  /** Runs `pending` on an idle thread, or a new one. */
  function assign(pending: Pending): void {
    const worker = idle.pop() ?? start();
    pending.startedAt = performance.now();
    busy.set(worker, pending);
    runningBytes += scryptMemory(pending.job);
    peakRunning = Math.max(peakRunning, busy.size);
    peakBytes = Math.max(peakBytes, runningBytes);
    worker.ref();
    worker.postMessage(pending.job);
  }

  /** The check `worker` was running, now over (answered or lost), if any. */
  function finish(worker: Worker): Pending | undefined {
    const pending = busy.get(worker);
    if (!pending) return undefined;
    busy.delete(worker);
    runningBytes -= scryptMemory(pending.job);
    return pending;
  }

  /**
   * Starts the checks at the head of the line while they fit, in the order they came. One that has already waited
   * longer than `maxWaitMs` (the hashes slowed down after it was let in: the cores went to other work) is refused
   * now rather than answered later still.
   */
  function pump(): void {
    for (;;) {
      const next = queue[0];
      if (!next || closed) return;
      const stale =
        next.busy === 'refuse' &&
        options.maxWaitMs !== undefined &&
        performance.now() - next.startedAt > options.maxWaitMs;
      if (!stale && !fits(next.job)) return;
      queue.shift();
      queuedWork = queue.length === 0 ? 0 : queuedWork - workOf(next.job);
      if (stale) next.reject(new HashingBusyError());
      else assign(next);
    }
  }

  return {
    scrypt(job, policy = 'wait') {
      return new Promise<Buffer>((resolve, reject) => {
        const pending = { job, busy: policy, startedAt: performance.now(), resolve, reject };
        if (closed) return reject(new HashingBusyError());
        if (startsNow(job)) return assign(pending);
        if (policy === 'refuse' && lineFull(job)) return reject(new HashingBusyError());
        queue.push(pending);
        queuedWork += workOf(job);
      });
    },
    waiting: () => queue.length,
    stats: () => ({ running: busy.size, runningBytes, peakRunning, peakBytes }),
    full: (job) => closed || (!startsNow(job) && lineFull(job)),
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new HashingBusyError());
      queuedWork = 0;
      const workers = [...idle.splice(0), ...busy.keys()];
      for (const [, pending] of busy) pending.reject(new HashingBusyError());
      busy.clear();
      runningBytes = 0;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
