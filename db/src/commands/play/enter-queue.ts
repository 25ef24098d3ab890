import type { Knex } from 'knex';
import { findCurrentSeason } from '../../queries/seasons.ts';
import { checkQueueEntry, type Message, weekStart, type MatchmakingStatus } from '@ecup/domain';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import { matchmakingStatus } from '../../queries/matchmaking-status.ts';
import { openGameId } from '../../queries/active-game.ts';
import { gamesInWeek, recentMissTimes } from '../../queries/queue.ts';

/**
 * The queue cooldown refusal (docs/decisions.md#matchmaking): a conflict for any caller, and to the API a 429 whose Retry-After runs
 * to `until`.
 */
export class QueueCooldown extends CommandRejected {
  constructor(
    refusal: Message,
    readonly until: Date,
  ) {
    super('conflict', refusal);
  }
}

const REFUSAL_KIND = {
  console: 'forbidden',
  closed: 'conflict',
  open_game: 'conflict',
  weekly_cap: 'conflict',
} as const;

/**
 * A player enters the matchmaking queue (docs/product.md#states, docs/decisions.md#matchmaking; rule: `checkQueueEntry`). Idempotent: a player
 * already queued or matched keeps their entry as it is (the keepalive renews it) and gets their status.
 *
 * The entry is written first, with INSERT IGNORE on the one-entry-per-player key: a concurrent enter of the same
 * player waits on that key and then finds the entry, and a match of theirs that is closing (a game being created, or
 * a miss being counted) commits before this insert goes through. The checks read after it, so they see those
 * commits; a refusal rolls the insert back. A repeated enter writes nothing, so repeats at the same instant, which
 * all hold a shared lock on the existing entry, never wait on each other. Every enter that is not refused asks for a
 * pairing pass once it committed (event `pairing-requested`).
 *
 * The insert is a single-row INSERT … VALUES, not INSERT … SELECT: InnoDB holds a table-wide auto-increment lock
 * for the whole of an INSERT … SELECT, so one enter waiting on a row lock (a pairing in progress) made every other
 * enter wait behind it. Its values come from a locking read (the shared locks INSERT … SELECT took), which, unlike a
 * plain read, does not fix the transaction's snapshot before the insert.
 */
export async function enterQueue(
  trx: Knex,
  input: { user_id: number; now: Date },
): Promise<CommandOutcome<MatchmakingStatus>> {
  const { user_id, now } = input;
  // Both reads lock (a plain read, even as a subquery, would fix the snapshot here).
  const user = await trx('users').where('id', user_id).forShare().first('console', 'elo');
  if (!user) throw new CommandRejected('not_found', 'notFound');
  const active = await findCurrentSeason(trx, { forShare: true });
  if (active) {
    await trx.raw(
      `INSERT IGNORE INTO queue_entries (user_id, season_id, elo, entered_at, keepalive_at) VALUES (?, ?, ?, ?, ?)`,
      [user_id, active.id, user.elo, now, now],
    );
  }
  const season = await findCurrentSeason(trx);
  const check = checkQueueEntry({
    console: user.console,
    season: season ?? null,
    has_open_game: (await openGameId(trx, user_id)) !== null,
    games_this_week: season ? await gamesInWeek(trx, user_id, weekStart(now, season.time_zone)) : 0,
    miss_times_ms: await recentMissTimes(trx, user_id, now),
    now,
  });
  if (!check.ok) {
    if (check.reason === 'cooldown') throw new QueueCooldown(check.message, check.until);
    throw new CommandRejected(REFUSAL_KIND[check.reason], check.message);
  }
  return { result: await matchmakingStatus(trx, user_id, now), events: [{ type: 'pairing-requested' }] };
}
