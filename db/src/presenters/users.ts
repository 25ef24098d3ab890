import type { ConsoleId, IdentityViewer, RankingEntry, UserPayload } from '@ecup/domain';
import { isStaff, publicIdentity } from '@ecup/domain';
import type { User } from '../models/User.ts';
import { statsFrom } from './stats.ts';
import type { RankingRow } from '../queries/ranking.ts';

/** The user object of docs/product.md#entities as the player app receives it (the owner's own view, with e-mail). */
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
    hide_real_name: Boolean(user.hide_real_name),
  };
}

/**
 * A ranking entry of docs/product.md#entities (plus the id the app links with), as `viewer` sees it at `now` in the season's
 * `timeZone`: a minor's names, club and gamer tag and a hidden real name are null, and a minor shows offline to a
 * visitor (docs/rules.md "What others see of a player").
 */
export function presentRankingEntry(
  row: RankingRow,
  online: boolean,
  privacy: { viewer: IdentityViewer; now: Date; timeZone: string },
): RankingEntry {
  const shown = publicIdentity(row, privacy.viewer, privacy.now, privacy.timeZone);
  return {
    id: row.id,
    rank: row.rank,
    first_name: shown.first_name,
    last_name: shown.last_name,
    username: row.username,
    gamer_tag: shown.gamer_tag,
    avatar_hash: row.avatar_hash,
    team: shown.team_name === null ? null : { name: shown.team_name, avatar_hash: shown.team_avatar_hash },
    console: row.console as ConsoleId,
    online: online && shown.show_online,
    secured_trophies: row.secured_trophies,
    scored_goals: row.scored_goals,
    wins: row.wins,
    losses: row.losses,
    ties: row.ties,
    elo: row.elo,
  };
}
