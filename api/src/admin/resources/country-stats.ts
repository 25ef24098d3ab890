import type { AdminCountryStatsRecord } from '@ecup/domain';
import { adminCountryStats, presentAdminCountryStats } from '@ecup/db';
import { defineResource, memoryPage, textFilter, type AdminContext } from '../resource.ts';

interface CountryStatsFilters {
  /** The country's name contains the text. */
  q: string | undefined;
}

/** At most 245 rows, one per country, so sorting and paging happen in memory. */
async function stats(ac: AdminContext, q: string | undefined): Promise<AdminCountryStatsRecord[]> {
  return (await adminCountryStats(ac.deps.knex, q)).map(presentAdminCountryStats);
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
