import type { Knex } from 'knex';
import type { TeamSearchResponse } from '@ecup/domain';
import { containsPattern, like, prefixPattern } from '../services/like.ts';

const MAX_TEAMS = 10;

/**
 * Team names containing the text, exact and prefix matches first (docs/product.md#calls /user/search_teams); `has_match` says
 * whether the exact name (any case) is a known team.
 */
export async function searchTeams(knex: Knex, name: string): Promise<TeamSearchResponse> {
  const rows: { name: string }[] = await knex('teams')
    .where(like(knex, 'name', containsPattern(name)))
    .orderByRaw('name = ? DESC, ? DESC, name ASC', [name, like(knex, 'name', prefixPattern(name))])
    .limit(MAX_TEAMS)
    .select('name');
  return {
    teams: rows.map((row) => row.name),
    has_match: rows.some((row) => row.name.localeCompare(name, undefined, { sensitivity: 'accent' }) === 0),
  };
}
