import test from 'ava';
import { calendarJobId, nightPeriod, weekPeriod } from './calendar.ts';

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
});
