import type { Knex } from 'knex';
import { CommandRejected, executeCommand, type AfterCommit, type CommandOutcome } from '@ecup/db';
import { HttpError } from '../errors.ts';
import type { AppDeps } from '../context.ts';
import { dropStaleReads } from './read-cache.ts';
import { dropRevokedSessions } from './verified-sessions.ts';

/** The HTTP status of each kind of refusal (docs/decisions.md#api-contract), for commands and for checks made before one runs. */
export const REFUSAL_STATUS = { invalid: 400, not_found: 404, conflict: 409, forbidden: 403 } as const;

/** What the API does once a command committed: all of the after-commit dispatcher's work. */
export function apiAfterCommit(deps: AppDeps): AfterCommit {
  return {
    log: deps.log,
    sendEmails: (ids) => deps.jobs.sendEmails(ids),
    disconnectSessions: deps.disconnectSessions,
    recalculateElo: (data) => deps.jobs.recalculateElo(data),
    requestPairing: () => deps.jobs.requestPairing(),
    notify: (notifications) => deps.jobs.notify(notifications),
    reactions: [dropStaleReads(deps.publicReads), dropRevokedSessions(deps.verifiedSessions)],
    publish: deps.publish,
  };
}

/**
 * The answer to a command's refusal: its status and message with the code. An operator's refusal (command line
 * only) has no player-facing message, so reaching the API with one is a fault and goes on as it is (a 500).
 */
export function refusedCommand(error: CommandRejected): Error {
  return error.refusal ? new HttpError(REFUSAL_STATUS[error.kind], error.refusal) : error;
}

/**
 * Runs one command through the after-commit dispatcher (`executeCommand`) and answers a refusal with its status.
 * `changes` names the cached public reads (CACHED_READS) the command changes: this process drops them at once.
 */
export async function runCommand<T>(
  deps: AppDeps,
  command: (trx: Knex) => Promise<CommandOutcome<T>>,
  options: { changes?: readonly string[] } = {},
): Promise<T> {
  const after = apiAfterCommit(deps);
  const changes = (): void => {
    for (const prefix of options.changes ?? []) deps.publicReads.drop(prefix);
  };
  try {
    return await executeCommand(deps.knex, command, {
      ...after,
      reactions: [changes, ...(after.reactions ?? [])],
    });
  } catch (error) {
    if (error instanceof CommandRejected) throw refusedCommand(error);
    throw error;
  }
}
