import { Queue, Worker, type Job } from 'bullmq';
import type { Knex } from 'knex';
import {
  EMAIL_RECONCILE_EVERY_MS,
  PAIRING_INTERVAL_MS,
  PLAY_TICK_SCHEDULER_ID,
  QUEUE_NAMES,
  emailJobs,
} from '@ecup/domain';
import { createBullConnection, type Config } from '@ecup/db';
import { createPublisher } from './emitter.ts';
import { pairNow, playTick } from './jobs/play-tick.ts';
import { createMailTransport } from './mail/transport.ts';
import { sendEmail } from './jobs/send-email.ts';
import { unsentEmailIds } from './jobs/reconcile-emails.ts';

export interface WorkerHandle {
  /** Stops taking jobs, lets running ones finish, then closes connections. */
  close(): Promise<void>;
}

/**
 * Starts the BullMQ workers and schedules (decisions §1): e-mail sending and its reconciler, and the play loop's
 * tick (keepalive expiry, accept timeouts, conflict escalation, pairing) with on-demand pairing.
 */
export async function startWorker(options: {
  config: Config;
  knex: Knex;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}): Promise<WorkerHandle> {
  const { config, knex } = options;
  const log = options.log ?? console;
  const now = options.now ?? (() => new Date());
  const prefix = `${config.redisPrefix}bull`;
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, outbox: config.mailOutbox });
  const workerConnection = createBullConnection(config.redisUrl, 'worker');
  const producerConnection = createBullConnection(config.redisUrl, 'worker');
  workerConnection.on('error', (error) => log.warn(`worker Redis: ${error.message}`));
  producerConnection.on('error', () => undefined);
  const queue = new Queue(QUEUE_NAMES.email, { connection: producerConnection, prefix });

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
      throw new Error(`unknown job ${job.name}`);
    },
    { connection: workerConnection, prefix, concurrency: 4, lockDuration: 30_000, stalledInterval: 15_000 },
  );
  worker.on('failed', (job, error) => {
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      log.error(`job ${job.id} (${job.name}) failed for good and is kept for inspection: ${error.message}`);
    }
  });
  worker.on('error', (error) => log.warn(`worker: ${error.message}`));

  const publisher = createPublisher(config.redisUrl, config.redisPrefix, log);
  const playQueue = new Queue(QUEUE_NAMES.play, { connection: producerConnection, prefix });
  const playDeps = { knex, now, publish: publisher.publish };
  const playWorker = new Worker(
    QUEUE_NAMES.play,
    async (job: Job) => {
      if (job.name === 'play-tick') return playTick(playDeps);
      if (job.name === 'pair') return pairNow(playDeps);
      throw new Error(`unknown job ${job.name}`);
    },
    // One play job at a time per worker; the sweeps' guarded writes keep several workers correct.
    { connection: workerConnection, prefix, concurrency: 1, lockDuration: 30_000, stalledInterval: 15_000 },
  );
  playWorker.on('failed', (job, error) => log.error(`job ${job?.id} (${job?.name}) failed: ${error.message}`));
  playWorker.on('error', (error) => log.warn(`play worker: ${error.message}`));
  await playQueue.upsertJobScheduler(
    PLAY_TICK_SCHEDULER_ID,
    { every: PAIRING_INTERVAL_MS },
    { name: 'play-tick', data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 50 } } },
  );

  // One schedule per period whatever the number of workers: the scheduler id is fixed (decisions §1).
  await queue.upsertJobScheduler(
    'reconcile-emails',
    { every: EMAIL_RECONCILE_EVERY_MS },
    { name: 'reconcile-emails', data: {}, opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } } },
  );
  // Catch up at once on anything left unsent while no worker ran.
  await requeue(await unsentEmailIds(knex, new Date(now().getTime() + 60_000)));
  await worker.waitUntilReady();
  await playWorker.waitUntilReady();

  return {
    async close() {
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
