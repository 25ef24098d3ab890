import type { Knex } from 'knex';
import {
  message,
  type GameCheck,
  type Message,
  type MessageName,
  type NotificationJobData,
  type Push,
} from '@ecup/domain';

/**
 * What a command asks the caller to do once its transaction has committed (docs/conventions.md#after-commit): send e-mails, close
 * revoked sessions' sockets, push real-time events (the API through socket.io, the worker through the emitter).
 */
export type CommandEvent =
  | { type: 'email'; email_id: number }
  | {
      type: 'sessions-revoked';
      user_id: number;
      kept_session_id: number | null;
      /** Only these sessions' sockets close (one session signed out); absent: every session but the kept one. */
      session_ids?: number[];
    }
  | { type: 'push'; push: Push }
  /** A result changed after later games were rated: the worker replays the ratings from that game on. */
  | { type: 'elo-recalculate'; season_id: number; game_id: number; history_id: number }
  /** A player entered the queue: the worker pairs at once rather than at its next tick (docs/decisions.md#matchmaking). */
  | { type: 'pairing-requested' }
  /** Tell players by Web Push and e-mail, as each chose (the worker's `notification` job). */
  | { type: 'notify'; notification: NotificationJobData };

export interface CommandOutcome<T> {
  result: T;
  events: CommandEvent[];
}

/**
 * A command refused its input; `kind` says how the API answers (400, 404, 409, 403). A refusal a player or the
 * console can meet carries its message with the code (`refusal`); an operator's refusal on the command line is
 * English text alone.
 */
export class CommandRejected extends Error {
  readonly refusal: Message | null;

  constructor(
    readonly kind: 'invalid' | 'not_found' | 'conflict' | 'forbidden',
    refusal: MessageName | Message | { operator: string },
  ) {
    const built = typeof refusal === 'string' ? message(refusal) : 'operator' in refusal ? null : refusal;
    super(built ? built.error : (refusal as { operator: string }).operator);
    this.refusal = built;
  }
}

/** Ids of the e-mails a command queued. */
export function emailIds(events: CommandEvent[]): number[] {
  return events.flatMap((event) => (event.type === 'email' ? [event.email_id] : []));
}

/** The real-time events a command asked for, in order. */
export function pushesOf(events: CommandEvent[]): Push[] {
  return events.flatMap((event) => (event.type === 'push' ? [event.push] : []));
}

/** The Elo recalculations a command asked for. */
export function eloRecalculations(events: CommandEvent[]) {
  return events.flatMap((event) => (event.type === 'elo-recalculate' ? [event] : []));
}

/** The notifications a command asked for. */
export function notificationsOf(events: CommandEvent[]): NotificationJobData[] {
  return events.flatMap((event) => (event.type === 'notify' ? [event.notification] : []));
}

/** A notification event for some players (none when the list is empty). */
export function notifyEvents(
  kind: NotificationJobData['kind'],
  userIds: number[],
  subjectId: number | null,
): CommandEvent[] {
  const user_ids = [...new Set(userIds)];
  return user_ids.length === 0 ? [] : [{ type: 'notify', notification: { kind, user_ids, subject_id: subjectId } }];
}

/** Wraps pushes as command events. */
export function pushEvents(pushes: Push[]): CommandEvent[] {
  return pushes.map((push) => ({ type: 'push' as const, push }));
}

/**
 * A worker sweep (docs/decisions.md#matchmaking): finds the rows whose time has come (expired keepalives, accept deadlines,
 * unanswered results, players to pair) and moves each with a state-guarded write in its own transaction, so running
 * it twice, or on two workers at once, changes things once. Answers the events of what it committed.
 */
export type Sweep = (knex: Knex, now: Date) => Promise<CommandEvent[]>;

/** Turns a domain refusal into the command's rejection (the API answers its kind's status). */
export function enforce(check: GameCheck): void {
  if (!check.ok) {
    const { ok: _ok, kind, ...refusal } = check;
    throw new CommandRejected(kind, refusal);
  }
}
