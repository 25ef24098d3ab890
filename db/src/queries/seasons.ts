import type { Knex } from 'knex';
import { CHAT_MODE_DEFAULT, isChatMode, roundNumber, weekStart, type SeasonFields } from '@ecup/domain';
import type { Season } from '../models/Season.ts';
import { liveRatingsSeasonId } from './live-ratings.ts';
import { dateIn, recordedRoundWinners } from './prizes.ts';
import { trophyWeeklyWinners } from './trophies.ts';

/** The columns an operator may edit (`scripts season`), in the order the CLI lists them. */
export const SEASON_FIELD_COLUMNS = [
  'name',
  'product_name',
  'qualifiers_start',
  'qualifiers_end',
  'time_zone',
  'window_start_minute',
  'window_end_minute',
  'finals_date',
  'trophy_hunt_end',
  'prizes_text',
  'max_games_per_week',
  'start_countdown_at',
  'chat_mode',
] as const satisfies readonly (keyof SeasonFields)[];

const SEASON_COLUMNS = ['id', ...SEASON_FIELD_COLUMNS, 'active', 'created_at', 'updated_at'] as const;

/** A whole season row: the Season model's columns, `active` a boolean and `chat_mode` a known mode. */
export type SeasonRecord = Pick<Season, (typeof SEASON_COLUMNS)[number]>;

/** The row the driver gives: `active` is a TINYINT 0/1, `chat_mode` the stored text. */
type StoredSeason = Omit<SeasonRecord, 'active' | 'chat_mode'> & { active: number | boolean; chat_mode: string };

function recordOf(row: StoredSeason | undefined): SeasonRecord | null {
  if (!row) return null;
  return {
    ...row,
    chat_mode: isChatMode(row.chat_mode) ? row.chat_mode : CHAT_MODE_DEFAULT,
    active: Boolean(row.active),
  };
}

/**
 * The current season: the newest active one. The one read of it for the API, the worker, the CLI,
 * matchmaking and the seeds. `forShare` locks the row, for a transaction that must not fix its snapshot on a plain
 * read before it writes (entering the queue).
 */
export async function findCurrentSeason(
  knex: Knex,
  options: { forShare?: boolean } = {},
): Promise<SeasonRecord | null> {
  const query = knex<StoredSeason>('seasons').where('active', true).orderBy('id', 'desc');
  if (options.forShare) query.forShare();
  return recordOf(await query.first(SEASON_COLUMNS));
}

