import type { Knex } from 'knex';
import {
  ACCEPT_WINDOW_MS,
  QUEUE_KEEPALIVE_EXPIRY_MS,
  blockedPairKey,
  isWindowOpen,
  pairPlayers,
  push,
  userRoom,
  type BlockedPairs,
  type PairingCandidate,
  type PlayerPair,
} from '@ecup/domain';
import { pushEvents, type Sweep } from '../types.ts';
import { matchPayloads } from '../../queries/game-players.ts';
import { playSeason, type MatchRow } from '../../queries/queue.ts';
import { transaction } from '../../services/transaction.ts';
import type { Block } from '../../models/Block.ts';
import type { Match } from '../../models/Match.ts';
import type { QueueEntry } from '../../models/QueueEntry.ts';

/** Pair transactions run side by side: pairs never share a player, so they never wait on each other. */
const PAIRING_PARALLELISM = 4;

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
 * The blocked pairs among the waiting players (decisions §10: a block is mutual for pairing): every block whose
 * blocker is waiting, kept when the blocked player waits too. One index range read on the blocks primary key.
 */
export async function blockedPairs(knex: Knex, candidates: readonly PairingCandidate[]): Promise<BlockedPairs> {
  if (candidates.length < 2) return new Set();
  const waiting = new Set(candidates.map((c) => c.user_id));
  const rows = (await knex('blocks')
    .whereIn('blocker_user_id', [...waiting])
    .select('blocker_user_id', 'blocked_user_id')) as Pick<Block, 'blocker_user_id' | 'blocked_user_id'>[];
  return new Set(
    rows
      .filter((row) => waiting.has(row.blocked_user_id))
      .map((row) => blockedPairKey(row.blocker_user_id, row.blocked_user_id)),
  );
}

/**
 * Turns one pair into a pending match with a 30 s accept deadline (spec §4, §9), in one transaction: both entries
 * are locked (SELECT … FOR UPDATE, in user order) and must still be unmatched in the season, then the match is
 * inserted and both entries point at it. Null when either player was matched, left or expired meanwhile.
 */
async function createMatch(trx: Knex, input: PlayerPair & { season_id: number; now: Date }): Promise<MatchRow | null> {
  const { season_id, user_1_id, user_2_id, now } = input;
  // Each entry is locked by its primary key, in user order: a locking read by the unique user key also locks the
  // gap before the entry (MariaDB 10.11), which held up other players' enters into that gap for as long as this
  // transaction ran.
  type Entry = Pick<QueueEntry, 'id' | 'user_id' | 'season_id' | 'match_id'>;
  const ids = (await trx('queue_entries')
    .whereIn('user_id', [user_1_id, user_2_id])
    .orderBy('user_id')
    .select('id')) as Pick<QueueEntry, 'id'>[];
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
 * One pairing pass (decisions §5: at least once a second and on every queue entry): reads who is waiting in the
 * active season while its window is open, pairs them with `pairPlayers` (never a blocked pair), and creates each match in its own
 * transaction (see `createMatch`). Both players of each new match get `match`. Two passes at once (two workers, or
 * a tick and an on-demand pass) cannot match a player twice: the second finds the entry taken and skips the pair.
 */
export const pairQueue: Sweep = async (knex, now) => {
  const season = await playSeason(knex);
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
