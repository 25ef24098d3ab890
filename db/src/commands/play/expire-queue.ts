import { QUEUE_KEEPALIVE_EXPIRY_MS } from '@ecup/domain';

import type { Sweep } from '../types.ts';

/**
 * Removes queue entries whose player stopped sending keepalives (docs/decisions.md#matchmaking: none for 20 s). An entry in a match
 * needs no keepalive and is left alone. Each entry goes with its own guarded delete (still unmatched, still stale),
 * so a keepalive or a match that lands first wins, and two workers running this at once remove each entry once.
 * Pushes nothing: the player's client has stopped talking, and its next call answers 'not in the queue'.
 */
export const expireQueueEntries: Sweep = async (knex, now) => {
  const cutoff = new Date(now.getTime() - QUEUE_KEEPALIVE_EXPIRY_MS);
  const stale = await knex('queue_entries').whereNull('match_id').where('keepalive_at', '<=', cutoff).select('id');
  for (const { id } of stale) {
    await knex('queue_entries').where('id', id).whereNull('match_id').where('keepalive_at', '<=', cutoff).delete();
  }
  return [];
};
