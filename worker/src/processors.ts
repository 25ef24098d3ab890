import type { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { emailJobs, notificationJobs, type NotificationJobData } from '@ecup/domain';
import { dispatchEvents, runEloRecalculation, unsentEmailIds, type Config, type Logger } from '@ecup/db';
import { type ImageStore } from '@ecup/storage';
import type { Calendar } from './calendar.ts';
import type { MailTransport } from '@ecup/mail';
import type { Processors } from './queues.ts';
import { sendEmail } from './jobs/send-email.ts';
import { cleanSessions } from './jobs/clean-sessions.ts';
import { cleanChatOriginals } from './jobs/clean-chat-originals.ts';
import { pairNow, playTick, type PlayJobDeps } from './jobs/play-tick.ts';
import { resetWeeklyTrophyPools } from './jobs/reset-trophy-pools.ts';
import { cleanEvidence } from './jobs/clean-evidence.ts';
import { closeWindow, openWindow } from './jobs/window.ts';
import { sendNotification } from './jobs/notification.ts';

/** Queues send-email jobs for stored e-mails by their fixed ids, so one whose job still exists is not queued twice. */
export async function requeueEmails(queue: Queue, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await queue.addBulk(emailJobs(ids));
}

/** Queues notification jobs (on the e-mail queue: both are messages leaving the site). */
export async function queueNotifications(queue: Queue, notifications: NotificationJobData[]): Promise<void> {
  if (notifications.length === 0) return;
  await queue.addBulk(notificationJobs(notifications));
}

/** E-mail sending and its reconciler (docs/decisions.md#shape), and the notifications by Web Push and e-mail. */
export function emailProcessors(deps: {
  knex: Knex;
  now: () => Date;
  transport: MailTransport;
  from: string;
  queue: Queue;
  config: Pick<Config, 'vapid' | 'publicUrl' | 'unsubscribeKey' | 'pushEndpointHostsForTests'>;
  log: Pick<Logger, 'warn'>;
}): Processors<'email'> {
  return {
    notification: (data) =>
      sendNotification(
        {
          knex: deps.knex,
          now: deps.now,
          config: deps.config,
          log: deps.log,
          sendEmails: (ids) => requeueEmails(deps.queue, ids),
        },
        data,
      ),
    'send-email': (data) => sendEmail({ knex: deps.knex, transport: deps.transport, from: deps.from }, data),
    'reconcile-emails': async () => {
      const ids = await unsentEmailIds(deps.knex, deps.now());
      await requeueEmails(deps.queue, ids);
      return { requeued: ids.length };
    },
  };
}

/**
 * The play loop (docs/decisions.md#matchmaking): the tick's sweeps, then the calendar's catch-up (so a period that began, on the
 * clock or on a moved test clock, is queued within a second), the on-demand pairing pass, and the Elo
 * recalculation after a corrected result, whose `stats` pushes go out once it committed.
 */
export function playProcessors(deps: PlayJobDeps & { calendar: Calendar }): Processors<'play'> {
  return {
    'play-tick': async () => {
      const done = await playTick(deps);
      await deps.calendar.catchUp();
      return done;
    },
    pair: () => pairNow(deps),
    'elo-recalculate': async (data) => {
      const { result, events } = await runEloRecalculation(deps.knex, { game_id: data.game_id, now: deps.now() });
      await dispatchEvents(events, deps.after);
      return result;
    },
  };
}

/** The calendar's jobs, one run per period (`calendar.ts`); each reads the worker's clock and is idempotent. */
export function calendarProcessors(
  deps: PlayJobDeps & { images: ImageStore; log: Pick<Logger, 'info'> },
): Processors<'calendar'> {
  return {
    'reset-trophy-pools': () => resetWeeklyTrophyPools(deps),
    'clean-sessions': () => cleanSessions(deps.knex, deps.now()),
    'clean-chat-originals': () => cleanChatOriginals(deps.knex, deps.now()),
    'clean-evidence': () => cleanEvidence({ knex: deps.knex, now: deps.now(), images: deps.images, log: deps.log }),
    'open-window': () => openWindow(deps),
    'close-window': () => closeWindow(deps),
  };
}
