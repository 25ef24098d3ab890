import test from 'ava';
import { calendarCron, calendarJobId, nightPeriod, weekPeriod, windowPeriod } from './calendar.ts';

const ZONE = 'Europe/Stockholm';
const at = (iso: string) => new Date(iso);

test('the week period turns at local Monday 00:00 in winter time (UTC+1)', (t) => {
  t.is(weekPeriod(at('2026-03-22T22:59:59.999Z'), ZONE), '2026-W12');
  t.is(weekPeriod(at('2026-03-22T23:00:00.000Z'), ZONE), '2026-W13');
});

test('the week holding the March DST change ends at local Monday 00:00 summer time (UTC+2)', (t) => {
  // Sunday 29 March 2026, 02:00 CET becomes 03:00 CEST: the week is an hour shorter.
  t.is(weekPeriod(at('2026-03-29T00:59:59.999Z'), ZONE), '2026-W13');
  t.is(weekPeriod(at('2026-03-29T01:00:00.000Z'), ZONE), '2026-W13');
  t.is(weekPeriod(at('2026-03-29T21:59:59.999Z'), ZONE), '2026-W13');
  t.is(weekPeriod(at('2026-03-29T22:00:00.000Z'), ZONE), '2026-W14');
});

test('the week holding the October DST change ends at local Monday 00:00 winter time (UTC+1)', (t) => {
  // Sunday 25 October 2026, 03:00 CEST becomes 02:00 CET: the week is an hour longer.
  t.is(weekPeriod(at('2026-10-18T21:59:59.999Z'), ZONE), '2026-W42');
  t.is(weekPeriod(at('2026-10-18T22:00:00.000Z'), ZONE), '2026-W43');
  t.is(weekPeriod(at('2026-10-25T00:30:00.000Z'), ZONE), '2026-W43');
  t.is(weekPeriod(at('2026-10-25T01:30:00.000Z'), ZONE), '2026-W43');
  t.is(weekPeriod(at('2026-10-25T22:59:59.999Z'), ZONE), '2026-W43');
  t.is(weekPeriod(at('2026-10-25T23:00:00.000Z'), ZONE), '2026-W44');
});

test('the week period uses the ISO week-year at the turn of the year', (t) => {
  t.is(weekPeriod(at('2026-12-31T12:00:00.000Z'), ZONE), '2026-W53');
  t.is(weekPeriod(at('2027-01-03T22:59:59.999Z'), ZONE), '2026-W53');
  t.is(weekPeriod(at('2027-01-03T23:00:00.000Z'), ZONE), '2027-W01');
  t.is(weekPeriod(at('2025-12-29T12:00:00.000Z'), ZONE), '2026-W01');
});

test('the nightly period begins at local 04:00 on both sides of the March DST change', (t) => {
  t.is(nightPeriod(at('2026-03-28T02:59:59.999Z'), ZONE), '2026-03-27');
  t.is(nightPeriod(at('2026-03-28T03:00:00.000Z'), ZONE), '2026-03-28');
  // After the change 04:00 local is 02:00 UTC.
  t.is(nightPeriod(at('2026-03-29T01:59:59.999Z'), ZONE), '2026-03-28');
  t.is(nightPeriod(at('2026-03-29T02:00:00.000Z'), ZONE), '2026-03-29');
});

test('the nightly period begins once at local 04:00 on the October night whose 02:00-03:00 comes twice', (t) => {
  t.is(nightPeriod(at('2026-10-24T01:59:59.999Z'), ZONE), '2026-10-23');
  t.is(nightPeriod(at('2026-10-24T02:00:00.000Z'), ZONE), '2026-10-24');
  // 02:30 local, first as CEST (00:30 UTC) then as CET (01:30 UTC): still the night before.
  t.is(nightPeriod(at('2026-10-25T00:30:00.000Z'), ZONE), '2026-10-24');
  t.is(nightPeriod(at('2026-10-25T01:30:00.000Z'), ZONE), '2026-10-24');
  t.is(nightPeriod(at('2026-10-25T02:59:59.999Z'), ZONE), '2026-10-24');
  t.is(nightPeriod(at('2026-10-25T03:00:00.000Z'), ZONE), '2026-10-25');
});

