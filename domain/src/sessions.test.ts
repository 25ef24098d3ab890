import test from 'ava';
import {
  SESSION_LIMITS,
  credentialStore,
  isSessionSettingName,
  parseSettingMs,
  sessionEnded,
  sessionLimitsFrom,
} from './sessions.ts';

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

test('limits come from the settings rows, and a missing or invalid row falls back to the constant', (t) => {
  const limits = sessionLimitsFrom(
    new Map<string, unknown>([
      ['player_session_idle_ms', '3600000'],
      ['player_session_max_ms', 'soon'],
      ['console_session_idle_ms', '0'],
    ]),
  );
  t.deepEqual(limits.player, { idle_ms: HOUR, max_ms: SESSION_LIMITS.player.max_ms });
  t.deepEqual(limits.console, SESSION_LIMITS.console);
  t.deepEqual(sessionLimitsFrom(new Map()), SESSION_LIMITS);
});

test('a setting value is a positive whole number of milliseconds', (t) => {
  t.is(parseSettingMs('43200000'), 43_200_000);
  t.is(parseSettingMs(' 60000 '), 60_000);
  for (const bad of ['0', '-5', '1.5', '1e6', '', 'twelve hours', '99999999999999999', null, undefined]) {
    t.is(parseSettingMs(bad), null, String(bad));
  }
  t.true(isSessionSettingName('console_session_idle_ms'));
  t.false(isSessionSettingName('toString'));
});

test('a credential store saves, loads and clears its pair under its own keys, leaving other keys alone', (t) => {
  const items = new Map<string, string>([['other.id', '9']]);
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const store = credentialStore(() => storage, { id: 'app.id', token: 'app.token' });
  t.is(store.load(), null);
  store.save({ id: 42, token: 'ab'.repeat(32) });
  t.deepEqual(store.load(), { id: 42, token: 'ab'.repeat(32) });
  t.deepEqual([items.get('app.id'), items.get('app.token')], ['42', 'ab'.repeat(32)]);
  store.clear();
  t.is(store.load(), null);
  t.deepEqual([...items.keys()], ['other.id']);
});

test('a credential store reads no pair from a missing token or an id that is not a positive whole number', (t) => {
  const items = new Map<string, string>();
  const store = credentialStore(
    () => ({
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    }),
    { id: 'id', token: 'token' },
  );
  items.set('id', '7');
  t.is(store.load(), null, 'no token');
  items.set('token', 'cd'.repeat(32));
  for (const id of ['0', '-3', '1.5', 'seven', '']) {
    items.set('id', id);
    t.is(store.load(), null, `id ${JSON.stringify(id)}`);
  }
});
