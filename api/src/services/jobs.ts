import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES, emailJobs } from '@ecup/domain';
import { createBullConnection } from '@ecup/db';

/** The producer side of the job queues (the worker consumes them). */
export interface JobQueues {
  /** Queues the sending of stored e-mail rows; safe to call twice for the same id. */
  sendEmails(emailIds: number[]): Promise<void>;
  close(): Promise<void>;
}

export function createJobQueues(redisUrl: string, prefix: string): JobQueues {
  const connection: Redis = createBullConnection(redisUrl, 'producer');
  connection.on('error', () => undefined);
  const email = new Queue(QUEUE_NAMES.email, { connection, prefix: `${prefix}bull` });
  return {
    async sendEmails(emailIds) {
      if (emailIds.length === 0) return;
      await email.addBulk(emailJobs(emailIds));
    },
    async close() {
      await email.close();
      connection.disconnect();
    },
  };
}
