import type { Knex } from 'knex';
import {
  TROPHY_WEEKLY_WINNERS,
  USER_STATS_FIELDS,
  countdownSeconds,
  isCurrentPoolWeek,
  isHuntOpen,
  weekStart,
  weeklyWinners,
  type HeldTrophyPayload,
  type Push,
  type UserStats,
} from '@ecup/domain';
import {
  ensureTrophyPool,
  loadTrophySeason,
  seasonOf,
  trophiesLeftIn,
  type SeasonColumns,
  type TrophySeason,
} from './trophy-hunt.ts';
import type { Trophy } from '../models/Trophy.ts';
import type { TrophyPool } from '../models/TrophyPool.ts';
import type { User } from '../models/User.ts';
import { presentStatsPush, statsFrom } from '../presenters/stats.ts';

/** This week's pool at `now`: trophies left of its size; null outside the hunt. Opens the pool if nobody has yet. */
export async function trophyPoolStatus(
  knex: Knex,
  season: TrophySeason,
  now: Date,
): Promise<{ pool_id: number; left: number; size: number } | null> {
  const pool = await ensureTrophyPool(knex, season, now);
  if (!pool) return null;
  return { pool_id: pool.id, left: await trophiesLeftIn(knex, pool.id), size: pool.size };
}

/** One current holder of an unsecured trophy, with the player fields the page shows. */
export type TrophyHolderRow = Pick<User, 'username' | 'avatar_hash' | 'gamer_tag' | 'birth_date' | 'hide_real_name'> &
  Pick<Trophy, 'wins'> & { trophy_id: Trophy['id']; user_id: User['id']; expires_at: Date };

/**
 * The players holding an unsecured trophy of this week's pool at `now`, still inside its 2-day window (the ones
 * to beat), closest to securing first: more wins in a row, then the one who reached that streak first. At most
 * `limit`; none outside the hunt.
 */
export async function trophyHolders(
  knex: Knex,
  season: TrophySeason,
  now: Date,
  limit: number,
): Promise<TrophyHolderRow[]> {
  if (!isHuntOpen(season, now)) return [];
  return await knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .join('users as u', 'u.id', 't.holder_user_id')
    .where('p.season_id', season.id)
    .where('p.week_start', weekStart(now, season.time_zone))
    .where('t.state', 'held')
    .where('t.expires_at', '>', now)
    .orderBy([
      { column: 't.wins', order: 'desc' },
      { column: 't.updated_at', order: 'asc' },
      { column: 't.id', order: 'asc' },
    ])
    .limit(limit)
    .select(
      't.id as trophy_id',
      'u.id as user_id',
      'u.username',
      'u.avatar_hash',
      'u.gamer_tag',
      'u.birth_date',
      'u.hide_real_name',
      't.wins',
      't.expires_at',
    );
}

/** A weekly trophy-hunt winner with what a prize export needs to reach them. */
export type TrophyWinnerRow = Pick<User, 'username' | 'first_name' | 'last_name' | 'email' | 'gamer_tag'> & {
  user_id: User['id'];
  /** When they secured the trophy that made them a winner (their first that week). */
  secured_at: Date;
};

/** One week of the hunt: Monday 00:00 in the season's zone, and its winners in order of securing. */
export interface TrophyWeekWinners {
  week_start: Date;
  winners: TrophyWinnerRow[];
}

/**
 * The weekly trophy-hunt winners of a season (docs/decisions.md#trophy-hunt; docs/product.md#constants: six a week, one prize per player per
 * tournament), for the admin console and the prize export: trophies secured (still secured: an edited result that
 * took a trophy back takes its win back too), grouped by the week of securing in the season's zone, oldest week
 * first, each week `weeklyWinners` over the securings in order with every earlier week's winners left out. Weeks
 * with securings but no new winner are listed with none.
 */
