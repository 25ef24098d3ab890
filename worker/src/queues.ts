import os from 'node:os';
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { MAX_STALLED_COUNT, type JobMap, type QueueName } from '@ecup/domain';
import type { Logger } from '@ecup/db';
import type { WorkerMetrics } from './metrics.ts';

/** One queue's processors, one per job name of `JobMap`, each given the job's typed data. */
export type Processors<Q extends QueueName> = {
  [Name in keyof JobMap[Q]]: (data: JobMap[Q][Name], job: Job) => Promise<unknown>;
};

export interface QueueWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  jobLockMs: number;
  metrics: WorkerMetrics;
  log: Pick<Logger, 'warn' | 'error'>;
}

/**
 * The one failure handler of every queue: counts the failure and logs it, as an error once the job has no attempt
 * left (kept for inspection) and as a warning while a retry is coming.
 */
function reportFailure(queue: QueueName, options: QueueWorkerOptions) {
  return (job: Job | undefined, error: Error) => {
    options.metrics.jobFailures.inc({ queue, job: job?.name ?? 'unknown' });
    const fields = { queue, job_id: job?.id, job_name: job?.name, err: error };
    if (!job || job.attemptsMade >= (job.opts.attempts ?? 1)) {
      options.log.error(
        fields,
        `job ${job?.id} (${job?.name}) failed for good and is kept for inspection: ${error.message}`,
      );
    } else {
      options.log.warn(fields, `job ${job.id} (${job.name}) failed and will be retried: ${error.message}`);
    }
  };
}

/**
 * A BullMQ worker for one queue that hands each job to its processor by name; an unknown name fails the job. A job
 * held by a worker that died (SIGKILL, lost host) goes back to the queue once its lock runs out, found by the
 * stalled check of any live worker: within about 1.5 × JOB_LOCK_MS. Each job records the process that ran it
 * (BullMQ `processedBy`: host/pid), so an operator can tell which worker held a stalled job.
 */
export function startQueueWorker<Q extends QueueName>(
  queue: Q,
  processors: Processors<Q>,
  options: QueueWorkerOptions,
): Worker {
  const byName = processors as Record<string, (data: unknown, job: Job) => Promise<unknown>>;
  const worker = new Worker(
    queue,
    async (job: Job) => {
      const processor = Object.hasOwn(byName, job.name) ? byName[job.name] : undefined;
      if (!processor) throw new Error(`unknown job ${job.name}`);
      return processor(job.data, job);
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      name: `${os.hostname()}/${process.pid}`,
      lockDuration: options.jobLockMs,
      stalledInterval: Math.ceil(options.jobLockMs / 2),
      maxStalledCount: MAX_STALLED_COUNT,
    },
  );
  worker.on('failed', reportFailure(queue, options));
  worker.on('error', (error) => options.log.warn(`${queue} worker: ${error.message}`));
  return worker;
}
