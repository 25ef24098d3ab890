import type { Knex } from 'knex';
import { USER_STATS_FIELDS } from '@ecup/domain';
import type { Ban } from '../../models/Ban.ts';
import type { Game } from '../../models/Game.ts';
import type { User } from '../../models/User.ts';
import { containsPattern, like } from '../../services/like.ts';
import { sqlPage, type AdminListRequest, type AdminPage } from './page.ts';

export interface AdminUserFilters {
  /** Name, username, gamer tag or e-mail contains the text (any case). */
  q: string | undefined;
  country_id: number;
  console: number;
  banned: boolean;
  staff: boolean;
}

const COLUMNS = [
  'users.id',
  'users.username',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.avatar_hash',
  'users.gamer_tag',
  'users.console',
  'users.country_id',
  'countries.name as country',
  'users.elo',
  'users.wins',
  'users.losses',
  'users.ties',
  'users.games_played',
  'users.permissions',
  'users.totp_enabled',
  'users.banned_until',
  'users.ban_reason',
  'users.erased_at',
  'users.created_at',
];

const DETAIL_COLUMNS = [
  ...COLUMNS,
  'users.birth_date',
  'users.team_name',
  'users.fifa_team_name',
  'users.guardian_email',
  'users.guardian_confirmed_at',
  ...USER_STATS_FIELDS.map((field) => `users.${field}`).filter((column) => !COLUMNS.includes(column)),
  'users.forum_post_count',
];

/** A user with the country's name joined (the list reads the columns of COLUMNS, the page every one). */
export type AdminUserRow = Omit<User, 'country'> & { country: string | null };

/** A game of the user with both players' usernames joined. */
export type AdminUserGameRow = Pick<
  Game,
  | 'id'
  | 'user_1_id'
  | 'user_2_id'
  | 'score_1'
  | 'score_2'
  | 'state'
  | 'conflict'
  | 'conflict_solved'
  | 'elo_1_before'
  | 'elo_1_after'
  | 'elo_2_before'
  | 'elo_2_after'
  | 'created_at'
> & { u1_username: string; u2_username: string };

/** A sign-in address with its session count and first and last use. */
export interface AdminUserIpRow {
  ip: string;
  sessions: number;
  first_seen: Date;
  last_seen: Date;
}

/** A ban with the usernames of who set and who lifted it. */
export type AdminUserBanRow = Ban & { creator_username: string | null; lifter_username: string | null };

function userQuery(knex: Knex) {
  return knex('users').leftJoin('countries', 'countries.id', 'users.country_id');
}

/** The console's user page of the list: search, filters (`banned` as of `now`), sort and range. */
export function adminUserPage(
  knex: Knex,
  request: AdminListRequest<AdminUserFilters>,
  now: Date,
): Promise<AdminPage<AdminUserRow>> {
  const query = userQuery(knex).select(COLUMNS);
  const { q, country_id, console, banned, staff } = request.filter;
  if (q !== undefined) {
    const pattern = containsPattern(q);
    const fullName = knex.raw("CONCAT(users.first_name, ' ', users.last_name)");
    const columns = [
      'users.username',
      'users.first_name',
      'users.last_name',
      fullName,
      'users.gamer_tag',
      'users.email',
    ];
    query.where((w) => {
      for (const column of columns) w.orWhere(like(knex, column, pattern));
    });
  }
  if (country_id !== undefined) query.where('users.country_id', country_id);
  if (console !== undefined) query.where('users.console', console);
  if (banned === true) query.where('users.banned_until', '>', now);
  if (banned === false) query.where((w) => w.whereNull('users.banned_until').orWhere('users.banned_until', '<=', now));
  if (staff === true) query.where('users.permissions', '>', 0);
  if (staff === false) query.where('users.permissions', 0);
  return sqlPage(query, request, {
    id: 'users.id',
    sort: { id: 'users.id', username: 'users.username', elo: 'users.elo', created_at: 'users.created_at' },
  });
}

/** One user with every column the user page shows, or undefined. */
export async function findAdminUser(knex: Knex, id: number): Promise<AdminUserRow | undefined> {
  const row: AdminUserRow | undefined = await userQuery(knex).where('users.id', id).first(DETAIL_COLUMNS);
  return row;
}

function gamesOf(knex: Knex, userId: number) {
  return knex('games')
    .join('users as u1', 'u1.id', 'games.user_1_id')
    .join('users as u2', 'u2.id', 'games.user_2_id')
    .where((q) => q.where('games.user_1_id', userId).orWhere('games.user_2_id', userId))
    .select(
      'games.id',
      'games.user_1_id',
      'games.user_2_id',
      'games.score_1',
      'games.score_2',
      'games.state',
      'games.conflict',
      'games.conflict_solved',
      'games.elo_1_before',
      'games.elo_1_after',
      'games.elo_2_before',
      'games.elo_2_after',
      'games.created_at',
      'u1.username as u1_username',
      'u2.username as u2_username',
    )
    .orderBy('games.id', 'desc');
}

/** The user's latest games (at most 20), newest first. */
export async function adminUserRecentGames(knex: Knex, userId: number): Promise<AdminUserGameRow[]> {
  const rows: AdminUserGameRow[] = await gamesOf(knex, userId).limit(20);
  return rows;
}

/** The user's games that went to conflict (at most 100), newest first. */
export async function adminUserConflicts(knex: Knex, userId: number): Promise<AdminUserGameRow[]> {
  const rows: AdminUserGameRow[] = await gamesOf(knex, userId).where('games.conflict', true).limit(100);
  return rows;
}

/** The addresses the user signed in from (at most 50), most recently used first. */
export function adminUserSignInIps(knex: Knex, userId: number): Promise<AdminUserIpRow[]> {
  return knex('sessions')
    .where('user_id', userId)
    .whereNotNull('ip')
    .groupBy('ip')
    .select('ip')
    .min({ first_seen: 'created_at' })
    .max({ last_seen: 'last_seen_at' })
    .count<AdminUserIpRow[]>({ sessions: '*' })
    .orderBy('last_seen', 'desc')
    .limit(50);
}

/** The user's bans (at most 100), newest first. */
export async function adminUserBans(knex: Knex, userId: number): Promise<AdminUserBanRow[]> {
  const rows: AdminUserBanRow[] = await knex('bans')
    .leftJoin('users as creator', 'creator.id', 'bans.created_by_user_id')
    .leftJoin('users as lifter', 'lifter.id', 'bans.lifted_by_user_id')
    .where('bans.user_id', userId)
    .orderBy('bans.id', 'desc')
    .limit(100)
    .select('bans.*', 'creator.username as creator_username', 'lifter.username as lifter_username');
  return rows;
}
