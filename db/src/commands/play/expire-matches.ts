import type { CommandEvent, Sweep } from '../types.ts';

import { expireMatch } from './close-match.ts';

import { answerCutoff } from '../../queries/queue.ts';

import { transaction } from '../../services/transaction.ts';

/**
 * Times out pending matches past their deadline and the 2 s grace (docs/product.md#states, docs/product.md#constants; see `expireMatch`): players who
 * had accepted return to the queue, the others leave it, and each gets `match-declined`. Every match is closed in its
 * own short transaction by a write guarded by state and deadline, so an accept that lands first wins, and a second
 * worker running the same sweep changes nothing.
 */
export const expireMatches: Sweep = async (knex, now) => {
  const due = await knex('matches')
    .where('state', 'pending')
    .where('deadline_at', '<', answerCutoff(now))
    .orderBy('deadline_at')
    .select('id');
  const events: CommandEvent[] = [];
  for (const { id } of due) {
    const done = await transaction(knex, (trx) => expireMatch(trx, id, now));
    if (done) events.push(...done);
  }
  return events;
};
