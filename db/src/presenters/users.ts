import type { ConsoleId, RankingEntry, UserPayload } from '@ecup/domain';
import { isStaff } from '@ecup/domain';
import type { User } from '../models/User.ts';
import { statsFrom } from './stats.ts';
import type { RankingRow } from '../queries/ranking.ts';

/** The user object of spec §3 as the player app receives it (the owner's own view, with e-mail). */
export function presentUser(
  user: User,
  extra: { rank: number | null; online: boolean; game_id: number | null; session_permissions: number },
): UserPayload {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    avatar_hash: user.avatar_hash,
    rank: extra.rank,
    permissions: user.permissions,
    session_permissions: extra.session_permissions,
    admin: isStaff(user.permissions),
    console: user.console as ConsoleId,
    gamer_tag: user.gamer_tag,
    game_id: extra.game_id,
    team: { name: user.team_name, avatar_hash: user.team_avatar_hash },
    fifa_team_name: user.fifa_team_name,
    ...statsFrom(user),
    online: extra.online,
  };
}

/** A ranking entry of spec §3 (plus the id the app links with). */
export function presentRankingEntry(row: RankingRow, online: boolean): RankingEntry {
  return {
    id: row.id,
    rank: row.rank,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    gamer_tag: row.gamer_tag,
    avatar_hash: row.avatar_hash,
    team: { name: row.team_name, avatar_hash: row.team_avatar_hash },
    console: row.console as ConsoleId,
    online,
    secured_trophies: row.secured_trophies,
    scored_goals: row.scored_goals,
    wins: row.wins,
    losses: row.losses,
    ties: row.ties,
    elo: row.elo,
  };
}
