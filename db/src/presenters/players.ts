import type { Knex } from 'knex';
import { USER_STATS_FIELDS, type ConsoleId, type GamePlayer } from '@ecup/domain';
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

type PlayerRow = Record<(typeof COLUMNS)[number], unknown>;

function present(row: PlayerRow): GamePlayer {
  return {
    id: Number(row.id),
    username: String(row.username),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    avatar_hash: (row.avatar_hash as string | null) ?? null,
    console: Number(row.console) as ConsoleId,
    gamer_tag: String(row.gamer_tag),
    team: { name: String(row.team_name), avatar_hash: (row.team_avatar_hash as string | null) ?? null },
    fifa_team_name: String(row.fifa_team_name),
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
  return new Map(rows.map((row) => [Number(row.id), present(row)]));
}
