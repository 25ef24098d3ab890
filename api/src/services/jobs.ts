import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  PAIR_JOB,
  QUEUE_NAMES,
  eloRecalculateJob,
  emailJobs,
  notificationJobs,
  type EloRecalculateJobData,
  type NotificationJobData,
} from '@ecup/domain';
import { createBullConnection } from '@ecup/db';

/** The producer side of the job queues (the worker consumes them). */
export interface JobQueues {
  /** Queues the sending of stored e-mail rows; safe to call twice for the same id. */
  sendEmails(emailIds: number[]): Promise<void>;
  /** Asks the worker for a pairing pass now (docs/decisions.md#matchmaking: "on every enter"); the tick pairs anyway. */
  requestPairing(): Promise<void>;
  /** Asks the worker to replay the ratings from a corrected game on; safe to call twice. */
  recalculateElo(data: EloRecalculateJobData): Promise<void>;
  /** Queues the worker's notification jobs (Web Push and e-mail). */
  notify(notifications: NotificationJobData[]): Promise<void>;
  close(): Promise<void>;
}

export function createJobQueues(redisUrl: string, prefix: string): JobQueues {
  const connection: Redis = createBullConnection(redisUrl, 'producer');
  connection.on('error', () => undefined);
  const email = new Queue(QUEUE_NAMES.email, { connection, prefix: `${prefix}bull` });
  const play = new Queue(QUEUE_NAMES.play, { connection, prefix: `${prefix}bull` });
  return {
    async sendEmails(emailIds) {
      if (emailIds.length === 0) return;
      await email.addBulk(emailJobs(emailIds));
    },
    async requestPairing() {
      await play.add(PAIR_JOB.name, PAIR_JOB.data, PAIR_JOB.opts);
    },
    async recalculateElo(data) {
      const job = eloRecalculateJob(data);
      await play.add(job.name, job.data, job.opts);
    },
    async notify(notifications) {
      if (notifications.length === 0) return;
      await email.addBulk(notificationJobs(notifications));
    },
    async close() {
      await email.close();
      await play.close();
      connection.disconnect();
    },
  };
}
