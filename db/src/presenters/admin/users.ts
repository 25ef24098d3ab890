import { flagNames, type AdminUserDetail, type AdminUserGame, type AdminUserRecord } from '@ecup/domain';
import type { AdminUserBanRow, AdminUserGameRow, AdminUserIpRow, AdminUserRow } from '../../queries/admin/users.ts';
import type { LiveSession } from '../../queries/accounts.ts';
import { statsFrom } from '../stats.ts';
import { iso, isoAlways, userRef } from './common.ts';

/** Everything the user page shows besides the user's row. */
export interface AdminUserPageParts {
  rank: number | null;
  recent: AdminUserGameRow[];
  conflicts: AdminUserGameRow[];
  ips: AdminUserIpRow[];
  bans: AdminUserBanRow[];
  /** Null for staff who may not sign the user out. */
  sessions: LiveSession[] | null;
}

/** A user of the list; ban fields only while the ban lasts at `now`. */
export function presentAdminUser(row: AdminUserRow, now: Date): AdminUserRecord {
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
export function presentAdminUserGame(row: AdminUserGameRow, userId: number): AdminUserGame {
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

/** The user page: the record plus stats, recent games, conflicts, sign-in addresses, bans and live sessions. */
export function presentAdminUserDetail(row: AdminUserRow, parts: AdminUserPageParts, now: Date): AdminUserDetail {
  return {
    ...presentAdminUser(row, now),
    birth_date: isoAlways(row.birth_date).slice(0, 10),
    team_name: row.team_name,
    fifa_team_name: row.fifa_team_name,
    guardian_email: row.guardian_email,
    guardian_confirmed: row.guardian_confirmed_at !== null,
    stats: {
      rank: parts.rank,
      ...statsFrom(row),
      games_played: row.games_played,
      forum_posts: row.forum_post_count,
    },
    recent_games: parts.recent.map((game) => presentAdminUserGame(game, row.id)),
    conflicts: parts.conflicts.map((game) => presentAdminUserGame(game, row.id)),
    sign_in_ips: parts.ips.map((ip) => ({
      ip: ip.ip,
      sessions: ip.sessions,
      first_seen: isoAlways(ip.first_seen),
      last_seen: isoAlways(ip.last_seen),
    })),
    sessions:
      parts.sessions?.map((session) => ({
        id: session.id,
        browser: session.browser,
        address: session.address,
        created_at: isoAlways(session.created_at),
        last_seen_at: isoAlways(session.last_seen_at),
        console: session.console,
      })) ?? null,
    bans: parts.bans.map((ban) => ({
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
