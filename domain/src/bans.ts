/** users.banned_until of a permanent ban: the API reads a year from 9000 on as "no end" (MESSAGES.banned). */
export const PERMANENT_BAN_UNTIL = new Date('9999-12-31T00:00:00.000Z');

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a ban of `days` from `now`, or the permanent date. */
export function banEnd(now: Date, days: number | null): Date {
  return days === null ? PERMANENT_BAN_UNTIL : new Date(now.getTime() + days * DAY_MS);
}

/** Whether a users row is banned at `now` (a ban ending at or before `now` is over). */
export function bannedAt(row: { banned_until: Date | string | null }, now: Date): boolean {
  return row.banned_until !== null && new Date(row.banned_until).getTime() > now.getTime();
}
