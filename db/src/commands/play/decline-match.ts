import type { Knex } from 'knex';
import type { MatchmakingStatus } from '@ecup/domain';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { declineMatchAs } from './close-match.ts';
import { matchToAnswer } from '../../queries/queue.ts';
import { matchmakingStatus } from '../../queries/matchmaking-status.ts';

/**
 * A matched player declines (docs/product.md#states "Decline leaves the queue"): the decliner leaves the queue, the opponent returns
 * to it with the timer reset and gets `match-declined` with `requeued` true (see `declineMatchAs`). The decline counts
 * as a miss for the queue cooldown. Not queued: 409 notInQueue; no pending match, or one past its deadline and
 * grace (only the timeout closes it then): 409 noMatchToAnswer.
 */
export async function declineMatch(
  trx: Knex,
  input: { user_id: number; now: Date },
): Promise<CommandOutcome<MatchmakingStatus>> {
  const { user_id, now } = input;
  const match = await matchToAnswer(trx, user_id);
  const events = await declineMatchAs(trx, { match, user_id, now, withinDeadline: true });
  if (!events) throw new CommandRejected('conflict', 'noMatchToAnswer');
  return { result: await matchmakingStatus(trx, user_id, now), events };
}