export async function trophyWeeklyWinners(knex: Knex, seasonId: number): Promise<TrophyWeekWinners[]> {
  const season = await loadTrophySeason(knex, seasonId);
  if (!season) return [];
  const rows: TrophyWinnerRow[] = await knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .join('users as u', 'u.id', 't.holder_user_id')
    .where('p.season_id', seasonId)
    .where('t.state', 'secured')
    .orderBy([
      { column: 't.secured_at', order: 'asc' },
      { column: 't.id', order: 'asc' },
    ])
    .select('u.id as user_id', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.gamer_tag', 't.secured_at');
  const weeks = new Map<number, TrophyWinnerRow[]>();
  for (const row of rows) {
    const week = weekStart(row.secured_at, season.time_zone).getTime();
    weeks.set(week, [...(weeks.get(week) ?? []), row]);
  }
  const earlier = new Set<number>();
  const answer: TrophyWeekWinners[] = [];
  for (const [week, secured] of [...weeks.entries()].sort((a, b) => a[0] - b[0])) {
    const ids = weeklyWinners(
      secured.map((s) => ({ user_id: s.user_id, secured_at_ms: s.secured_at.getTime() })),
      earlier,
      TROPHY_WEEKLY_WINNERS,
    );
    ids.forEach((id) => earlier.add(id));
    answer.push({ week_start: new Date(week), winners: ids.map((id) => secured.find((s) => s.user_id === id)!) });
  }
  return answer;
}

/**
 * A player's unsecured trophies in play at `now` (docs/product.md#entities Trophy stats: id, wins, time_active): held, inside its
 * 2-day window, from this week's pool of a season whose hunt runs. A trophy the worker has not yet sent back (it ran
 * out a moment ago, or its week ended) is not listed.
 */
export async function heldTrophiesOf(knex: Knex, userId: number, now: Date): Promise<HeldTrophyPayload[]> {
  return (await heldTrophiesOfPlayers(knex, [userId], now)).get(userId) ?? [];
}

/** {@link heldTrophiesOf} for several players in one query, by player id (an empty list for one holding none). */
export async function heldTrophiesOfPlayers(
  knex: Knex,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, HeldTrophyPayload[]>> {
  const byPlayer = new Map(userIds.map((id) => [id, [] as HeldTrophyPayload[]]));
  if (userIds.length === 0) return byPlayer;
  const rows: (Pick<Trophy, 'id' | 'wins'> &
    Pick<TrophyPool, 'week_start'> &
    Omit<SeasonColumns, 'id'> & { held_by: number; expires_at: Date; season_id: number })[] = await knex(
    'trophies as t',
  )
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .join('seasons as s', 's.id', 'p.season_id')
    .whereIn('t.held_by', [...new Set(userIds)])
    .select(
      't.held_by',
      't.id',
      't.wins',
      't.expires_at',
      'p.week_start',
      's.id as season_id',
      's.time_zone',
      's.qualifiers_start',
      's.trophy_hunt_end',
      's.active',
    );
  const nowMs = now.getTime();
  for (const row of rows) {
    const season = seasonOf({ ...row, id: row.season_id });
    const expiresMs = row.expires_at.getTime();
    if (!isHuntOpen(season, now) || expiresMs <= nowMs) continue;
    if (!isCurrentPoolWeek(row.week_start, season.time_zone, now)) continue;
    byPlayer.get(row.held_by)?.push({ id: row.id, wins: row.wins, time_active: countdownSeconds(expiresMs - nowMs) });
  }
  return byPlayer;
}

/** A player's stats as the `stats` event carries them (docs/product.md#entities User). */
export async function userStatsOf(knex: Knex, userId: number): Promise<UserStats> {
  return statsFrom((await knex('users').where('id', userId).first(USER_STATS_FIELDS)) as UserStats);
}

/**
 * The `stats` event for one player (presentStatsPush): their stats and unsecured trophies as this transaction
 * leaves them. `gameId` is null when no game caused the change (a trophy expired or was reset).
 */
export async function statsPush(knex: Knex, userId: number, gameId: number | null, now: Date): Promise<Push> {
  const stats = await userStatsOf(knex, userId);
  const trophies = await heldTrophiesOf(knex, userId, now);
  return presentStatsPush(userId, gameId, stats, trophies);
}
