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
  /** Whether a check of this work arriving now would be refused as busy (to refuse before doing anything else). */
  full(job: Pick<ScryptJob, 'N' | 'r' | 'p'>): boolean;
  /** Stops the threads; checks still waiting are refused as busy. */
  close(): Promise<void>;
}

/**
 * The hashing threads' nice value (0 is normal, 19 the lowest): on a busy core the scheduler gives the event loop
 * about ten times the hashing thread's share.
 */
const HASH_THREAD_NICE = 10;

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

interface Pending {
  job: ScryptJob;
  busy: BusyPolicy;
  /** When it joined the line, then when its thread took it (performance.now()). */
  startedAt: number;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

/**
 * At most `threads` hashes run at once, each on its own worker thread (started when first needed), and at most
 * `queueMax` wait for one; a check beyond that is refused at once instead of waiting behind a line it cannot
 * outlast. With `maxWaitMs`, a check is also refused at once when, at the hashes' recent pace, it would be answered
 * later than that: on a machine whose cores are busy with other work a hash takes longer, and the line shortens
 * with it. An idle thread does not keep the process alive.
 */
export interface HashPoolLimits {
  threads: number;
  queueMax: number;
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
  /**
   * A moving average of the milliseconds a hash has taken, from its thread taking it to its answer, per unit of
   * work (N × r × p / 2^20: a hash at cost 17 is 1, at cost 12 1/32); the assumed one until the first is timed.
   */
  let paceMs = options.initialPaceMs ?? 0;
  let timed = false;
  /** The work of the checks in the line, in the same units. */
  let queuedWork = 0;
  const workOf = (job: Pick<ScryptJob, 'N' | 'r' | 'p'>) => (job.N * job.r * job.p) / 2 ** 20;

  /** When `job`, joining the line now, would be answered at the recent pace. */
  const expectedMs = (job: Pick<ScryptJob, 'N' | 'r' | 'p'>) => (queuedWork / options.threads + workOf(job)) * paceMs;
  /** Whether `job`, finding no free thread, would be refused. */
  const lineFull = (job: Pick<ScryptJob, 'N' | 'r' | 'p'>) =>
    queue.length >= options.queueMax || (options.maxWaitMs !== undefined && expectedMs(job) > options.maxWaitMs);

  function start(): Worker {
    const worker = new Worker(THREAD_SOURCE, { eval: true, execArgv: [] });
    worker.on('message', (answer: { key?: Uint8Array; error?: string; took?: number }) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending) {
        // The hash's own time on its thread, not the thread's start-up (a fresh thread under load takes seconds to
        // boot, which would make every later check look too slow to admit).
        const took = (answer.took ?? performance.now() - pending.startedAt) / workOf(pending.job);
        paceMs = timed ? 0.8 * paceMs + 0.2 * took : took;
        timed = true;
        if (answer.key) pending.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.length));
        else pending.reject(new Error(answer.error ?? 'scrypt failed'));
      }
      release(worker);
    });
    // A thread that dies (out of memory) fails its own check; the next check starts a new thread.
    const lost = (error: Error) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      pending?.reject(error);
      const next = dequeue();
      if (next && !closed) assign(start(), next);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker)) lost(new Error(`hashing thread exited with code ${code}`));
    });
    return worker;
  }

  function assign(worker: Worker, pending: Pending): void {
    pending.startedAt = performance.now();
    busy.set(worker, pending);
    worker.ref();
    worker.postMessage(pending.job);
  }

  /**
   * The next check in line. One that has already waited longer than `maxWaitMs` (the hashes slowed down after it was
   * let in: the cores went to other work) is refused now rather than answered later still.
   */
  function dequeue(): Pending | undefined {
    for (;;) {
      const next = queue.shift();
      if (!next) return undefined;
      queuedWork = queue.length === 0 ? 0 : queuedWork - workOf(next.job);
      if (next.busy === 'wait' || options.maxWaitMs === undefined) return next;
      if (performance.now() - next.startedAt <= options.maxWaitMs) return next;
      next.reject(new HashingBusyError());
    }
  }

  function release(worker: Worker): void {
    const next = dequeue();
    if (next) return assign(worker, next);
    worker.unref();
    idle.push(worker);
  }

  return {
    scrypt(job, policy = 'wait') {
      return new Promise<Buffer>((resolve, reject) => {
        const pending = { job, busy: policy, startedAt: performance.now(), resolve, reject };
        if (closed) return reject(new HashingBusyError());
        const worker = idle.pop() ?? (busy.size < options.threads ? start() : null);
        if (worker) return assign(worker, pending);
        if (policy === 'refuse' && lineFull(job)) return reject(new HashingBusyError());
        queue.push(pending);
        queuedWork += workOf(job);
      });
    },
    waiting: () => queue.length,
    full: (job) => closed || (idle.length === 0 && busy.size >= options.threads && lineFull(job)),
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new HashingBusyError());
      queuedWork = 0;
      const workers = [...idle.splice(0), ...busy.keys()];
      for (const [, pending] of busy) pending.reject(new HashingBusyError());
      busy.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
