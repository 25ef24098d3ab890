import os from 'node:os';
import { Queue, Worker, type Job } from 'bullmq';
import type { Knex } from 'knex';
import {
  EMAIL_RECONCILE_EVERY_MS,
  EMAIL_RECONCILE_SCHEDULER_ID,
  MAX_STALLED_COUNT,
  PAIRING_INTERVAL_MS,
  SCHEDULER_CHECK_EVERY_MS,
  SESSION_CLEANUP_EVERY_MS,
  SESSION_CLEANUP_SCHEDULER_ID,
  CHAT_ORIGINALS_CLEANUP_SCHEDULER_ID,
  PLAY_TICK_SCHEDULER_ID,
  QUEUE_NAMES,
  emailJobs,
} from '@ecup/domain';
import type { Registry } from 'prom-client';
import { createBullConnection, createLogger, type Config, type Logger } from '@ecup/db';
import { createPublisher } from './emitter.ts';
import { pairNow, playTick } from './jobs/play-tick.ts';
import { createMailTransport } from './mail/transport.ts';
import { sendEmail } from './jobs/send-email.ts';
import { unsentEmailIds } from './jobs/reconcile-emails.ts';
import { cleanSessions } from './jobs/clean-sessions.ts';
import { cleanChatOriginals } from './jobs/clean-chat-originals.ts';
import { createWorkerMetrics, serveMetrics, type MetricsServer } from './metrics.ts';

export interface WorkerHandle {
  /** The registry holding the worker's metrics (shared with the API's under `npm start`). */
  metrics: Registry;
  /** The worker's own /metrics, when started with a metrics port (`npm run worker` with METRICS_PORT). */
  metricsUrl: string | null;
  /** Stops taking jobs, lets running ones finish, then closes connections. */
  close(): Promise<void>;
}

/**
 * Starts the BullMQ workers and schedules (decisions §1): e-mail sending and its reconciler, the daily clean-up of
 * ended sessions and spent reset links (decisions §10), and the play loop's
 * tick (keepalive expiry, accept timeouts, conflict escalation, pairing) with on-demand pairing.
 */
