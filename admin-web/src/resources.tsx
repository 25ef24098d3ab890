import type { ConsoleResource } from './resource-definition.ts';
import { auditLog } from './audit-log/index.ts';
import { conflicts } from './conflicts/index.ts';
import { countryStats } from './country-stats/index.ts';
import { ipBans } from './ip-bans/index.ts';
import { news } from './news/index.ts';
import { reports } from './reports/index.ts';
import { trophyWinners } from './trophy-winners/index.ts';
import { users } from './users/index.ts';

/**
 * Every console resource, in menu order. app.tsx renders one `<Resource>` per entry and the menu shows the
 * ones `authProvider.canAccess` allows; to add a screen, add its folder and one line here.
 */
export const RESOURCES: readonly ConsoleResource[] = [
  users,
  ipBans,
  conflicts,
  news,
  countryStats,
  reports,
  trophyWinners,
  auditLog,
];
