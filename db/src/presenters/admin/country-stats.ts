import type { AdminCountryStatsRecord } from '@ecup/domain';
import type { AdminCountryStatsRow } from '../../queries/admin/country-stats.ts';

export function presentAdminCountryStats(row: AdminCountryStatsRow): AdminCountryStatsRecord {
  return {
    ...row,
    games: row.games ?? 0,
    average_elo: row.average_elo === null ? null : Math.round(row.average_elo),
  };
}
