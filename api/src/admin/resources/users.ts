import type { Knex } from 'knex';
import {
  ADMIN_ACTION_FLAGS,
  asTrimmed,
  hasAll,
  parsePositiveInt,
  flagNames,
  validateBan,
  validatePermissions,
  USER_STATS_FIELDS,
  type AdminUserDetail,
  type AdminUserGame,
  type AdminUserRecord,
} from '@ecup/domain';
import {
  adminSignOutSessions,
  banUser,
  containsPattern,
  like,
  rankOf,
  setPermissions,
  statsFrom,
  unbanUser,
  type Ban,
  type Game,
  type User,
} from '@ecup/db';
import { badRequest } from '../../errors.ts';
import { valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { liveSessions } from '../../services/sessions.ts';
import { requireFlags } from '../access.ts';
import { iso, isoAlways, userRef } from '../present.ts';
import { boolFilter, defineResource, intFilter, sqlPage, textFilter, type AdminContext } from '../resource.ts';

interface UserFilters {
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

/** A user with the country's name joined. */
type Row = Omit<User, 'country'> & { country: string | null };

/** A game of the user with both players' usernames joined. */
type GameRow = Pick<
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
interface IpRow {
  ip: string;
  sessions: number;
  first_seen: Date;
  last_seen: Date;
}

/** A ban with the usernames of who set and who lifted it. */
type BanRow = Ban & { creator_username: string | null; lifter_username: string | null };

function baseQuery(knex: Knex) {
  return knex('users').leftJoin('countries', 'countries.id', 'users.country_id');
}

function present(row: Row, now: Date): AdminUserRecord {
  const until = row.banned_until;
  const banned = until !== null && until.getTime() > now.getTime();
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    avatar_hash: row.avatar_hash,
    gamer_tag: row.gamer_tag,
    console: row.console,
    country_id: row.country_id,
    country: row.country,
    elo: row.elo,
    wins: row.wins,
    losses: row.losses,
    ties: row.ties,
    games_played: row.games_played,
    permissions: row.permissions,
    flags: flagNames(row.permissions),
    totp_enabled: Boolean(row.totp_enabled),
    banned,
    banned_until: banned ? until!.toISOString() : null,
    ban_permanent: banned && until!.getUTCFullYear() >= 9000,
    ban_reason: banned ? row.ban_reason : null,
    erased: row.erased_at !== null,
    created_at: isoAlways(row.created_at),
  };
}

/** A game from one player's side: their goals first, the opponent, their Elo change once final. */
function presentGame(row: GameRow, userId: number): AdminUserGame {
  const first = row.user_1_id === userId;
  const before = first ? row.elo_1_before : row.elo_2_before;
  const after = first ? row.elo_1_after : row.elo_2_after;
  return {
    id: row.id,
    opponent: first ? userRef(row.user_2_id, row.u2_username)! : userRef(row.user_1_id, row.u1_username)!,
    own_score: first ? row.score_1 : row.score_2,
    opponent_score: first ? row.score_2 : row.score_1,
    state: row.state,
    conflict: Boolean(row.conflict),
    conflict_solved: Boolean(row.conflict_solved),
    elo_change: row.state === 'final' && before !== null && after !== null ? after - before : null,
    created_at: isoAlways(row.created_at),
  };
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

/**
 * The user page (issue 7): the record plus stats, recent games, conflicts, sign-in addresses and bans, and for
 * staff who may sign the user out (ADMIN_ACTION_FLAGS.ban) the sessions that have not ended.
 */
async function detail(ac: AdminContext, id: number): Promise<AdminUserDetail | null> {
  const { knex } = ac.deps;
  const row = (await baseQuery(knex).where('users.id', id).first(DETAIL_COLUMNS)) as Row | undefined;
  if (!row) return null;
  const maySignOut = hasAll(ac.actor, ADMIN_ACTION_FLAGS.ban);
  const [rank, recent, conflicts, ips, bans, sessions] = await Promise.all([
    rankOf(knex, { id, elo: row.elo, games_played: row.games_played }, ac.now),
    gamesOf(knex, id).limit(20) as Promise<GameRow[]>,
    gamesOf(knex, id).where('games.conflict', true).limit(100) as Promise<GameRow[]>,
    knex('sessions')
      .where('user_id', id)
      .whereNotNull('ip')
      .groupBy('ip')
      .select('ip')
      .min({ first_seen: 'created_at' })
      .max({ last_seen: 'last_seen_at' })
      .count<IpRow[]>({ sessions: '*' })
      .orderBy('last_seen', 'desc')
      .limit(50),
    knex('bans')
      .leftJoin('users as creator', 'creator.id', 'bans.created_by_user_id')
      .leftJoin('users as lifter', 'lifter.id', 'bans.lifted_by_user_id')
      .where('bans.user_id', id)
      .orderBy('bans.id', 'desc')
      .limit(100)
      .select('bans.*', 'creator.username as creator_username', 'lifter.username as lifter_username') as Promise<
      BanRow[]
    >,
    maySignOut ? liveSessions(ac.deps, id, ac.now) : null,
  ]);
  return {
    ...present(row, ac.now),
    birth_date: isoAlways(row.birth_date).slice(0, 10),
    team_name: row.team_name,
    fifa_team_name: row.fifa_team_name,
    guardian_email: row.guardian_email,
    guardian_confirmed: row.guardian_confirmed_at !== null,
    stats: {
      rank,
      ...statsFrom(row),
      games_played: row.games_played,
      forum_posts: row.forum_post_count,
    },
    recent_games: recent.map((game) => presentGame(game, id)),
    conflicts: conflicts.map((game) => presentGame(game, id)),
    sign_in_ips: ips.map((ip) => ({
      ip: ip.ip,
      sessions: ip.sessions,
      first_seen: isoAlways(ip.first_seen),
      last_seen: isoAlways(ip.last_seen),
    })),
    sessions:
      sessions?.map((session) => ({
        id: session.id,
        browser: session.browser,
        address: session.address,
        created_at: isoAlways(session.created_at),
        last_seen_at: isoAlways(session.last_seen_at),
        console: session.console,
      })) ?? null,
    bans: bans.map((ban) => ({
      id: ban.id,
      reason: ban.reason,
      created_by: userRef(ban.created_by_user_id, ban.creator_username),
      created_at: isoAlways(ban.created_at),
      expires_at: iso(ban.expires_at),
      lifted_at: iso(ban.lifted_at),
      lifted_by: userRef(ban.lifted_by_user_id, ban.lifter_username),
    })),
  };
}

/**
 * Users (canSeeUserProfile): search and filters, the user page, and the updates chosen by `action`: `ban`
 * (`reason`, `days` or `permanent`), `unban`, `sign_out` (`session_id`) and `sign_out_all` (all four also need
 * canBanUsers), `permissions` (every flag).
 */
export const usersResource = defineResource<AdminUserRecord, UserFilters>({
  name: 'users',
  sortable: ['id', 'username', 'elo', 'created_at'],
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { q: textFilter, country_id: intFilter, console: intFilter, banned: boolFilter, staff: boolFilter },

  async list(ac, request) {
    const query = baseQuery(ac.deps.knex).select(COLUMNS);
    const { q, country_id, console, banned, staff } = request.filter;
    if (q !== undefined) {
      const { knex } = ac.deps;
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
    if (banned === true) query.where('users.banned_until', '>', ac.now);
    if (banned === false)
      query.where((w) => w.whereNull('users.banned_until').orWhere('users.banned_until', '<=', ac.now));
    if (staff === true) query.where('users.permissions', '>', 0);
    if (staff === false) query.where('users.permissions', 0);
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'users.id',
      sort: { id: 'users.id', username: 'users.username', elo: 'users.elo', created_at: 'users.created_at' },
    });
    return { data: rows.map((row) => present(row, ac.now)), total };
  },

  getOne: detail,

  async update(ac, id, body) {
    const action = asTrimmed(body.action);
    const common = { actor: { id: ac.actor.id, permissions: ac.actor.permissions }, user_id: id, ip: ac.ip };
    if (action === 'ban') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.ban);
      const ban = valid(validateBan(body));
      await runCommand(ac.deps, (trx) => banUser(trx, { ...common, ...ban, now: ac.now }));
    } else if (action === 'unban') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.ban);
      await runCommand(ac.deps, (trx) => unbanUser(trx, { ...common, now: ac.now }));
    } else if (action === 'sign_out' || action === 'sign_out_all') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.ban);
      const session_id = action === 'sign_out' ? parsePositiveInt(body.session_id) : null;
      if (session_id === undefined) throw badRequest('sessionIdRequired');
      const actor_session_id = ac.ctx.state.session?.id ?? null;
      await runCommand(ac.deps, (trx) =>
        adminSignOutSessions(trx, { ...common, actor_session_id, session_id, now: ac.now }),
      );
    } else if (action === 'permissions') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.permissions);
      const { permissions } = valid(validatePermissions(body));
      await runCommand(ac.deps, (trx) => setPermissions(trx, { ...common, permissions, now: ac.now }));
    } else {
      throw badRequest('adminActionInvalid');
    }
    return (await detail(ac, id))!;
  },
});