test('calendar job ids name the job and its period, without a colon and never all digits', (t) => {
  const now = at('2026-11-26T15:00:00.000Z');
  t.is(calendarJobId('reset-trophy-pools', now, ZONE), 'pool-reset-2026-W48');
  t.is(calendarJobId('clean-sessions', now, ZONE), 'clean-sessions-2026-11-26');
  t.is(calendarJobId('clean-chat-originals', now, ZONE), 'clean-chat-originals-2026-11-26');
  t.is(calendarJobId('clean-sessions', at('2026-11-26T02:59:00.000Z'), ZONE), 'clean-sessions-2026-11-25');
  t.is(calendarJobId('reset-trophy-pools', now, 'UTC'), 'pool-reset-2026-W48');
  t.is(calendarJobId('clean-evidence', now, ZONE), 'clean-evidence-2026-11-26');
  t.is(calendarJobId('open-window', now, ZONE), 'window-open-2026-W48');
  t.is(calendarJobId('close-window', now, ZONE), 'window-close-2026-W47');
});

test('the window opens at local Monday 00:00 and closes at local Saturday 00:00 across the March DST change', (t) => {
  t.is(calendarJobId('open-window', at('2026-03-22T22:59:59.999Z'), ZONE), 'window-open-2026-W12');
  t.is(calendarJobId('open-window', at('2026-03-22T23:00:00.000Z'), ZONE), 'window-open-2026-W13');
  // Saturday 28 March 00:00 CET is 27 March 23:00 UTC; the next Monday 00:00 is CEST (UTC+2).
  t.is(calendarJobId('close-window', at('2026-03-27T22:59:59.999Z'), ZONE), 'window-close-2026-W12');
  t.is(calendarJobId('close-window', at('2026-03-27T23:00:00.000Z'), ZONE), 'window-close-2026-W13');
  t.is(calendarJobId('open-window', at('2026-03-29T21:59:59.999Z'), ZONE), 'window-open-2026-W13');
  t.is(calendarJobId('open-window', at('2026-03-29T22:00:00.000Z'), ZONE), 'window-open-2026-W14');
  // Saturday 4 April 00:00 CEST is 3 April 22:00 UTC.
  t.is(calendarJobId('close-window', at('2026-04-03T21:59:59.999Z'), ZONE), 'window-close-2026-W13');
  t.is(calendarJobId('close-window', at('2026-04-03T22:00:00.000Z'), ZONE), 'window-close-2026-W14');
});

test('the window opens and closes at local midnight across the October DST change', (t) => {
  // Saturday 24 October 00:00 CEST is 23 October 22:00 UTC; Monday 26 October 00:00 CET is 25 October 23:00 UTC.
  t.is(calendarJobId('close-window', at('2026-10-23T21:59:59.999Z'), ZONE), 'window-close-2026-W42');
  t.is(calendarJobId('close-window', at('2026-10-23T22:00:00.000Z'), ZONE), 'window-close-2026-W43');
  t.is(calendarJobId('open-window', at('2026-10-25T22:59:59.999Z'), ZONE), 'window-open-2026-W43');
  t.is(calendarJobId('open-window', at('2026-10-25T23:00:00.000Z'), ZONE), 'window-open-2026-W44');
  // Saturday 31 October 00:00 CET is 30 October 23:00 UTC.
  t.is(calendarJobId('close-window', at('2026-10-30T22:59:59.999Z'), ZONE), 'window-close-2026-W43');
  t.is(calendarJobId('close-window', at('2026-10-30T23:00:00.000Z'), ZONE), 'window-close-2026-W44');
});

test("the window jobs follow the season's minutes; a closing past Monday 00:00 names the week it opened in", (t) => {
  const sunday = { window_start_minute: 6 * 1440, window_end_minute: 60 };
  t.is(calendarCron('open-window', sunday), '0 0 * * 0');
  t.is(calendarCron('close-window', sunday), '0 1 * * 1');
  t.is(calendarCron('open-window'), '0 0 * * 1');
  t.is(calendarCron('close-window'), '0 0 * * 6');
  t.is(calendarCron('open-window', { window_start_minute: 2 * 1440 + 18 * 60 + 30 }), '30 18 * * 3');
  // Sunday 29 November 2026 00:00 CET opens W48's window; Monday 30 November 01:00 CET closes it.
  t.is(windowPeriod('open-window', at('2026-11-28T23:00:00.000Z'), ZONE, sunday), '2026-W48');
  t.is(windowPeriod('close-window', at('2026-11-29T23:59:59.999Z'), ZONE, sunday), '2026-W47');
  t.is(windowPeriod('close-window', at('2026-11-30T00:00:00.000Z'), ZONE, sunday), '2026-W48');
  t.is(calendarJobId('close-window', at('2026-11-30T00:00:00.000Z'), ZONE, sunday), 'window-close-2026-W48');
});
