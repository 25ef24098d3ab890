import type { Knex } from 'knex';
import { findCurrentSeason } from '../../queries/seasons.ts';
import { isWindowOpen, message, nextWindowOpening, type MatchmakingStatus } from '@ecup/domain';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { matchmakingStatus } from '../../queries/matchmaking-status.ts';
import { findEntry } from '../../queries/queue.ts';

/**
 * The queue keepalive (docs/product.md#states: every 6 s while queued and not matched; docs/decisions.md#matchmaking: an entry without one for 20 s
 * is removed). Renews an unmatched entry with a guarded write; a matched player needs none and just gets their
 * status. Not queued: 409 notInQueue. Once the weekly window has closed the keepalive is refused with the closed
 * message and not renewed, so the worker removes the entry.
 */
export async function keepalive(
  trx: Knex,
  input: { user_id: number; now: Date },
): Promise<CommandOutcome<MatchmakingStatus>> {
  const { user_id, now } = input;
  await trx('queue_entries').where({ user_id, match_id: null }).update({ keepalive_at: now });
  const entry = await findEntry(trx, user_id);
  if (!entry) throw new CommandRejected('conflict', 'notInQueue');
  if (entry.match_id === null) {
    const season = await findCurrentSeason(trx);
    if (!season || !isWindowOpen(season, now)) {
      const opensAt = season ? nextWindowOpening(season, now) : null;
      // Rolls the renewal back: the entry runs out.
      throw new CommandRejected(
        'conflict',
        message('matchmakingClosed', {
          opens_at: opensAt ? opensAt.toISOString() : null,
          time_zone: season?.time_zone ?? 'UTC',
        }),
      );
    }
  }
  return { result: await matchmakingStatus(trx, user_id, now), events: [] };
}
