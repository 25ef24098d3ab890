import type { Knex } from 'knex';
import { push, userRoom, type MatchDeclinedEvent } from '@ecup/domain';
import { pushEvents, type CommandEvent } from '../types.ts';
import { answerCutoff, findMatch, type MatchRow } from '../../queries/queue.ts';

/**
 * Sends one player of a closing match on: back to the queue with the timer and keepalive reset (docs/product.md#states: "returns
 * the user to the queue with timer reset"), or out of it. Only the entry still in this match is touched. Answers
 * whether the player is queued again.
 */
async function releasePlayer(trx: Knex, matchId: number, userId: number, requeue: boolean, now: Date) {
  const entry = trx('queue_entries').where({ user_id: userId, match_id: matchId });
  if (!requeue) {
    await entry.delete();
    return false;
  }
  const moved = await entry.update({ match_id: null, entered_at: now, keepalive_at: now });
  return moved === 1;
}

function declined(matchId: number, toUserId: number, event: Omit<MatchDeclinedEvent, 'match_id'>) {
  return push(userRoom(toUserId), 'match-declined', { match_id: matchId, ...event });
}

/**
 * A player declines a pending match (docs/product.md#states), or leaves the queue while in one, which counts the same: the match
 * closes as 'declined' with a state-guarded write, the decliner leaves the queue and the opponent returns to it.
 * Both get `match-declined` (the opponent with `requeued` true). `withinDeadline` refuses a match past its deadline
 * and grace, which only the timeout may close. Null when the match was no longer pending (nothing changed).
 */
export async function declineMatchAs(
  trx: Knex,
  input: { match: MatchRow; user_id: number; now: Date; withinDeadline: boolean },
): Promise<CommandEvent[] | null> {
  const { match, user_id, now } = input;
  const closing = trx('matches').where({ id: match.id, state: 'pending' });
  if (input.withinDeadline) closing.where('deadline_at', '>=', answerCutoff(now));
  const closed = await closing.update({ state: 'declined', declined_user_id: user_id, closed_at: now });
  if (closed === 0) return null;
  const opponent = match.user_1_id === user_id ? match.user_2_id : match.user_1_id;
  // Entries in ascending user order, as pairing locks them.
  const requeued = new Map<number, boolean>();
  for (const id of [user_id, opponent].sort((a, b) => a - b)) {
    requeued.set(id, await releasePlayer(trx, match.id, id, id === opponent, now));
  }
  const back = requeued.get(opponent) === true;
  return pushEvents([
    declined(match.id, opponent, { user_id, requeued: back, queued_at_ms: back ? now.getTime() : null }),
    declined(match.id, user_id, { user_id, requeued: false, queued_at_ms: null }),
  ]);
}

/**
 * A pending match past its deadline and grace times out (docs/product.md#states: "when the countdown passes -2 s"): it closes as
 * 'expired' with a write guarded by state and deadline, so an accept at the same instant and this timeout cannot
 * both win. A player who had accepted returns to the queue (`match-declined`, requeued, naming the opponent); one
 * who had not leaves it (`match-declined`, not requeued, naming themselves), which counts as a missed match.
 * Null when the match was not pending past its deadline any more.
 */
export async function expireMatch(trx: Knex, matchId: number, now: Date): Promise<CommandEvent[] | null> {
  const closed = await trx('matches')
    .where({ id: matchId, state: 'pending' })
    .where('deadline_at', '<', answerCutoff(now))
    .update({ state: 'expired', closed_at: now });
  if (closed === 0) return null;
  const match = (await findMatch(trx, matchId, true))!;
  const players = [
    { id: match.user_1_id, opponent: match.user_2_id, accepted: match.user_1_accepted_at !== null },
    { id: match.user_2_id, opponent: match.user_1_id, accepted: match.user_2_accepted_at !== null },
  ].sort((a, b) => a.id - b.id);
  const pushes = [];
  for (const player of players) {
    const back = await releasePlayer(trx, match.id, player.id, player.accepted, now);
    pushes.push(
      declined(match.id, player.id, {
        user_id: player.accepted ? player.opponent : player.id,
        requeued: back,
        queued_at_ms: back ? now.getTime() : null,
      }),
    );
  }
  return pushEvents(pushes);
}
