import type Router from '@koa/router';
import { ADMIN_RESOURCES, isMinorOn, toCsv, type AdminTrophyWinnerRecord } from '@ecup/domain';
import { recordExport, trophyWeeklyWinners, type User } from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { runCommand } from '../../services/commands.ts';
import { currentSeason } from '../../services/season.ts';
import { isoAlways } from '../present.ts';
import { adminContext, defineResource, intFilter, memoryPage, type AdminContext } from '../resource.ts';

interface TrophyWinnerFilters {
  /** The week number (1 for the first week with securings). */
  week: number;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: the Monday a week of the hunt starts on. */
function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/**
 * The current season's weekly trophy-hunt winners (decisions §7) over `trophyWeeklyWinners`, with the contact
 * details of the prize hand-out: birth date, and for minors the guardian's e-mail and whether they confirmed
 * (decisions §8: no prize until then). At most six a week, so sorting and paging happen in memory.
 */
async function winners(ac: AdminContext): Promise<AdminTrophyWinnerRecord[]> {
  const { knex } = ac.deps;
  const season = await currentSeason(knex);
  if (!season) return [];
  const weeks = await trophyWeeklyWinners(knex, season.id);
  const ids = weeks.flatMap((w) => w.winners.map((winner) => winner.user_id));
  if (ids.length === 0) return [];
  const details = (await knex('users')
    .whereIn('id', ids)
    .select('id', 'birth_date', 'guardian_email', 'guardian_confirmed_at')) as Pick<
    User,
    'id' | 'birth_date' | 'guardian_email' | 'guardian_confirmed_at'
  >[];
  const byId = new Map(details.map((row) => [row.id, row]));
  return weeks.flatMap((week, index) =>
    week.winners.map((winner, position) => {
      const row: Partial<(typeof details)[number]> = byId.get(winner.user_id) ?? {};
      const birth_date = isoAlways(row.birth_date!).slice(0, 10);
      const [year, month, day] = birth_date.split('-').map(Number) as [number, number, number];
      const minor = isMinorOn({ year, month, day }, ac.now);
      return {
        id: winner.user_id,
        week_start: isoAlways(week.week_start),
        week_date: dateIn(week.week_start, season.time_zone),
        week: index + 1,
        position: position + 1,
        username: winner.username,
        first_name: winner.first_name,
        last_name: winner.last_name,
        email: winner.email,
        gamer_tag: winner.gamer_tag,
        birth_date,
        minor,
        guardian_email: row.guardian_email ?? null,
        guardian_confirmed: minor ? row.guardian_confirmed_at != null : null,
        secured_at: isoAlways(winner.secured_at),
      };
    }),
  );
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

/** The CSV columns, in order: the record's fields the prize hand-out needs. */
export const TROPHY_WINNERS_CSV_COLUMNS = [
  'week',
  'week_date',
  'position',
  'username',
  'first_name',
  'last_name',
  'email',
  'gamer_tag',
  'birth_date',
  'minor',
  'guardian_email',
  'guardian_confirmed',
  'secured_at',
] as const satisfies readonly (keyof AdminTrophyWinnerRecord)[];

/** The winners as CSV, header first, CRLF line ends (`toCsv`, shared with the CLI's prize export). */
export function trophyWinnersCsv(rows: AdminTrophyWinnerRecord[]): string {
  return toCsv(TROPHY_WINNERS_CSV_COLUMNS, rows);
}

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
