import type Router from '@koa/router';
import { ADMIN_RESOURCES, type AdminTrophyWinnerRecord } from '@ecup/domain';
import {
  adminWinnerContacts,
  presentAdminTrophyWinners,
  recordExport,
  trophyWeeklyWinners,
  trophyWinnersCsv,
} from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { runCommand } from '../../services/commands.ts';
import { currentSeason } from '../../services/season.ts';
import { adminContext, defineResource, intFilter, memoryPage, type AdminContext } from '../resource.ts';

interface TrophyWinnerFilters {
  /** The week number (1 for the first week with securings). */
  week: number;
}

/**
 * The current season's weekly trophy-hunt winners (docs/decisions.md#trophy-hunt) over `trophyWeeklyWinners`, with the contact
 * details of the prize hand-out: birth date, and for minors the guardian's e-mail and whether they confirmed
 * (docs/decisions.md#permissions: no prize until then). At most six a week, so sorting and paging happen in memory.
 */
async function winners(ac: AdminContext): Promise<AdminTrophyWinnerRecord[]> {
  const { knex } = ac.deps;
  const season = await currentSeason(knex);
  if (!season) return [];
  const weeks = await trophyWeeklyWinners(knex, season.id);
  const ids = weeks.flatMap((w) => w.winners.map((winner) => winner.user_id));
  if (ids.length === 0) return [];
  const contacts = await adminWinnerContacts(knex, ids);
  return presentAdminTrophyWinners(weeks, contacts, season.time_zone, ac.now);
}

/** Trophy winners (canSeeTrophyWinners): read-only, oldest week first and in order of securing within a week. */
export const trophyWinnersResource = defineResource<AdminTrophyWinnerRecord, TrophyWinnerFilters>({
  name: 'trophy-winners',
  sortable: ['secured_at', 'id', 'week', 'username'],
  defaultSort: { field: 'secured_at', order: 'ASC' },
  filters: { week: intFilter },

  async list(ac, request) {
    const rows = await winners(ac);
    const week = request.filter.week;
    return memoryPage(week === undefined ? rows : rows.filter((row) => row.week === week), request);
  },

  async getOne(ac, id) {
    return (await winners(ac)).find((row) => row.id === id) ?? null;
  },
});

/**
 * `GET /admin/api/trophy-winners.csv` (canSeeTrophyWinners): every winner of the season as a download, audited as
 * `trophy_winners.export` before it is sent.
 */
export function routeTrophyWinnersCsv(router: Router<AppState>, deps: AppDeps): void {
  router.get('/admin/api/trophy-winners.csv', async (ctx) => {
    const ac = await adminContext(deps, ctx, ADMIN_RESOURCES['trophy-winners']);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', 'attachment; filename="trophy-winners.csv"');
    ctx.set('Cache-Control', 'no-store');
    const rows = await winners(ac);
    await runCommand(deps, (trx) =>
      recordExport(trx, { actor: ac.actor, name: 'trophy_winners', rows: rows.length, ip: ac.ip, now: ac.now }),
    );
    ctx.body = trophyWinnersCsv(rows);
  });
}
