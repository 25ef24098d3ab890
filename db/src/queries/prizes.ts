import type { Knex } from 'knex';

import {
  COUNTRIES,
  PRIZE_REASONS,
  ageOn,
  bannedAt,
  finalStandings,
  isMinorOn,
  prizeEligibility,
  roundNumber,
  trophyRepeatWeeks,
  weekStart,
  weeklyRoundWinners,
  type BirthDate,
  type RoundGame,
  type RoundWinner,
} from '@ecup/domain';
import type { User } from '../models/User.ts';

import { liveRatingsSeasonId } from './live-ratings.ts';
import { findCurrentSeason, findSeason } from './seasons.ts';
import { trophyWeeklyWinners } from './trophies.ts';

/** The season fields the operator commands read. */
export interface OperatorSeason {
  id: number;
  name: string;
  time_zone: string;
  qualifiers_start: Date;
}

/**
 * The season an operator command works on: the one named, or else the current one (docs/decisions.md#season-and-time: the active
 * season with the highest id, as the API's `currentSeason`). Null when there is none.
 */
export async function findOperatorSeason(knex: Knex, seasonId?: number): Promise<OperatorSeason | null> {
  const row = seasonId === undefined ? await findCurrentSeason(knex) : await findSeason(knex, seasonId);
  if (!row) return null;
  return { id: row.id, name: row.name, time_zone: row.time_zone, qualifiers_start: new Date(row.qualifiers_start) };
}

/** The contact and eligibility columns every row of the prize export carries (docs/decisions.md#permissions). */
export interface PrizeContact {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  gamer_tag: string;
  country: string;
  /** YYYY-MM-DD. */
  birth_date: string;
  /** Whole years on the export date. */
  age: number;
  guardian_email: string | null;
  /** Whether the guardian confirmed; null for adults. */
  guardian_confirmed: boolean | null;
  eligible: boolean;
  /** Why not, when not eligible; empty otherwise. */
  reason: string;
}

export interface WeeklyRoundWinnerRow extends PrizeContact {
  /** 1 for the week the qualifiers start in. */
  round: number;
  /** That Monday's date in the season's zone. */
  week_date: string;
  elo_gain: number;
  games: number;
  wins: number;
}

export interface TrophyHuntWinnerRow extends PrizeContact {
  round: number;
  week_date: string;
  /** Place among the week's winners (1-6); null for a repeat, who is no winner. */
  position: number | null;
  /** When the trophy was secured (ISO 8601). */
  secured_at: string;
}

export interface FinalStandingRow extends PrizeContact {
  rank: number;
  elo: number;
  games_played: number;
  wins: number;
  losses: number;
  ties: number;
}

/** A player listed twice for the trophy-hunt prize (docs/decisions.md#trophy-hunt: one win per tournament). */
export interface TrophyRepeat {
  user_id: number;
  username: string;
  round: number;
  first_round: number;
}

export interface PrizeExport {
  season: { id: number; name: string };
  generated_at: string;
  weekly_round_winners: WeeklyRoundWinnerRow[];
  trophy_hunt_winners: TrophyHuntWinnerRow[];
  final_standings: FinalStandingRow[];
  trophy_repeats: TrophyRepeat[];
}

const CONTACT_COLUMNS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'gamer_tag',
  'country',
  'birth_date',
  'age',
  'guardian_email',
  'guardian_confirmed',
  'eligible',
  'reason',
] as const;

/** The CSV columns of each list, in order. */
export const PRIZE_CSV_COLUMNS = {
  weekly_round_winners: ['round', 'week_date', 'elo_gain', 'games', 'wins', 'user_id', ...CONTACT_COLUMNS],
  trophy_hunt_winners: ['round', 'week_date', 'position', 'secured_at', 'user_id', ...CONTACT_COLUMNS],
  final_standings: ['rank', 'elo', 'games_played', 'wins', 'losses', 'ties', 'user_id', ...CONTACT_COLUMNS],
} as const satisfies {
  weekly_round_winners: readonly (keyof WeeklyRoundWinnerRow)[];
  trophy_hunt_winners: readonly (keyof TrophyHuntWinnerRow)[];
  final_standings: readonly (keyof FinalStandingRow)[];
};

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

const USER_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'gamer_tag',
  'country_id',
  'birth_date',
  'guardian_email',
  'guardian_confirmed_at',
  'banned_until',
  'erased_at',
  'elo',
  'games_played',
  'wins',
  'losses',
  'ties',
] as const;

type UserRow = Pick<User, (typeof USER_COLUMNS)[number]>;

/** A user's contact columns and prize eligibility on the export date (`prizeEligibility`). */
function contactOf(row: UserRow, now: Date, extraReasons: readonly string[] = []): PrizeContact {
  const birth_date = new Date(row.birth_date).toISOString().slice(0, 10);
  const [year, month, day] = birth_date.split('-').map(Number) as [number, number, number];
  const birth: BirthDate = { year, month, day };
  const minor = isMinorOn(birth, now);
  const guardian_confirmed_at = row.guardian_confirmed_at === null ? null : new Date(row.guardian_confirmed_at);
  const { eligible, reason } = prizeEligibility(
    {
      birth_date: birth,
      guardian_confirmed_at,
      banned: bannedAt({ banned_until: row.banned_until }, now),
      erased: row.erased_at !== null,
    },
    now,
    extraReasons,
  );
  return {
    user_id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    gamer_tag: row.gamer_tag,
    country: COUNTRIES.find((country) => country.id === row.country_id)?.name ?? '',
    birth_date,
    age: ageOn(birth, now),
    guardian_email: row.guardian_email,
    guardian_confirmed: minor ? guardian_confirmed_at !== null : null,
    eligible,
    reason,
  };
}

