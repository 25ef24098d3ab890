import type { Knex } from 'knex';
import type {
  ConsoleId,
  EloPoint,
  GroupRankingEntry,
  GroupRankingSort,
  HistoryState,
  PlayerGameEntry,
  PlayerGroup,
} from '@ecup/domain';
import type { Game } from '../models/Game.ts';
import type { User } from '../models/User.ts';
import { containsPattern, like } from '../services/like.ts';
import { rankOf, rankedUsers } from './ranking.ts';
import { seasonZoneColumn } from './privacy.ts';
import { findCurrentSeason } from './seasons.ts';

/** How many final games a profile lists. */
export const PROFILE_GAMES = 20;

const PROFILE_COLUMNS = [
  'u.id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.avatar_hash',
  'u.console',
  'u.gamer_tag',
  'u.team_name',
  'u.team_avatar_hash',
  'u.fifa_team_name',
  'u.elo',
  'u.games_played',
  'u.wins',
  'u.ties',
  'u.losses',
  'u.scored_goals',
  'u.conceded_goals',
  'u.secured_trophies',
  'u.forum_post_count',
  'u.birth_date',
  'u.hide_real_name',
  'c.code as country_code',
  'c.name as country_name',
] as const;

/** A profile's `users` row with its country, as {@link findProfile} reads it. */
export type ProfileRow = Pick<
  User,
  | 'id'
  | 'username'
  | 'first_name'
  | 'last_name'
  | 'avatar_hash'
  | 'gamer_tag'
  | 'team_name'
  | 'team_avatar_hash'
  | 'fifa_team_name'
  | 'elo'
  | 'games_played'
  | 'wins'
  | 'ties'
  | 'losses'
  | 'scored_goals'
  | 'conceded_goals'
  | 'secured_trophies'
  | 'forum_post_count'
  | 'birth_date'
  | 'hide_real_name'
> & {
  console: ConsoleId;
  /** The current season's time zone, which decides when a birthday counts (never sent). */
  season_time_zone: string | null;
  country_code: string | null;
  country_name: string | null;
  rank: number | null;
};

/**
 * The public figures of the player with this username (any case), or undefined when there is none: erased accounts
 * have no profile. The birth date is read only to decide what the page may show (presentProfile); it is never sent.
 */
export async function findProfile(knex: Knex, username: string, now: Date): Promise<ProfileRow | undefined> {
  const row: Omit<ProfileRow, 'rank'> | undefined = await knex('users as u')
    .leftJoin('countries as c', 'c.id', 'u.country_id')
    .where('u.username', username)
    .whereNull('u.erased_at')
    .first([...PROFILE_COLUMNS, seasonZoneColumn(knex)]);
  if (!row) return undefined;
  const banned = await knex('users').where('id', row.id).where('banned_until', '>', now).first('id');
  const rank = banned ? null : await rankOf(knex, row, now);
  return { ...row, rank };
}

type GameColumns = Pick<
  Game,
  'id' | 'state' | 'score_1' | 'score_2' | 'conflict' | 'elo_1_before' | 'elo_1_after' | 'elo_2_before' | 'elo_2_after'
>;

/** One side's view of the games table: the player's own columns first, whichever seat they had. */
function side(knex: Knex, userId: number, seat: 1 | 2, state: HistoryState | null): Knex.QueryBuilder {
  const own = seat;
  const other = seat === 1 ? 2 : 1;
  const query = knex('games')
    .where(`user_${own}_id`, userId)
    .select(
      'id as game_id',
      'state',
      `user_${other}_id as opponent_id`,
      `score_${own} as score_own`,
      `score_${other} as score_opponent`,
      knex.raw(`elo_${own}_after - elo_${own}_before AS elo_change`),
      'conflict',
      knex.raw('COALESCE(final_at, created_at) AS at'),
    );
  return state === null ? query : query.where('state', state);
}

interface SideRow {
  game_id: number;
  state: HistoryState;
  opponent_id: number;
  score_own: number | null;
  score_opponent: number | null;
  elo_change: number | null;
  conflict: GameColumns['conflict'] | number;
  at: Date;
}

/**
 * A page of a player's games, newest first (when made final, else when started), optionally of one state; each
 * seat's half reads its own (user_N_id, state) index.
 */
export async function playerGames(
  knex: Knex,
  input: { userId: number; state: HistoryState | null; start: number; amount: number },
): Promise<{ games: PlayerGameEntry[]; total: number }> {
  const both = () =>
    knex
      .from(
        side(knex, input.userId, 1, input.state)
          .unionAll(side(knex, input.userId, 2, input.state), true)
          .as('g'),
      )
      .as('g');
  const [rows, counted] = await Promise.all([
    both()
      .select('*')
      .orderBy([
        { column: 'at', order: 'desc' },
        { column: 'game_id', order: 'desc' },
      ])
      .offset(input.start)
      .limit(input.amount) as Promise<SideRow[]>,
    both().count({ total: '*' }) as Promise<{ total: number }[]>,
  ]);
  const opponents = new Map(
    (
      await knex('users')
        .whereIn('id', [...new Set(rows.map((row) => row.opponent_id))])
        .select('id', 'username', 'avatar_hash')
    ).map((user) => [user.id, user]),
  );
  return {
    games: rows.map((row) => {
      const opponent = opponents.get(row.opponent_id);
      return {
        game_id: row.game_id,
        state: row.state,
        opponent: {
          id: row.opponent_id,
          username: opponent?.username ?? '',
          avatar_hash: opponent?.avatar_hash ?? null,
        },
        score_own: row.score_own,
        score_opponent: row.score_opponent,
        elo_change: row.state === 'final' ? row.elo_change : null,
        conflict: Boolean(row.conflict),
        at: new Date(row.at).toISOString(),
      };
    }),
    total: counted[0]!.total,
  };
}