export async function startWorker(options: {
  config: Config;
  knex: Knex;
  log?: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** A registry to add the worker's metrics to (the API's, in one process); a new one when not given. */
  metrics?: Registry;
  /** Serve the worker's own /metrics on this port (0: any free port); none when null or not given. */
  metricsPort?: number | null;
}): Promise<WorkerHandle> {
  const { config, knex } = options;
  const log = options.log ?? createLogger({ level: config.logLevel });
  const metrics = createWorkerMetrics(options.metrics);
  const now = options.now ?? (() => new Date());
  const prefix = `${config.redisPrefix}bull`;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, outbox: config.mailOutbox });
  const workerConnection = createBullConnection(config.redisUrl, 'worker');
  const producerConnection = createBullConnection(config.redisUrl, 'worker');
  workerConnection.on('error', (error) => log.warn(`worker Redis: ${error.message}`));
  producerConnection.on('error', () => undefined);
  const queue = new Queue(QUEUE_NAMES.email, { connection: producerConnection, prefix });
  // A job held by a worker that died (SIGKILL, lost host) goes back to the queue once its lock runs out, found by
  // the stalled check of any live worker: within about 1.5 × JOB_LOCK_MS. Each job records the process that ran it
  // (BullMQ `processedBy`: host/pid), so an operator can tell which worker held a stalled job.
  const locks = {
    name: `${os.hostname()}/${process.pid}`,
    lockDuration: config.jobLockMs,
    stalledInterval: Math.ceil(config.jobLockMs / 2),
    maxStalledCount: MAX_STALLED_COUNT,
  };

  async function requeue(ids: number[]) {
    if (ids.length === 0) return;
    await queue.addBulk(emailJobs(ids));
  }

  const worker = new Worker(
    QUEUE_NAMES.email,
    async (job: Job) => {
      if (job.name === 'send-email') {
        return sendEmail({ knex, transport, from: config.mailFrom }, job.data as { email_id: number });
      }
      if (job.name === 'reconcile-emails') {
        const ids = await unsentEmailIds(knex, now());
        await requeue(ids);
        return { requeued: ids.length };
      }
      if (job.name === 'clean-sessions') return cleanSessions(knex, now());
      if (job.name === 'clean-chat-originals') return cleanChatOriginals(knex, now());
      throw new Error(`unknown job ${job.name}`);
    },
    { connection: workerConnection, prefix, concurrency: 4, ...locks },
  );
  worker.on('failed', (job, error) => {
    metrics.jobFailures.inc({ queue: QUEUE_NAMES.email, job: job?.name ?? 'unknown' });
    const fields = { queue: QUEUE_NAMES.email, job_id: job?.id, job_name: job?.name, err: error };
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      log.error(fields, `job ${job.id} (${job.name}) failed for good and is kept for inspection: ${error.message}`);
    } else {
      log.warn(fields, `job ${job?.id} (${job?.name}) failed and will be retried: ${error.message}`);
    }
  });
  worker.on('error', (error) => log.warn(`worker: ${error.message}`));

  const publisher = createPublisher(config.redisUrl, config.redisPrefix, log);
  const playQueue = new Queue(QUEUE_NAMES.play, { connection: producerConnection, prefix });
  const playDeps = {
    knex,
    now,
    publish: publisher.publish,
    matchesMade: (count: number) => metrics.matchesMade.inc(count),
  };
  const playWorker = new Worker(
    QUEUE_NAMES.play,
    async (job: Job) => {
      if (job.name === 'play-tick') return playTick(playDeps);
      if (job.name === 'pair') return pairNow(playDeps);
      throw new Error(`unknown job ${job.name}`);
    },
    // One play job at a time per worker; the sweeps' guarded writes keep several workers correct.
    { connection: workerConnection, prefix, concurrency: 1, ...locks },
  );
  playWorker.on('failed', (job, error) => {
    metrics.jobFailures.inc({ queue: QUEUE_NAMES.play, job: job?.name ?? 'unknown' });
    log.error(
      { queue: QUEUE_NAMES.play, job_id: job?.id, job_name: job?.name, err: error },
      `job ${job?.id} (${job?.name}) failed: ${error.message}`,
    );
  });
  playWorker.on('error', (error) => log.warn(`play worker: ${error.message}`));
  // One schedule per period whatever the number of workers: the scheduler ids are fixed (decisions §1).
  const schedules = [
    {
      queue: playQueue,
      id: PLAY_TICK_SCHEDULER_ID,
      every: PAIRING_INTERVAL_MS,
      template: { name: 'play-tick', data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 50 } } },
    },
    {
      queue,
      id: EMAIL_RECONCILE_SCHEDULER_ID,
      every: EMAIL_RECONCILE_EVERY_MS,
      template: {
        name: 'reconcile-emails',
        data: {},
        opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
      },
    },
    {
      queue,
      id: SESSION_CLEANUP_SCHEDULER_ID,
      every: SESSION_CLEANUP_EVERY_MS,
      template: {
        name: 'clean-sessions',
        data: {},
        opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
      },
    },
    {
      queue,
      id: CHAT_ORIGINALS_CLEANUP_SCHEDULER_ID,
      every: SESSION_CLEANUP_EVERY_MS,
      template: {
        name: 'clean-chat-originals',
        data: {},
        opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
      },
    },
  ];
  for (const s of schedules) await s.queue.upsertJobScheduler(s.id, { every: s.every }, s.template);
  // Schedules live in Redis only. Each worker checks every few seconds that they still exist and registers a
  // missing one again (upsertJobScheduler is idempotent, and the fixed id keeps it single when several workers find
  // it missing at once), so a Redis that lost its data gets its play tick and reconciler back without a restart.
  let checking = false;
  const schedulerCheck = setInterval(() => {
    if (checking) return;
    checking = true;
    void (async () => {
      for (const s of schedules) {
        if (await s.queue.getJobScheduler(s.id)) continue;
        await s.queue.upsertJobScheduler(s.id, { every: s.every }, s.template);
        log.warn({ scheduler: s.id }, `job scheduler ${s.id} was missing from Redis; registered it again`);
      }
    })()
      .catch((error: Error) => log.warn(`scheduler check: ${error.message}`))
      .finally(() => (checking = false));
  }, SCHEDULER_CHECK_EVERY_MS);
  schedulerCheck.unref();

  // Catch up at once on anything left unsent while no worker ran.
  await requeue(await unsentEmailIds(knex, new Date(now().getTime() + 60_000)));
  await worker.waitUntilReady();
  await playWorker.waitUntilReady();
  // None in production without METRICS_TOKEN (config.metricsServed): an open port would show the traffic to anyone.
  const metricsServer: MetricsServer | null =
    options.metricsPort === undefined || options.metricsPort === null || !config.metricsServed
      ? null
      : await serveMetrics(metrics.registry, { port: options.metricsPort, token: config.metricsToken, log });

  return {
    metrics: metrics.registry,
    metricsUrl: metricsServer?.url ?? null,
    async close() {
      clearInterval(schedulerCheck);
      await metricsServer?.close();
      await playWorker.close();
      await worker.close();
      await playQueue.close();
      await queue.close();
      publisher.close();
      transport.close();
      workerConnection.disconnect();
      producerConnection.disconnect();
    },
  };
}
