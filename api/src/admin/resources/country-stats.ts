import type { AdminCountryStatsRecord } from '@ecup/domain';
import { containsPattern, like } from '@ecup/db';
import { defineResource, memoryPage, textFilter, type AdminContext } from '../resource.ts';

interface CountryStatsFilters {
  /** The country's name contains the text. */
  q: string | undefined;
}

/** A row of the query below: counts and the average are numbers from the driver (db connection's typeCast). */
interface Row {
  id: number;
  code: string;
  name: string;
  players: number;
  active_players: number;
  games: number | null;
  average_elo: number | null;
}

/**
 * Players, active players, final games and average Elo per country, for countries with players. A game counts for
 * each country of its two players, once per country. At most 245 rows (spec §9), so sorting and paging happen in
 * memory.
 */
async function stats(ac: AdminContext, q: string | undefined): Promise<AdminCountryStatsRecord[]> {
  const { knex } = ac.deps;
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
  const rows = (await query) as Row[];
  return rows.map((row) => ({
    ...row,
    games: row.games ?? 0,
    average_elo: row.average_elo === null ? null : Math.round(row.average_elo),
  }));
}

/** Country stats (canSeeCountryStats): read-only. */
export const countryStatsResource = defineResource<AdminCountryStatsRecord, CountryStatsFilters>({
  name: 'country-stats',
  sortable: ['id', 'name', 'players', 'active_players', 'games', 'average_elo'],
  defaultSort: { field: 'players', order: 'DESC' },
  filters: { q: textFilter },

  async list(ac, request) {
    return memoryPage(await stats(ac, request.filter.q), request);
  },

  async getOne(ac, id) {
    return (await stats(ac, undefined)).find((row) => row.id === id) ?? null;
  },
});
