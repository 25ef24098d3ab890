import test from 'ava';
import { PERMANENT_BAN_UNTIL, banEnd, bannedAt } from './bans.ts';

const now = new Date('2026-11-26T12:00:00.000Z');

test('a ban of some days ends that many days from now; one without days is permanent', (t) => {
  t.is(banEnd(now, 3).toISOString(), '2026-11-29T12:00:00.000Z');
  t.is(banEnd(now, null), PERMANENT_BAN_UNTIL);
  t.true(PERMANENT_BAN_UNTIL.getUTCFullYear() >= 9000);
});

test('a row is banned while its end is after now, and not at or past the end', (t) => {
  t.false(bannedAt({ banned_until: null }, now));
  t.true(bannedAt({ banned_until: new Date(now.getTime() + 1) }, now));
  t.false(bannedAt({ banned_until: now }, now));
  t.false(bannedAt({ banned_until: '2026-11-25T00:00:00.000Z' }, now));
  t.true(bannedAt({ banned_until: '9999-12-31T00:00:00.000Z' }, now));
});
