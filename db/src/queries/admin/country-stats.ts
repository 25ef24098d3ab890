import type { Knex } from 'knex';
import { containsPattern, like } from '../../services/like.ts';

/** Counts and the average per country: numbers from the driver (the connection's type casting). */
export interface AdminCountryStatsRow {
  id: number;
  code: string;
  name: string;
  players: number;
  active_players: number;
  games: number | null;
  average_elo: number | null;
}

/**
 * Players, active players, final games and average Elo per country, for countries with players (`q`: the name
 * contains the text). A game counts for each country of its two players, once per country.
 */
export async function adminCountryStats(knex: Knex, q: string | undefined): Promise<AdminCountryStatsRow[]> {
  const players = knex('users')
    .whereNull('erased_at')
    .groupBy('country_id')
    .select('country_id')
    .count({ players: '*' })
    .select(knex.raw('SUM(games_played > 0) AS active_players'))
    .select(knex.raw('AVG(CASE WHEN games_played > 0 THEN elo END) AS average_elo'));
  const sides = knex
    .select('u.country_id', 'g.id as game_id')
    .from('games as g')
    .join('users as u', 'u.id', 'g.user_1_id')
    .where('g.state', 'final')
    .unionAll((union) =>
      union
        .select('u.country_id', 'g.id as game_id')
        .from('games as g')
        .join('users as u', 'u.id', 'g.user_2_id')
        .where('g.state', 'final'),
    );
  const games = knex
    .from(sides.as('sides'))
    .groupBy('country_id')
    .select('country_id', knex.raw('COUNT(DISTINCT game_id) AS games'));
  const query = knex('countries')
    .join(players.as('p'), 'p.country_id', 'countries.id')
    .leftJoin(games.as('g'), 'g.country_id', 'countries.id')
    .select(
      'countries.id',
      'countries.code',
      'countries.name',
      'p.players',
      'p.active_players',
      'p.average_elo',
      'g.games',
    );
  if (q !== undefined) query.where(like(knex, 'countries.name', containsPattern(q)));
  const rows: AdminCountryStatsRow[] = await query;
  return rows;
}
