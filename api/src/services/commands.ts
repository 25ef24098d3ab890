import type { Knex } from 'knex';
import { CommandRejected, eloRecalculations, emailIds, pushesOf, transaction, type CommandOutcome } from '@ecup/db';
import { HttpError } from '../errors.ts';
import type { AppDeps } from '../context.ts';
import { CACHED_READS } from './read-cache.ts';

/** The HTTP status of each kind of refusal (decisions §2), for commands and for checks made before one runs. */
export const REFUSAL_STATUS = { invalid: 400, not_found: 404, conflict: 409, forbidden: 403 } as const;

/**
 * The answer to a command's refusal: its status and message with the code. An operator's refusal (command line
 * only) has no player-facing message, so reaching the API with one is a fault and goes on as it is (a 500).
 */
export function refusedCommand(error: CommandRejected): Error {
  return error.refusal ? new HttpError(REFUSAL_STATUS[error.kind], error.refusal) : error;
}

/**
 * Runs one command in a transaction (run again when it lost a deadlock), then its side effects once committed
 * (CONVENTIONS §6). A job that cannot be
 * queued right now is not lost: its row says it still needs work and the worker's reconciler picks it up.
 * `changes` names the cached public reads (CACHED_READS) the command changes: this process drops them at once.
 */
export async function runCommand<T>(
  deps: AppDeps,
  command: (trx: Knex) => Promise<CommandOutcome<T>>,
  options: { changes?: readonly string[] } = {},
): Promise<T> {
  let outcome: CommandOutcome<T>;
  try {
    outcome = await transaction(deps.knex, (trx) => command(trx));
  } catch (error) {
    if (error instanceof CommandRejected) throw refusedCommand(error);
    throw error;
  }
  for (const prefix of options.changes ?? []) deps.publicReads.drop(prefix);
  const emails = emailIds(outcome.events);
  if (emails.length > 0) {
    await deps.jobs.sendEmails(emails).catch((error: unknown) => {
      deps.log.warn(`e-mails ${emails.join(', ')} left for the reconciler: ${(error as Error).message}`);
    });
  }
  for (const event of outcome.events) {
    // decisions §2: revoked sessions lose their sockets too, not only their HTTP access.
    if (event.type === 'sessions-revoked' && deps.disconnectSessions) {
      await deps.disconnectSessions(event.user_id, event.kept_session_id, event.session_ids).catch((error: unknown) => {
        deps.log.warn(`could not close the sockets of user ${event.user_id}: ${(error as Error).message}`);
      });
    }
  }
  for (const { season_id, game_id, history_id } of eloRecalculations(outcome.events)) {
    // Not lost when Redis is away: `elo:rebuild` replays the same games and writes what differs.
    await deps.jobs.recalculateElo({ season_id, game_id, history_id }).catch((error: unknown) => {
      deps.log.error(
        `Elo recalculation after game ${game_id} could not be queued (run elo:rebuild): ${(error as Error).message}`,
      );
    });
  }
  const pushes = pushesOf(outcome.events);
  // A result made final or edited tells both players their new stats; this process's ranking pages go at once
  // (other processes' within their second, issue 10).
  if (pushes.some((p) => p.event === 'stats')) deps.publicReads.drop(CACHED_READS.ranking);
  if (pushes.length > 0) deps.publish(pushes);
  return outcome.result;
}
