import type { Knex } from 'knex';
import { QUEUE_KEEPALIVE_EXPIRY_MS, blockedPairKey, type BlockedPairs, type PairingCandidate } from '@ecup/domain';
import type { Match } from '../models/Match.ts';
import type { QueueEntry } from '../models/QueueEntry.ts';

/** A waiting entry with its player's latest match as user 1 (a) and as user 2 (b), when there is one. */
type CandidateRow = Pick<QueueEntry, 'user_id' | 'elo' | 'entered_at'> & {
  opponent_a: Match['user_2_id'] | null;
  at_a: Match['created_at'] | null;
  id_a: Match['id'] | null;
  opponent_b: Match['user_1_id'] | null;
  at_b: Match['created_at'] | null;
  id_b: Match['id'] | null;
};

/** The later of a player's latest match as user 1 (a) and as user 2 (b): its opponent, or null. */
function lastOpponent(row: CandidateRow): number | null {
  if (row.id_a === null) return row.opponent_b;
  if (row.id_b === null) return row.opponent_a;
  const a = row.at_a!.getTime();
  const b = row.at_b!.getTime();
  return a > b || (a === b && row.id_a > row.id_b) ? row.opponent_a : row.opponent_b;
}

/**
 * The players waiting for a match in a season: unmatched entries with a live keepalive, each with the opponent of
 * their latest match. One statement; each player's latest match is two index dives (matches by user and time).
 */
export async function pairingCandidates(knex: Knex, seasonId: number, now: Date): Promise<PairingCandidate[]> {
  const alive = new Date(now.getTime() - QUEUE_KEEPALIVE_EXPIRY_MS);
  const [rows] = (await knex.raw(
    `SELECT q.user_id, q.elo, q.entered_at,
       a.user_2_id AS opponent_a, a.created_at AS at_a, a.id AS id_a,
       b.user_1_id AS opponent_b, b.created_at AS at_b, b.id AS id_b
     FROM (
       SELECT e.user_id, e.elo, e.entered_at,
         (SELECT m.id FROM matches m WHERE m.user_1_id = e.user_id ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
           AS last_a,
         (SELECT m.id FROM matches m WHERE m.user_2_id = e.user_id ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
           AS last_b
       FROM queue_entries e
       WHERE e.season_id = ? AND e.match_id IS NULL AND e.keepalive_at > ?
     ) q
     LEFT JOIN matches a ON a.id = q.last_a
     LEFT JOIN matches b ON b.id = q.last_b`,
    [seasonId, alive],
  )) as [CandidateRow[]];
  return rows.map((row) => ({
    user_id: row.user_id,
    elo: row.elo,
    entered_at_ms: row.entered_at.getTime(),
    last_opponent_id: lastOpponent(row),
  }));
}

/**
 * The blocked pairs among the waiting players (a block is mutual for pairing): every block whose
 * blocker is waiting, kept when the blocked player waits too. One index range read on the blocks primary key.
 */
export async function blockedPairs(knex: Knex, candidates: readonly PairingCandidate[]): Promise<BlockedPairs> {
  if (candidates.length < 2) return new Set();
  const waiting = new Set(candidates.map((c) => c.user_id));
  const rows = await knex('blocks')
    .whereIn('blocker_user_id', [...waiting])
    .select('blocker_user_id', 'blocked_user_id');
  return new Set(
    rows
      .filter((row) => waiting.has(row.blocked_user_id))
      .map((row) => blockedPairKey(row.blocker_user_id, row.blocked_user_id)),
  );
}
