import type { Knex } from 'knex';
import { ACCEPT_GRACE_MS, ACCEPT_WINDOW_MS, QUEUE_PENALTY_COOLDOWN_MS, QUEUE_PENALTY_WINDOW_MS } from '@ecup/domain';
import { CommandRejected } from '../commands/types.ts';
import type { Match } from '../models/Match.ts';
import type { QueueEntry } from '../models/QueueEntry.ts';

const ENTRY_COLUMNS = ['id', 'user_id', 'season_id', 'elo', 'entered_at', 'keepalive_at', 'match_id'] as const;
const MATCH_COLUMNS = [
  'id',
  'season_id',
  'user_1_id',
  'user_2_id',
  'state',
  'user_1_accepted_at',
  'user_2_accepted_at',
  'deadline_at',
] as const;

/** A queue entry as the play commands read it (the QueueEntry model's columns). */
export type QueueEntryRow = Pick<QueueEntry, (typeof ENTRY_COLUMNS)[number]>;

/** A match as the play commands read it (the Match model's columns). */
export type MatchRow = Pick<Match, (typeof MATCH_COLUMNS)[number]>;

/** A player's queue entry, or undefined when they are not queued; `lock` reads the newest version FOR UPDATE. */
export async function findEntry(knex: Knex, userId: number, lock = false): Promise<QueueEntryRow | undefined> {
  const query = knex('queue_entries')
    .where('user_id', userId)
    .first(...ENTRY_COLUMNS);
  return lock ? query.forUpdate() : query;
}

/** A match by id; `lock` reads the newest version under a row lock (SELECT … FOR UPDATE). */
export async function findMatch(knex: Knex, matchId: number, lock = false): Promise<MatchRow | undefined> {
  const query = knex('matches')
    .where('id', matchId)
    .first(...MATCH_COLUMNS);
  return lock ? query.forUpdate() : query;
}

/** Latest instant at which a match's deadline still lets its players answer (deadline plus the 2 s grace). */
export function answerCutoff(now: Date): Date {
  return new Date(now.getTime() - ACCEPT_GRACE_MS);
}

/** Games the player has in the week that starts at `weekStart` (docs/product.md#constants: the weekly cap counts every game). */
export async function gamesInWeek(knex: Knex, userId: number, weekStart: Date): Promise<number> {
  let games = 0;
  for (const column of ['user_1_id', 'user_2_id']) {
    const row = (await knex('games').where(column, userId).where('week_start', weekStart).count('* as n').first()) as
      { n: number } | undefined;
    games += row?.n ?? 0;
  }
  return games;
}

/**
 * When the player missed a match recently (docs/decisions.md#matchmaking): declined it (leaving the queue while matched counts), or
 * let it run out without accepting. A miss counts at the time the match closed. Matches are found by creation time
 * (the index range): one created over an hour and five minutes (plus the accept window) ago closed only that late
 * if the worker was down, and is not held against the player.
 */
export async function recentMissTimes(knex: Knex, userId: number, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - QUEUE_PENALTY_WINDOW_MS - QUEUE_PENALTY_COOLDOWN_MS);
  const createdSince = new Date(since.getTime() - ACCEPT_WINDOW_MS - ACCEPT_GRACE_MS);
  const times: number[] = [];
  for (const side of [1, 2] as const) {
    const rows: { closed_at: Date }[] = await knex('matches')
      .where(`user_${side}_id`, userId)
      .where('created_at', '>=', createdSince)
      .where('closed_at', '>=', since)
      .where((q) =>
        q
          .where({ state: 'declined', declined_user_id: userId })
          .orWhere((e) => e.where('state', 'expired').whereNull(`user_${side}_accepted_at`)),
      )
      .select('closed_at');
    for (const row of rows) times.push(row.closed_at.getTime());
  }
  return times;
}

/**
 * The match a queued player answers (accept or decline). Not queued: 409 notInQueue; no match: 409
 * noMatchToAnswer.
 */
export async function matchToAnswer(trx: Knex, userId: number): Promise<MatchRow> {
  const entry = await findEntry(trx, userId);
  if (!entry) throw new CommandRejected('conflict', 'notInQueue');
  const match = entry.match_id === null ? undefined : await findMatch(trx, entry.match_id);
  if (!match) throw new CommandRejected('conflict', 'noMatchToAnswer');
  return match;
}