async function usersById(knex: Knex, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await knex('users')
    .whereIn('id', [...new Set(ids)])
    .select(...USER_COLUMNS);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The players the qualifier lists rank (as the ranking API: not erased, not banned at `now`) among those with a
 * final game in the season.
 */
function rankedSeasonPlayers(knex: Knex, seasonId: number, now: Date): Knex.QueryBuilder {
  return knex('users')
    .whereNull('erased_at')
    .where((q) => q.whereNull('banned_until').orWhere('banned_until', '<=', now))
    .whereExists((q) =>
      q
        .select(knex.raw('1'))
        .from('games as g')
        .where('g.season_id', seasonId)
        .where('g.state', 'final')
        .where((w) => w.whereRaw('g.user_1_id = users.id').orWhereRaw('g.user_2_id = users.id')),
    );
}

/**
 * The weekly round winners as the rule picks them from the season's final games (docs/rules.md "Prizes": the
 * week's biggest Elo gain among the players ranked at `now`), one per week in week order.
 */
export async function computeRoundWinners(knex: Knex, seasonId: number, now: Date): Promise<RoundWinner[]> {
  const rows = await knex('games')
    .where({ season_id: seasonId, state: 'final' })
    .select(
      'week_start',
      'user_1_id',
      'user_2_id',
      'score_1',
      'score_2',
      'elo_1_before',
      'elo_1_after',
      'elo_2_before',
      'elo_2_after',
    );
  // A final game is rated: its scores and ratings before and after are set.
  const games: RoundGame[] = rows.map((row) => ({
    week_start_ms: new Date(row.week_start).getTime(),
    user_1: row.user_1_id,
    user_2: row.user_2_id,
    score_1: row.score_1!,
    score_2: row.score_2!,
    elo_change_1: row.elo_1_after! - row.elo_1_before!,
    elo_change_2: row.elo_2_after! - row.elo_2_before!,
  }));
  const candidates = new Set((await rankedSeasonPlayers(knex, seasonId, now).pluck('id')) as number[]);
  return weeklyRoundWinners(games, candidates);
}

/** The round winners recorded for a season's closed weeks (place 1 of each week), in week order. */
export async function recordedRoundWinners(knex: Knex, seasonId: number): Promise<RoundWinner[]> {
  const rows = await knex('round_winners')
    .where('season_id', seasonId)
    .orderBy([{ column: 'week_start' }, { column: 'place' }])
    .select('week_start', 'user_id', 'elo_gain', 'games', 'wins');
  return rows.map((row) => ({
    week_start_ms: new Date(row.week_start).getTime(),
    user_id: row.user_id,
    elo_gain: row.elo_gain,
    games: row.games,
    wins: row.wins,
  }));
}

/**
 * Weekly round winners for the export: the weeks the worker recorded when their window closed (`round_winners`),
 * and for any week not recorded (the running one, or one closed while no worker ran) the rule computed now.
 */
async function weeklyRoundWinnerRows(knex: Knex, season: OperatorSeason, now: Date): Promise<WeeklyRoundWinnerRow[]> {
  const recorded = await recordedRoundWinners(knex, season.id);
  const recordedWeeks = new Set(recorded.map((winner) => winner.week_start_ms));
  const computed = (await computeRoundWinners(knex, season.id, now)).filter(
    (winner) => !recordedWeeks.has(winner.week_start_ms),
  );
  const winners = [...recorded, ...computed].sort((a, b) => a.week_start_ms - b.week_start_ms);
  const users = await usersById(
    knex,
    winners.map((w) => w.user_id),
  );
  const firstWeek = weekStart(season.qualifiers_start, season.time_zone).getTime();
  return winners.map((winner) => ({
    round: roundNumber(winner.week_start_ms, firstWeek),
    week_date: dateIn(new Date(winner.week_start_ms), season.time_zone),
    elo_gain: winner.elo_gain,
    games: winner.games,
    wins: winner.wins,
    ...contactOf(users.get(winner.user_id)!, now),
  }));
}

/**
 * Trophy-hunt weekly winners (docs/decisions.md#trophy-hunt, `trophyWeeklyWinners`, as the admin console lists them), and after each
 * week's winners every player who secured a trophy that week although they won the prize in an earlier week: a
 * repeat, listed as not eligible (one win per tournament) so the operator sees it was checked.
 */
async function trophyHuntRows(
  knex: Knex,
  season: OperatorSeason,
  now: Date,
): Promise<{ rows: TrophyHuntWinnerRow[]; repeats: TrophyRepeat[] }> {
  const weeks = await trophyWeeklyWinners(knex, season.id);
  const securings: { user_id: number; secured_at: Date }[] = await knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .where('p.season_id', season.id)
    .where('t.state', 'secured')
    .orderBy([
      { column: 't.secured_at', order: 'asc' },
      { column: 't.id', order: 'asc' },
    ])
    .select('t.holder_user_id as user_id', 't.secured_at');
  const firstWeek = weekStart(season.qualifiers_start, season.time_zone).getTime();
  type Entry = { user_id: number; week_start: Date; position: number | null; secured_at: Date };
  const entries: Entry[] = [];
  const won = new Set<number>();
  for (const week of weeks) {
    week.winners.forEach((winner, index) =>
      entries.push({
        user_id: winner.user_id,
        week_start: week.week_start,
        position: index + 1,
        secured_at: winner.secured_at,
      }),
    );
    const listed = new Set(week.winners.map((w) => w.user_id));
    for (const row of securings) {
      const { user_id } = row;
      const secured_at = new Date(row.secured_at);
      if (weekStart(secured_at, season.time_zone).getTime() !== week.week_start.getTime()) continue;
      if (!won.has(user_id) || listed.has(user_id)) continue;
      listed.add(user_id);
      entries.push({ user_id, week_start: week.week_start, position: null, secured_at });
    }
    week.winners.forEach((winner) => won.add(winner.user_id));
  }
  const rounds = entries.map((entry) => roundNumber(entry.week_start.getTime(), firstWeek));
  const repeatOf = trophyRepeatWeeks(entries.map((entry, i) => ({ user_id: entry.user_id, week: rounds[i]! })));
  const users = await usersById(
    knex,
    entries.map((e) => e.user_id),
  );
  const repeats: TrophyRepeat[] = [];
  const rows = entries.map((entry, i) => {
    const first = repeatOf[i] ?? null;
    const user = users.get(entry.user_id)!;
    if (first !== null) {
      repeats.push({ user_id: entry.user_id, username: String(user.username), round: rounds[i]!, first_round: first });
    }
    return {
      round: rounds[i]!,
      week_date: dateIn(entry.week_start, season.time_zone),
      position: first === null ? entry.position : null,
      secured_at: entry.secured_at.toISOString(),
      ...contactOf(user, now, first === null ? [] : [PRIZE_REASONS.repeatTrophyWinner(first)]),
    };
  });
  return { rows, repeats };
}

/** The rating columns a finished season's standings keep in place of the live ones in `users`. */
const KEPT_RATINGS = new Set<string>(['elo', 'games_played', 'wins', 'losses', 'ties']);

/**
 * A finished season's ranked players with the ratings its standings kept (not erased, not banned at `now`, as the
 * ranking API): the live ratings in `users` belong to a later season.
 */
function keptSeasonPlayers(knex: Knex, seasonId: number, now: Date): Knex.QueryBuilder {
  return knex('season_standings as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.season_id', seasonId)
    .whereNotNull('s.rank')
    .whereNull('u.erased_at')
    .where((q) => q.whereNull('u.banned_until').orWhere('u.banned_until', '<=', now))
    .select(USER_COLUMNS.map((column) => `${KEPT_RATINGS.has(column) ? 's' : 'u'}.${column}`));
}

/**
 * The finalists: the top 16 of the season's ranked players in the ranking order (docs/decisions.md#elo), by the live ratings
 * for the season they belong to and by the kept standings for a finished season.
 */
async function finalStandingRows(knex: Knex, season: OperatorSeason, now: Date): Promise<FinalStandingRow[]> {
  const live = await liveRatingsSeasonId(knex);
  // The kept standings join `users` and `season_standings` under aliases, which knex does not type.
  const rows: UserRow[] = await (live === season.id
    ? rankedSeasonPlayers(knex, season.id, now).select(USER_COLUMNS)
    : keptSeasonPlayers(knex, season.id, now));
  const top = finalStandings(rows.map((row) => ({ id: row.id, elo: row.elo, games_played: row.games_played, row })));
  return top.map((player, index) => ({
    rank: index + 1,
    elo: player.elo,
    games_played: player.games_played,
    wins: player.row.wins,
    losses: player.row.losses,
    ties: player.row.ties,
    ...contactOf(player.row, now),
  }));
}

/**
 * `prizes:export` (docs/product.md#what-it-does, docs/product.md#constants; docs/decisions.md#elo, docs/decisions.md#trophy-hunt, docs/decisions.md#permissions): the season's weekly round winners, trophy-hunt weekly winners and
 * final standings, each row with the player's contact details and whether they may receive a prize on `now`.
 * Read-only.
 */
export async function prizeExport(knex: Knex, season: OperatorSeason, now: Date): Promise<PrizeExport> {
  const trophies = await trophyHuntRows(knex, season, now);
  return {
    season: { id: season.id, name: season.name },
    generated_at: now.toISOString(),
    weekly_round_winners: await weeklyRoundWinnerRows(knex, season, now),
    trophy_hunt_winners: trophies.rows,
    final_standings: await finalStandingRows(knex, season, now),
    trophy_repeats: trophies.repeats,
  };
}