/** One season by id, or null; `forUpdate` locks its row for a change. */
export async function findSeason(
  knex: Knex,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<SeasonRecord | null> {
  const query = knex<StoredSeason>('seasons').where('id', id);
  if (options.forUpdate) query.forUpdate();
  return recordOf(await query.first(SEASON_COLUMNS));
}

export interface SeasonListRow {
  id: number;
  name: string;
  product_name: string;
  qualifiers_start: Date;
  qualifiers_end: Date;
  time_zone: string;
  current: boolean;
  players: number;
}

function seasonRows(knex: Knex): Knex.QueryBuilder {
  return knex('seasons as s').select(
    's.id',
    's.name',
    's.product_name',
    's.qualifiers_start',
    's.qualifiers_end',
    's.time_zone',
    knex.raw('(SELECT COUNT(*) FROM season_standings ss WHERE ss.season_id = s.id) AS players'),
  );
}

/**
 * The seasons players can read: the live ratings' season and every season with kept standings, newest first (a
 * season created for later, not yet played, is not listed).
 */
export async function seasonList(knex: Knex): Promise<SeasonListRow[]> {
  const live = await liveRatingsSeasonId(knex);
  const rows: Omit<SeasonListRow, 'current'>[] = await seasonRows(knex)
    .where((q) => {
      q.whereExists((e) => e.select(knex.raw('1')).from('season_standings as ss').whereRaw('ss.season_id = s.id'));
      if (live !== null) q.orWhere('s.id', live);
    })
    .orderBy('s.id', 'desc');
  return rows.map((row) => ({ ...row, current: row.id === live }));
}

/** One listed season by id, or null when there is none (or it is not listed: not played yet). */
export async function findListedSeason(knex: Knex, id: number): Promise<SeasonListRow | null> {
  const live = await liveRatingsSeasonId(knex);
  const row: Omit<SeasonListRow, 'current'> | undefined = await seasonRows(knex).where('s.id', id).first();
  if (!row || (row.id !== live && row.players === 0)) return null;
  return { ...row, current: row.id === live };
}

export interface SeasonPlayerRow {
  username: string;
  country_code: string | null;
  country_name: string | null;
}

export type SeasonStandingRow = SeasonPlayerRow & {
  rank: number;
  elo: number;
  wins: number;
  ties: number;
  losses: number;
  games_played: number;
};

/** A finished season's final standings in rank order, the first `amount` places. */
export async function seasonStandings(knex: Knex, seasonId: number, amount: number): Promise<SeasonStandingRow[]> {
  // Aliased tables and joined columns (`s.rank`, `c.code as country_code`) are beyond knex's table typing.
  return await knex('season_standings as s')
    .join('users as u', 'u.id', 's.user_id')
    .leftJoin('countries as c', 'c.id', 'u.country_id')
    .where('s.season_id', seasonId)
    .whereNotNull('s.rank')
    .orderBy('s.rank')
    .limit(amount)
    .select(
      's.rank',
      's.elo',
      's.wins',
      's.ties',
      's.losses',
      's.games_played',
      'u.username',
      'c.code as country_code',
      'c.name as country_name',
    );
}

async function playersById(knex: Knex, ids: number[]): Promise<Map<number, SeasonPlayerRow>> {
  if (ids.length === 0) return new Map();
  const rows: (SeasonPlayerRow & {
    id: number;
  })[] = await knex('users as u')
    .leftJoin('countries as c', 'c.id', 'u.country_id')
    .whereIn('u.id', [...new Set(ids)])
    .select('u.id', 'u.username', 'c.code as country_code', 'c.name as country_name');
  return new Map(rows.map((row) => [row.id, row]));
}

export interface SeasonWinnersRows {
  round_winners: (SeasonPlayerRow & { round: number; week_date: string; elo_gain: number })[];
  trophy_winners: { round: number; week_date: string; winners: SeasonPlayerRow[] }[];
}

/** A season's recorded weekly round winners and its trophy-hunt weekly winners, week by week. */
export async function seasonWinners(knex: Knex, season: SeasonListRow): Promise<SeasonWinnersRows> {
  const [rounds, trophies] = await Promise.all([
    recordedRoundWinners(knex, season.id),
    trophyWeeklyWinners(knex, season.id),
  ]);
  const players = await playersById(knex, [
    ...rounds.map((winner) => winner.user_id),
    ...trophies.flatMap((week) => week.winners.map((winner) => winner.user_id)),
  ]);
  const firstWeek = weekStart(season.qualifiers_start, season.time_zone).getTime();
  return {
    round_winners: rounds.map((winner) => ({
      ...players.get(winner.user_id)!,
      round: roundNumber(winner.week_start_ms, firstWeek),
      week_date: dateIn(new Date(winner.week_start_ms), season.time_zone),
      elo_gain: winner.elo_gain,
    })),
    trophy_winners: trophies.map((week) => ({
      round: roundNumber(week.week_start.getTime(), firstWeek),
      week_date: dateIn(week.week_start, season.time_zone),
      winners: week.winners.map((winner) => players.get(winner.user_id)!),
    })),
  };
}

export interface PastSeasonRow {
  season_id: number;
  name: string;
  rank: number | null;
  elo: number;
  games_played: number;
}

/** A player's finished seasons, newest first. */
export async function pastSeasonsOf(knex: Knex, userId: number): Promise<PastSeasonRow[]> {
  // Aliased tables and joined columns (`z.name`) are beyond knex's table typing.
  return await knex('season_standings as s')
    .join('seasons as z', 'z.id', 's.season_id')
    .where('s.user_id', userId)
    .orderBy('s.season_id', 'desc')
    .select('s.season_id', 'z.name', 's.rank', 's.elo', 's.games_played');
}
