import type { Knex } from 'knex';
import { USER_STATS_FIELDS, type ConsoleId, type GamePlayer } from '@ecup/domain';
import type { User } from '../models/User.ts';
import { statsFrom } from './stats.ts';

const COLUMNS = [
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
  ...USER_STATS_FIELDS,
] as const;

/** The `users` columns of a player card (the User model's). */
type PlayerRow = Pick<User, (typeof COLUMNS)[number]>;

function present(row: PlayerRow): GamePlayer {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar_hash: row.avatar_hash,
    console: row.console as ConsoleId,
    gamer_tag: row.gamer_tag,
    team: { name: row.team_name, avatar_hash: row.team_avatar_hash },
    fifa_team_name: row.fifa_team_name,
    ...statsFrom(row),
  };
}

/**
 * The player cards of a match or game (spec §3 User without private fields), by id. One query for any number of
 * players; the match card, the game screen and the `score` event all show players this way.
 */
export async function loadGamePlayers(knex: Knex, ids: readonly number[]): Promise<Map<number, GamePlayer>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await knex('users').whereIn('id', unique).select(COLUMNS)) as PlayerRow[];
  return new Map(rows.map((row) => [row.id, present(row)]));
}
