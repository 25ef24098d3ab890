import type { AnyResource } from '../resource.ts';
import { usersResource } from './users.ts';
import { ipBansResource } from './ip-bans.ts';
import { conflictsResource } from './conflicts.ts';
import { newsResource } from './news.ts';
import { countryStatsResource } from './country-stats.ts';
import { reportsResource } from './reports.ts';
import { auditLogResource } from './audit-log.ts';
import { trophyWinnersResource } from './trophy-winners.ts';

/** Every console resource (domain ADMIN_RESOURCES names the flag of each). */
export const ADMIN_API_RESOURCES: readonly AnyResource[] = [
  usersResource,
  ipBansResource,
  conflictsResource,
  newsResource,
  countryStatsResource,
  reportsResource,
  trophyWinnersResource,
  auditLogResource,
];
