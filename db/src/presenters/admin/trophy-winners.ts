import { isMinorOn, toCsv, type AdminTrophyWinnerRecord } from '@ecup/domain';
import type { AdminWinnerContactRow } from '../../queries/admin/trophy-winners.ts';
import { dateIn } from '../../queries/prizes.ts';
import type { TrophyWeekWinners } from '../../queries/trophies.ts';
import { isoAlways } from './common.ts';

/**
 * The season's weekly trophy-hunt winners with the contact details of the prize hand-out: birth date, and for
 * minors the guardian's e-mail and whether they confirmed (no prize until then). Weeks are numbered from 1, the
 * first week with securings; `week_date` is that week's Monday in the season's zone.
 */
export function presentAdminTrophyWinners(
  weeks: TrophyWeekWinners[],
  contacts: AdminWinnerContactRow[],
  timeZone: string,
  now: Date,
): AdminTrophyWinnerRecord[] {
  const byId = new Map(contacts.map((row) => [row.id, row]));
  return weeks.flatMap((week, index) =>
    week.winners.map((winner, position) => {
      const row: Partial<AdminWinnerContactRow> = byId.get(winner.user_id) ?? {};
      const birth_date = isoAlways(row.birth_date!).slice(0, 10);
      const [year, month, day] = birth_date.split('-').map(Number) as [number, number, number];
      const minor = isMinorOn({ year, month, day }, now);
      return {
        id: winner.user_id,
        week_start: isoAlways(week.week_start),
        week_date: dateIn(week.week_start, timeZone),
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
