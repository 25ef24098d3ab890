import type { Queue } from 'bullmq';
import {
  EMAIL_RECONCILE_EVERY_MS,
  EMAIL_RECONCILE_SCHEDULER_ID,
  PAIRING_INTERVAL_MS,
  PLAY_TICK_SCHEDULER_ID,
  SCHEDULER_CHECK_EVERY_MS,
  type QueueName,
} from '@ecup/domain';
import type { Logger } from '@ecup/db';
import type { Calendar } from './calendar.ts';

/** One BullMQ job scheduler: a fixed id, so one schedule per period whatever the number of workers (docs/decisions.md#shape). */
export interface Schedule {
  queue: QueueName;
  id: string;
  every: number;
  template: { name: string; data: Record<string, never>; opts: Record<string, unknown> };
}

/**
 * The worker's repeating jobs that follow elapsed time rather than the calendar: the one-second play tick and the
 * e-mail reconciler. The weekly and nightly jobs follow the season's wall clock (`calendar.ts`).
 */
export const SCHEDULES: readonly Schedule[] = [
  {
    queue: 'play',
    id: PLAY_TICK_SCHEDULER_ID,
    every: PAIRING_INTERVAL_MS,
    template: { name: 'play-tick', data: {}, opts: { removeOnComplete: true, removeOnFail: { count: 50 } } },
  },
  {
    queue: 'email',
    id: EMAIL_RECONCILE_SCHEDULER_ID,
    every: EMAIL_RECONCILE_EVERY_MS,
    template: {
      name: 'reconcile-emails',
      data: {},
      opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
    },
  },
];

/** Registers every schedule; `upsertJobScheduler` is idempotent, so each worker may do it at start. */
export async function registerSchedules(queues: Record<QueueName, Queue>): Promise<void> {
  for (const s of SCHEDULES) await queues[s.queue].upsertJobScheduler(s.id, { every: s.every }, s.template);
}

/**
 * The self-healing check. Schedules live in Redis only: every few seconds each worker checks that they still exist
 * and registers a missing one again (the fixed id keeps it single when several workers find it missing at once),
 * so a Redis that lost its data gets its play tick and reconciler back without a restart. The same check follows
 * the current season's time zone and queues any calendar period not queued yet (a lost calendar job id is queued
 * again by the next period, and the jobs catch up on what an earlier one owed). Answers the stopper.
 */
export function startScheduleCheck(
  queues: Record<QueueName, Queue>,
  calendar: Calendar,
  log: Pick<Logger, 'warn'>,
): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void (async () => {
      for (const s of SCHEDULES) {
        const queue = queues[s.queue];
        if (await queue.getJobScheduler(s.id)) continue;
        await queue.upsertJobScheduler(s.id, { every: s.every }, s.template);
        log.warn({ scheduler: s.id }, `job scheduler ${s.id} was missing from Redis; registered it again`);
      }
      await calendar.refreshZone();
      await calendar.catchUp();
    })()
      .catch((error: Error) => log.warn(`scheduler check: ${error.message}`))
      .finally(() => (checking = false));
  }, SCHEDULER_CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