/**
 * The player's rating after each final game of the active season, oldest first, and the rating the season started
 * them at (the rating before their first game of it, else their rating now).
 */
export async function seasonEloHistory(
  knex: Knex,
  user: { id: number; elo: number },
): Promise<{ start: number; points: EloPoint[] }> {
  const season = await findCurrentSeason(knex);
  if (!season) return { start: user.elo, points: [] };
  const half = (seat: 1 | 2) =>
    knex('games')
      .where(`user_${seat}_id`, user.id)
      .where('season_id', season.id)
      .where('state', 'final')
      .whereNotNull(`elo_${seat}_after`)
      .select('id as game_id', 'final_at as at', `elo_${seat}_before as before`, `elo_${seat}_after as elo`);
  const rows: { game_id: number; at: Date; before: number; elo: number }[] = await knex
    .from(half(1).unionAll(half(2), true).as('h'))
    .select('*')
    .orderBy([
      { column: 'at', order: 'asc' },
      { column: 'game_id', order: 'asc' },
    ]);
  return {
    start: rows[0]?.before ?? user.elo,
    points: rows.map((row) => ({ game_id: row.game_id, at: new Date(row.at).toISOString(), elo: row.elo })),
  };
}

const GROUP_ORDER: Record<GroupRankingSort, string> = {
  average_elo: 'average_elo DESC, players DESC, name ASC',
  players: 'players DESC, average_elo DESC, name ASC',
  games: 'games DESC, average_elo DESC, name ASC',
  secured_trophies: 'secured_trophies DESC, average_elo DESC, name ASC',
};

/** A row of the country or club table as read: the entry with its best player's columns flat. */
export type GroupRankingRow = Omit<GroupRankingEntry, 'best_player'> & {
  best_username: string;
  best_elo: number;
  best_avatar_hash: string | null;
};

/**
 * The country or club table: the ranked players (those the Elo ranking lists) grouped by country or by real-life
 * team, with their number, average Elo (rounded), games, secured trophies and best player (highest Elo, then most
 * games, then the oldest account, as the ranking orders them). `rank` is the row's place in the whole table by the
 * asked order, kept under a search of the name.
 */
export async function groupRanking(
  knex: Knex,
  input: { group: PlayerGroup; sort: GroupRankingSort; search: string; start: number; amount: number; now: Date },
): Promise<{ rows: GroupRankingRow[]; total: number }> {
  const ranked = rankedUsers(knex, input.now)
    .leftJoin('countries as c', 'c.id', 'users.country_id')
    .select(
      'users.id',
      'users.username',
      'users.avatar_hash',
      'users.elo',
      'users.games_played',
      'users.secured_trophies',
      input.group === 'countries'
        ? knex.raw('c.code AS group_key, c.name AS group_name')
        : knex.raw('users.team_name AS group_key, users.team_name AS group_name'),
    );
  const best = knex
    .from(ranked.clone().as('r'))
    .select(
      'r.*',
      knex.raw(
        'ROW_NUMBER() OVER (PARTITION BY r.group_key ORDER BY r.elo DESC, r.games_played DESC, r.id ASC) AS place',
      ),
    );
  const groups = knex
    .from(best.as('b'))
    .whereNotNull('b.group_key')
    .where('b.group_key', '<>', '')
    .groupBy('b.group_key')
    .select(
      'b.group_key as key',
      knex.raw('MAX(b.group_name) AS name'),
      knex.raw('COUNT(*) AS players'),
      knex.raw('ROUND(AVG(b.elo)) AS average_elo'),
      knex.raw('SUM(b.games_played) AS games'),
      knex.raw('SUM(b.secured_trophies) AS secured_trophies'),
      knex.raw('MAX(CASE WHEN b.place = 1 THEN b.username END) AS best_username'),
      knex.raw('MAX(CASE WHEN b.place = 1 THEN b.elo END) AS best_elo'),
      knex.raw('MAX(CASE WHEN b.place = 1 THEN b.avatar_hash END) AS best_avatar_hash'),
    );
  const order = GROUP_ORDER[input.sort];
  const numbered = knex
    .from(groups.as('g'))
    .select('g.*', knex.raw(`ROW_NUMBER() OVER (ORDER BY ${order}) AS \`rank\``));
  const matching = knex.from(numbered.as('n'));
  if (input.search !== '') matching.where(like(knex, 'n.name', containsPattern(input.search)));
  const [rows, counted] = await Promise.all([
    matching.clone().select('*').orderBy('rank').offset(input.start).limit(input.amount) as Promise<GroupRankingRow[]>,
    matching.clone().count({ total: '*' }) as Promise<{ total: number }[]>,
  ]);
  // COUNT, SUM and ROUND(AVG) arrive as numbers through the connection's type casting (connection.ts).
  return { rows, total: counted[0]!.total };
}
