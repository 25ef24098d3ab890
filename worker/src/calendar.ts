import cron, { type ScheduledTask } from 'node-cron';
import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import {
  CALENDAR_JOB_KEEP_SECONDS,
  CALENDAR_JOB_NAMES,
  DEFAULT_TIME_ZONE,
  calendarCron,
  calendarJobId,
  type CalendarJobName,
  type CalendarWindow,
} from '@ecup/domain';
import { findCurrentSeason, type Logger } from '@ecup/db';

/** Attempts of a calendar job before it is kept as failed; the next period's run does what this one owed. */
const CALENDAR_JOB_ATTEMPTS = 5;
const CALENDAR_JOB_BACKOFF_MS = 5_000;

export interface Calendar {
  /**
   * Queues the job of every calendar period holding `now` that this process has not queued yet, by the job id
   * naming the period: at start (a worker that was down catches up), on each cron tick, and on each play tick (a
   * test clock moved into a new period). Failures to reach Redis are logged and tried again on the next call.
   */
  catchUp(): Promise<void>;
  /** Reads the current season's time zone and window again and moves the cron tasks to them when they changed. */
  refreshZone(): Promise<void>;
  /** The zone the calendar runs in now. */
  timeZone(): string;
  stop(): void;
}

/**
 * The worker's calendar (docs/decisions.md#shape): node-cron tasks in the current season's time zone (the weekly trophy-pool
 * reset at Monday 00:00, the weekly window's opening and closing at the season's minutes, the nightly clean-ups)
 * that only queue a BullMQ job whose id names the period, such as `pool-reset-2026-W48` or `window-open-2026-W48`.
 * BullMQ adds nothing for an id it already holds (finished jobs are kept for
 * CALENDAR_JOB_KEEP_SECONDS), so any number of workers give one run per period; the jobs are idempotent besides.
 * The period comes from the worker's clock (`now`), so a moved test clock starts a period exactly as time does.
 */
export function createCalendar(deps: {
  queue: Queue;
  knex: Knex;
  now: () => Date;
  log: Pick<Logger, 'warn'>;
}): Calendar {
  let zone = DEFAULT_TIME_ZONE;
  let weekly: CalendarWindow = {};
  let tasks: ScheduledTask[] = [];
  const queued = new Map<CalendarJobName, string>();
  let running: Promise<void> | null = null;

  async function queueDue() {
    const now = deps.now();
    for (const name of CALENDAR_JOB_NAMES) {
      const jobId = calendarJobId(name, now, zone, weekly);
      if (queued.get(name) === jobId) continue;
      await deps.queue.add(
        name,
        { period: jobId },
        {
          jobId,
          attempts: CALENDAR_JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: CALENDAR_JOB_BACKOFF_MS },
          removeOnComplete: { age: CALENDAR_JOB_KEEP_SECONDS },
          removeOnFail: { age: CALENDAR_JOB_KEEP_SECONDS },
        },
      );
      queued.set(name, jobId);
    }
  }

  function catchUp(): Promise<void> {
    // One pass at a time: a cron tick and a play tick at the same moment queue each period once.
    running ??= queueDue()
      .catch((error: Error) => deps.log.warn(`calendar: ${error.message}`))
      .finally(() => (running = null));
    return running;
  }

  function schedule() {
    for (const task of tasks) void task.destroy();
    tasks = CALENDAR_JOB_NAMES.map((name) =>
      cron.schedule(calendarCron(name, weekly), () => catchUp(), {
        timezone: zone,
        name: `calendar-${name}`,
        noOverlap: true,
      }),
    );
  }

  return {
    catchUp,
    timeZone: () => zone,
    async refreshZone() {
      const season = await findCurrentSeason(deps.knex);
      const next = season?.time_zone ?? DEFAULT_TIME_ZONE;
      const nextWindow: CalendarWindow = {
        window_start_minute: season?.window_start_minute ?? null,
        window_end_minute: season?.window_end_minute ?? null,
      };
      const same =
        next === zone &&
        nextWindow.window_start_minute === weekly.window_start_minute &&
        nextWindow.window_end_minute === weekly.window_end_minute;
      if (same && tasks.length > 0) return;
      zone = next;
      weekly = nextWindow;
      schedule();
    },
    stop() {
      for (const task of tasks) void task.destroy();
      tasks = [];
    },
  };
}
