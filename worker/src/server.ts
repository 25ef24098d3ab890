import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { QUEUE_NAMES, type NotificationJobData, type QueueName } from '@ecup/domain';
import type { Registry } from 'prom-client';
import { createBullConnection, createLogger, unsentEmailIds, type Config, type Logger } from '@ecup/db';
import { createDiskImageStore, type ImageStore } from '@ecup/storage';
import { createPublisher } from './emitter.ts';
import { createMailTransport } from '@ecup/mail';
import { createCalendar } from './calendar.ts';
import {
  calendarProcessors,
  emailProcessors,
  playProcessors,
  queueNotifications,
  requeueEmails,
} from './processors.ts';
import { startQueueWorker, type QueueWorkerOptions } from './queues.ts';
import { registerSchedules, startScheduleCheck } from './schedules.ts';
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
 * Starts the BullMQ workers (docs/decisions.md#shape): e-mail sending and its reconciler; the play loop's tick (keepalive
 * expiry, accept timeouts, conflict escalation, pairing, trophy expiry) with on-demand pairing; and the calendar's
 * jobs in the season's time zone (the weekly trophy-pool reset, the window's opening and closing with the week's
 * round winners, the nightly clean-ups of ended sessions, spent reset links, chat originals and long-solved
 * conflicts' evidence: docs/decisions.md#trophy-hunt, docs/decisions.md#minors-safety), each period's job queued at start if it is still owed.
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
  /** Where uploaded images live (the API's store); the disk under UPLOAD_DIR when not given. */
  images?: ImageStore;
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
  const queues: Record<QueueName, Queue> = {
    email: new Queue(QUEUE_NAMES.email, { connection: producerConnection, prefix }),
    play: new Queue(QUEUE_NAMES.play, { connection: producerConnection, prefix }),
    calendar: new Queue(QUEUE_NAMES.calendar, { connection: producerConnection, prefix }),
  };
  const publisher = createPublisher(config.redisUrl, config.redisPrefix, log);
  const calendar = createCalendar({ queue: queues.calendar, knex, now, log });
  const playDeps = {
    knex,
    now,
    after: {
      log,
      publish: publisher.publish,
      sendEmails: (ids: number[]) => requeueEmails(queues.email, ids),
      notify: (notifications: NotificationJobData[]) => queueNotifications(queues.email, notifications),
    },
    matchesMade: (count: number) => metrics.matchesMade.inc(count),
  };
  const workerOptions = (concurrency: number): QueueWorkerOptions => ({
    connection: workerConnection,
    prefix,
    concurrency,
    jobLockMs: config.jobLockMs,
    metrics,
    log,
  });
  const emailWorker = startQueueWorker(
    'email',
    emailProcessors({ knex, now, transport, from: config.mailFrom, queue: queues.email, config, log }),
    workerOptions(4),
  );
  // One play job at a time per worker; the sweeps' guarded writes keep several workers correct.
  const playWorker = startQueueWorker('play', playProcessors({ ...playDeps, calendar }), workerOptions(1));
  const images = options.images ?? createDiskImageStore(config.uploadDir);
  const calendarWorker = startQueueWorker(
    'calendar',
    calendarProcessors({ ...playDeps, images, log }),
    workerOptions(1),
  );
  // Closed in this order: the play loop first, then the calendar's and the e-mail jobs.
  const workers = [playWorker, calendarWorker, emailWorker];

  await registerSchedules(queues);
  await calendar.refreshZone();
  // Catch up at once on the calendar's periods and on anything left unsent while no worker ran.
  await calendar.catchUp();
  const stopScheduleCheck = startScheduleCheck(queues, calendar, log);
  await requeueEmails(queues.email, await unsentEmailIds(knex, new Date(now().getTime() + 60_000)));
  for (const worker of workers) await worker.waitUntilReady();
  // None in production without METRICS_TOKEN (config.metricsServed): an open port would show the traffic to anyone.
  const metricsServer: MetricsServer | null =
    options.metricsPort === undefined || options.metricsPort === null || !config.metricsServed
      ? null
      : await serveMetrics(metrics.registry, { port: options.metricsPort, token: config.metricsToken, log });

  return {
    metrics: metrics.registry,
    metricsUrl: metricsServer?.url ?? null,
    async close() {
      calendar.stop();
      stopScheduleCheck();
      await metricsServer?.close();
      for (const worker of workers) await worker.close();
      for (const queue of Object.values(queues)) await queue.close();
      publisher.close();
      transport.close();
      workerConnection.disconnect();
      producerConnection.disconnect();
    },
  };
}
