import { ANSWERABLE_GAME_STATES, CONFLICT_ESCALATION_MS, gameRoom, push, type Push } from '@ecup/domain';
import { pushEvents, type CommandEvent, type Sweep } from '../types.ts';
import { gameSummary } from '../../queries/games.ts';
import { transaction } from '../../services/transaction.ts';

/** Games moved per sweep; the next tick takes the rest. */
const BATCH = 200;

/**
 * The escalation sweep (docs/decisions.md#matchmaking: "If the opponent does nothing within 15 min of a submission or a dropped
 * report, the game goes to conflict"): every game in submitted or dropped whose submitted_at lies
 * CONFLICT_ESCALATION_MS or more in the past moves to conflict, each in its own transaction with a write guarded by
 * the state and the time, so two workers (or a verify at the same instant) change a game once. Pushes `score`
 * for each game it moved.
 */
export const escalateOverdueGames: Sweep = async (knex, now) => {
  const cutoff = new Date(now.getTime() - CONFLICT_ESCALATION_MS);
  const due = (await knex('games')
    .whereIn('state', ANSWERABLE_GAME_STATES)
    .where('submitted_at', '<=', cutoff)
    .orderBy('submitted_at')
    .limit(BATCH)
    .pluck('id')) as number[];
  const events: CommandEvent[] = [];
  for (const gameId of due) {
    const pushes = await transaction(knex, async (trx): Promise<Push[]> => {
      const changed = await trx('games')
        .where('id', gameId)
        .whereIn('state', ANSWERABLE_GAME_STATES)
        .where('submitted_at', '<=', cutoff)
        .update({ state: 'conflict', conflict: true });
      if (changed !== 1) return [];
      return [push(gameRoom(gameId), 'score', await gameSummary(trx, gameId, now))];
    });
    events.push(...pushEvents(pushes));
  }
  return events;
};
