import type { Knex } from 'knex';
import { push, userRoom, type MatchmakingStatus } from '@ecup/domain';
import { CommandRejected, type CommandEvent, type CommandOutcome } from '../types.ts';
import { declineMatchAs, expireMatch } from './close-match.ts';
import { matchmakingStatus } from '../../queries/matchmaking-status.ts';
import { findEntry, findMatch } from '../../queries/queue.ts';

/** The leaver's own `match-declined` says they are out of the queue. */
function asLeft(event: CommandEvent, userId: number): CommandEvent {
  if (event.type !== 'push' || event.push.event !== 'match-declined' || event.push.room !== userRoom(userId)) {
    return event;
  }
  const payload = { ...event.push.payload, requeued: false, queued_at_ms: null };
  return { type: 'push', push: push(event.push.room, 'match-declined', payload) };
}

/**
 * A player leaves the queue (docs/product.md#states: also when leaving the play screen). An unmatched entry goes with a guarded
 * delete. In a pending match, leaving counts as declining it (docs/decisions.md#matchmaking): the opponent returns to the queue. A
 * match already past its deadline and grace is timed out first, as the worker would, and the player then leaves.
 * Not queued: 409 notInQueue. A matched entry is left alone until the match is locked, in the order accept, decline
 * and the timeout lock them (match, then entries).
 */
export async function leaveQueue(
  trx: Knex,
  input: { user_id: number; now: Date },
): Promise<CommandOutcome<MatchmakingStatus>> {
  const { user_id, now } = input;
  let entry = await findEntry(trx, user_id);
  if (entry?.match_id === null) {
    const left = await trx('queue_entries').where({ user_id, match_id: null }).delete();
    if (left === 1) return { result: await matchmakingStatus(trx, user_id, now), events: [] };
    // Paired or removed since the read: look again, under the row lock the delete took.
    entry = await findEntry(trx, user_id, true);
  }
  if (!entry?.match_id) throw new CommandRejected('conflict', 'notInQueue');
  const match = (await findMatch(trx, entry.match_id))!;
  const closed =
    (await declineMatchAs(trx, { match, user_id, now, withinDeadline: true })) ??
    (await expireMatch(trx, match.id, now));
  if (!closed) throw new CommandRejected('conflict', 'notInQueue');
  // A player who had accepted a timed-out match was put back in the queue; they are leaving, so they are out.
  await trx('queue_entries').where({ user_id, match_id: null }).delete();
  const events = closed.map((event) => asLeft(event, user_id));
  return { result: await matchmakingStatus(trx, user_id, now), events };
}
