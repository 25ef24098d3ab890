import {
  DEFAULT_TIME_ZONE,
  USER_STATS_FIELDS,
  publicIdentity,
  type ConsoleId,
  type GamePlayer,
  type IdentityViewer,
} from '@ecup/domain';
import type { User } from '../models/User.ts';
import { statsFrom } from './stats.ts';

/** The `users` columns a player card shows. */
export const PLAYER_CARD_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'avatar_hash',
  'console',
  'gamer_tag',
  'team_name',
  'team_avatar_hash',
  'fifa_team_name',
  'birth_date',
  'hide_real_name',
  ...USER_STATS_FIELDS,
] as const;

/** The `users` columns of a player card (the User model's) and the current season's time zone. */
export type PlayerRow = Pick<User, (typeof PLAYER_CARD_COLUMNS)[number]> & { season_time_zone: string | null };

/**
 * A player card as `viewer` sees it at `now` (docs/rules.md "What others see of a player"): a minor's names and
 * club are left out, their gamer tag only reaches the game's players and staff.
 */
export function presentGamePlayer(row: PlayerRow, viewer: IdentityViewer, now: Date): GamePlayer {
  const shown = publicIdentity(row, viewer, now, row.season_time_zone ?? DEFAULT_TIME_ZONE);
  return {
    id: row.id,
    username: row.username,
    first_name: shown.first_name,
    last_name: shown.last_name,
    avatar_hash: row.avatar_hash,
    console: row.console as ConsoleId,
    gamer_tag: shown.gamer_tag,
    team: shown.team_name === null ? null : { name: shown.team_name, avatar_hash: shown.team_avatar_hash },
    fifa_team_name: row.fifa_team_name,
    ...statsFrom(row),
  };
}
