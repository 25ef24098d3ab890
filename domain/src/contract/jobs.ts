import type { NotificationKind } from './notifications.ts';
/**
 * Job queues shared by the API (producer) and the worker (consumer). Jobs carry ids, never copies of rows
 * (docs/conventions.md#after-commit), and timers and one-off jobs use fixed ids without ':' that are never all digits (docs/conventions.md#jobs).
 */
export const QUEUE_NAMES = {
  email: 'email',
  play: 'play',
  calendar: 'calendar',
} as const;

export interface JobMap {
  email: {
    'send-email': { email_id: number };
    'reconcile-emails': Record<string, never>;
    /** Tells players about something by Web Push and e-mail, each as they chose (docs/api.md "Notifications"). */
    notification: NotificationJobData;
  };
  play: {
    /** Every second (docs/decisions.md#matchmaking): keepalive expiry, accept timeouts, conflict escalation, then pairing. */
    'play-tick': Record<string, never>;
    /** A pairing pass at once, asked for by the API when a player enters the queue. */
    pair: Record<string, never>;
    /** A moderator changed a result after later games were rated: replay the ratings from that game on. */
    'elo-recalculate': EloRecalculateJobData;
  };
  /** Once per period of the season's local calendar (`calendarJobId`), whatever the number of workers. */
  calendar: {
    /** Monday 00:00: trophies still held from an earlier week go back to their pools (docs/decisions.md#trophy-hunt). */
    'reset-trophy-pools': CalendarJobData;
    /** Nightly: ended sessions and spent password-reset links are deleted (docs/decisions.md#minors-safety). */
    'clean-sessions': CalendarJobData;
    /** Nightly: masked lines' originals past CHAT_ORIGINAL_RETENTION_DAYS are deleted. */
    'clean-chat-originals': CalendarJobData;
    /** Nightly: uploaded evidence of conflicts solved SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS ago is deleted. */
    'clean-evidence': CalendarJobData;
    /** At the weekly window's opening: every connected player gets the season, so open apps switch to open. */
    'open-window': CalendarJobData;
    /** At the window's closing: the week's round winners are recorded, then every connected player gets the season. */
    'close-window': CalendarJobData;
  };
}

/**
 * One notification to some players: the kind, whom (ids) and what it is about (the game, thread or trophy id); the
 * worker reads the rest. Players who turned the kind off on both channels get nothing.
 */
export interface NotificationJobData {
  kind: NotificationKind;
  user_ids: number[];
  /** The game (result_submitted, conflict_solved), the thread (forum_reply) or the trophy (trophy_expiring). */
  subject_id: number | null;
}

/** The notification jobs of some events, ready for BullMQ's addBulk (retried like e-mails: sends are idempotent enough). */
export function notificationJobs(list: NotificationJobData[]) {
  return list.map((data) => ({
    name: 'notification' as const,
    data,
    opts: {
      attempts: 3,
      backoff: { type: 'exponential' as const, delay: EMAIL_JOB_BACKOFF_MS },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 1000 },
    },
  }));
}

/** What a calendar job carries: the period it runs for, as its job id names it (for the logs; the job reads the clock). */
export interface CalendarJobData {
  period: string;
}

/** Scheduler id of the play tick: one per period whatever the number of workers (docs/decisions.md#shape). */
export const PLAY_TICK_SCHEDULER_ID = 'play-tick';

/**
 * The on-demand pairing job. Its fixed id makes a burst of queue entries add one job while one is waiting; an
 * entry that arrives while a pass runs is paired by the next tick, at most a second later.
 */
export const PAIR_JOB = {
  name: 'pair' as const,
  data: {},
  opts: { jobId: 'pair-now', removeOnComplete: true, removeOnFail: true },
};

export type QueueName = keyof JobMap;

/** Which correction an Elo recalculation follows: the season, the corrected game and the edit's Elo history row. */
export interface EloRecalculateJobData {
  season_id: number;
  game_id: number;
  history_id: number;
}

/**
 * How an Elo recalculation is queued. Its id names the season, the starting game and the correction (its Elo
 * history row), so the same correction queued twice runs once, and a second correction of the same game while the
 * first one's job runs gets its own run. Retried with backoff: a deadlock with a result or a lost database is
 * temporary, and the job is idempotent.
 */
export function eloRecalculateJob(data: EloRecalculateJobData) {
  return {
    name: 'elo-recalculate' as const,
    data,
    opts: {
      jobId: `elo-recalculate-s${data.season_id}-g${data.game_id}-h${data.history_id}`,
      attempts: EMAIL_JOB_ATTEMPTS,
      backoff: { type: 'exponential' as const, delay: EMAIL_JOB_BACKOFF_MS },
      removeOnComplete: { count: 1000 },
      removeOnFail: false,
    },
  };
}

/** The BullMQ job id for sending one e-mail row: enqueuing it twice adds one job. */
export function emailJobId(emailId: number): string {
  return `email-${emailId}`;
}

/**
 * How every send-email job is queued, by the API and by the worker's reconciler alike: retried with exponential
 * backoff, and kept as failed for inspection when every attempt failed.
 */
export function emailJobOptions(emailId: number) {
  return {
    jobId: emailJobId(emailId),
    attempts: EMAIL_JOB_ATTEMPTS,
    backoff: { type: 'exponential' as const, delay: EMAIL_JOB_BACKOFF_MS },
    removeOnComplete: { count: 1000 },
    removeOnFail: false,
  };
}

/** The send-email jobs for a list of stored e-mails, ready for BullMQ's addBulk. */
export function emailJobs(emailIds: number[]) {
  return emailIds.map((email_id) => ({
    name: 'send-email' as const,
    data: { email_id },
    opts: emailJobOptions(email_id),
  }));
}

/** How often the worker re-queues e-mails whose rows say they still need sending. */
export const EMAIL_RECONCILE_EVERY_MS = 60_000;
/** Scheduler id of the e-mail reconciler: one per period whatever the number of workers (docs/decisions.md#shape). */
export const EMAIL_RECONCILE_SCHEDULER_ID = 'reconcile-emails';
/**
 * How long a finished calendar job stays in Redis: longer than its period (a week), so a worker that queues the
 * same period again, started late or on a moved test clock, finds its id and adds nothing.
 */
export const CALENDAR_JOB_KEEP_SECONDS = 8 * 24 * 60 * 60;
/**
 * How often each worker checks that the job schedulers still exist in Redis and registers any that are missing
 * (Redis flushed, or restarted without persistence: docs/decisions.md#shape, Redis is a cache), so no restart is needed.
 */
export const SCHEDULER_CHECK_EVERY_MS = 5_000;
/**
 * Times a job may be found stalled (its worker died holding it) and still be run again; after that it fails. Above
 * BullMQ's 1 so that a job caught by two worker crashes in a row is not lost; still bounded, so a job that itself
 * crashes its worker stops.
 */
export const MAX_STALLED_COUNT = 3;
/** Attempts before a failing e-mail job is kept as failed for inspection. */
export const EMAIL_JOB_ATTEMPTS = 8;
/** First retry delay; doubles on each attempt. */
export const EMAIL_JOB_BACKOFF_MS = 5_000;
