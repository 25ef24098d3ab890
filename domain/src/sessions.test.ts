import test from 'ava';
import { SESSION_LIMITS, sessionEnded } from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const start = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

test('a player session lasts 30 days without use, and ends just after', (t) => {
  const session = { created_at: start, last_seen_at: start };
  t.false(sessionEnded(session, SESSION_LIMITS.player, at(30 * DAY)));
  t.true(sessionEnded(session, SESSION_LIMITS.player, at(30 * DAY + 1)));
});

test('a player session used every day still ends after 180 days in all', (t) => {
  t.false(sessionEnded({ created_at: start, last_seen_at: at(179 * DAY) }, SESSION_LIMITS.player, at(180 * DAY)));
  t.true(sessionEnded({ created_at: start, last_seen_at: at(180 * DAY) }, SESSION_LIMITS.player, at(180 * DAY + 1)));
});

test('a console session ends after 12 hours without use and 7 days in all', (t) => {
  const fresh = { created_at: start, last_seen_at: start };
  t.false(sessionEnded(fresh, SESSION_LIMITS.console, at(12 * HOUR)));
  t.true(sessionEnded(fresh, SESSION_LIMITS.console, at(12 * HOUR + 1)));
  const used = { created_at: start, last_seen_at: at(7 * DAY - HOUR) };
  t.false(sessionEnded(used, SESSION_LIMITS.console, at(7 * DAY)));
  t.true(sessionEnded(used, SESSION_LIMITS.console, at(7 * DAY + 1)));
});
