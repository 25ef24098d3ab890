import type { Knex } from 'knex';
import { findCurrentSeason } from '../../queries/seasons.ts';
import { ACCEPT_WINDOW_MS, isWindowOpen, pairPlayers, push, userRoom, type PlayerPair } from '@ecup/domain';
import { pushEvents, type Sweep } from '../types.ts';

import { matchPayloads } from '../../queries/game-players.ts';
import { type MatchRow } from '../../queries/queue.ts';
import { blockedPairs, pairingCandidates } from '../../queries/pairing.ts';
import { transaction } from '../../services/transaction.ts';
import type { QueueEntry } from '../../models/QueueEntry.ts';

/** Pair transactions run side by side: pairs never share a player, so they never wait on each other. */
const PAIRING_PARALLELISM = 4;

/**
 * Turns one pair into a pending match with a 30 s accept deadline (docs/product.md#states, docs/product.md#constants), in one transaction: both entries
 * are locked (SELECT … FOR UPDATE, in user order) and must still be unmatched in the season, then the match is
 * inserted and both entries point at it. Null when either player was matched, left or expired meanwhile.
 */
async function createMatch(trx: Knex, input: PlayerPair & { season_id: number; now: Date }): Promise<MatchRow | null> {
  const { season_id, user_1_id, user_2_id, now } = input;
  // Each entry is locked by its primary key, in user order: a locking read by the unique user key also locks the
  // gap before the entry (MariaDB 10.11), which held up other players' enters into that gap for as long as this
  // transaction ran.
  type Entry = Pick<QueueEntry, 'id' | 'user_id' | 'season_id' | 'match_id'>;
  const ids = await trx('queue_entries').whereIn('user_id', [user_1_id, user_2_id]).orderBy('user_id').select('id');
  const entries: Entry[] = [];
  for (const { id } of ids) {
    const entry = (await trx('queue_entries')
      .where('id', id)
      .forUpdate()
      .first('id', 'user_id', 'season_id', 'match_id')) as Entry | undefined;
    if (entry) entries.push(entry);
  }
  if (entries.length !== 2 || entries.some((e) => e.match_id !== null || e.season_id !== season_id)) return null;
  const deadline_at = new Date(now.getTime() + ACCEPT_WINDOW_MS);
  const [inserted] = await trx('matches').insert({ season_id, user_1_id, user_2_id, deadline_at, created_at: now });
  const match_id = inserted!;
  await trx('queue_entries')
    .whereIn(
      'id',
      entries.map((e) => e.id),
    )
    .whereNull('match_id')
    .update({ match_id });
  return {
    id: match_id,
    season_id,
    user_1_id,
    user_2_id,
    state: 'pending',
    user_1_accepted_at: null,
    user_2_accepted_at: null,
    deadline_at,
  };
}

/**
 * One pairing pass (docs/decisions.md#matchmaking: at least once a second and on every queue entry): reads who is waiting in the
 * active season while its window is open, pairs them with `pairPlayers` (never a blocked pair), and creates each match in its own
 * transaction (see `createMatch`). Both players of each new match get `match`. Two passes at once (two workers, or
 * a tick and an on-demand pass) cannot match a player twice: the second finds the entry taken and skips the pair.
 */
export const pairQueue: Sweep = async (knex, now) => {
  const season = await findCurrentSeason(knex);
  if (!season || !isWindowOpen(season, now)) return [];
  const candidates = await pairingCandidates(knex, season.id, now);
  const pairs = pairPlayers(candidates, now.getTime(), await blockedPairs(knex, candidates));
  const created: (MatchRow | null)[] = new Array(pairs.length).fill(null);
  const failures: unknown[] = [];
  let next = 0;
  const lane = async () => {
    while (next < pairs.length) {
      const index = next++;
      try {
        created[index] = await transaction(knex, (trx) =>
          createMatch(trx, { ...pairs[index]!, season_id: season.id, now }),
        );
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAIRING_PARALLELISM, pairs.length) }, lane));
  const matches = created.filter((m): m is MatchRow => m !== null);
  // A failed pair stays queued for the next pass; the pass fails only when it matched nobody, so the committed
  // matches of a partly failed pass still reach their players.
  if (failures.length > 0 && matches.length === 0) throw failures[0];
  const payloads = await matchPayloads(knex, matches, now);
  return pushEvents(
    payloads.flatMap((payload) => [
      push(userRoom(payload.user_1.id), 'match', payload),
      push(userRoom(payload.user_2.id), 'match', payload),
    ]),
  );
};
