import type { Knex } from 'knex';
import type { EloRecalculateJobData, NotificationJobData, Push } from '@ecup/domain';
import { emailIds, notificationsOf, pushesOf, type CommandEvent, type CommandOutcome } from '../commands/types.ts';
import { transaction } from './transaction.ts';

/**
 * What a process does with the events of a committed command (docs/conventions.md#after-commit). Each process gives what it has: the
 * API all of them, the worker its emitter, the CLI none (no Redis; the worker's reconciler sends its e-mails). An
 * event with no handler here is left to the process that has one: nothing in it is lost by waiting.
 */
export interface AfterCommit {
  log: { warn(message: string): void; error(message: string): void };
  /** Queues the sending of stored e-mail rows. */
  sendEmails?: (emailIds: number[]) => Promise<void>;
  /** Closes revoked sessions' sockets on every API process (docs/decisions.md#api-contract). */
  disconnectSessions?: (userId: number, keptSessionId: number | null, onlySessionIds?: number[]) => Promise<void>;
  /** Queues the worker's Elo replay after a corrected result. */
  recalculateElo?: (data: EloRecalculateJobData) => Promise<void>;
  /** Queues the worker's notification jobs (Web Push and e-mail, as each player chose). */
  notify?: (notifications: NotificationJobData[]) => Promise<void>;
  /** Asks the worker for a pairing pass now (docs/decisions.md#matchmaking: "on every enter"). */
  requestPairing?: () => Promise<void>;
  /** What the process's caches do about committed events, declared beside each cache; before the pushes go out. */
  reactions?: readonly ((events: CommandEvent[]) => void)[];
  /** Emits real-time events to their rooms; fire and forget (clients re-read after a reconnect, docs/decisions.md#real-time). */
  publish?: (pushes: Push[]) => void;
}

/**
 * Carries out a committed command's events, in this order: e-mails, sockets of revoked sessions, the Elo replay, the
 * pairing request, the notifications, the caches' reactions, then the pushes. A job that cannot be queued right now is not lost: the
 * e-mail's row says it is unsent (the worker's reconciler), `elo:rebuild` replays the same games, the play tick pairs
 * within a second.
 */
export async function dispatchEvents(events: CommandEvent[], to: AfterCommit): Promise<void> {
  const emails = emailIds(events);
  if (emails.length > 0 && to.sendEmails) {
    await to.sendEmails(emails).catch((error: unknown) => {
      to.log.warn(`e-mails ${emails.join(', ')} left for the reconciler: ${(error as Error).message}`);
    });
  }
  for (const event of events) {
    if (event.type === 'sessions-revoked' && to.disconnectSessions) {
      await to.disconnectSessions(event.user_id, event.kept_session_id, event.session_ids).catch((error: unknown) => {
        to.log.warn(`could not close the sockets of user ${event.user_id}: ${(error as Error).message}`);
      });
    }
    if (event.type === 'elo-recalculate' && to.recalculateElo) {
      const { season_id, game_id, history_id } = event;
      await to.recalculateElo({ season_id, game_id, history_id }).catch((error: unknown) => {
        to.log.error(
          `Elo recalculation after game ${game_id} could not be queued (run elo:rebuild): ${(error as Error).message}`,
        );
      });
    }
  }
  if (to.requestPairing && events.some((event) => event.type === 'pairing-requested')) {
    await to.requestPairing().catch((error: unknown) => {
      to.log.warn(`pairing request left to the tick: ${(error as Error).message}`);
    });
  }
  const notifications = notificationsOf(events);
  if (notifications.length > 0 && to.notify) {
    await to.notify(notifications).catch((error: unknown) => {
      to.log.warn(
        `notifications (${notifications.map((n) => n.kind).join(', ')}) not queued: ${(error as Error).message}`,
      );
    });
  }
  for (const react of to.reactions ?? []) react(events);
  const pushes = pushesOf(events);
  if (pushes.length > 0) to.publish?.(pushes);
}

/**
 * Runs one command in its own transaction (again when it lost a deadlock), then its events once committed: the one
 * way the API's routes, the worker's jobs and the CLI run a command.
 */
export async function executeCommand<T>(
  knex: Knex,
  command: (trx: Knex.Transaction) => Promise<CommandOutcome<T>>,
  to: AfterCommit,
  config?: Knex.TransactionConfig,
): Promise<T> {
  const { result, events } = await transaction(knex, command, config);
  await dispatchEvents(events, to);
  return result;
}
