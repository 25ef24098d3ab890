import test from 'ava';
import { SESSION_SETTINGS } from '@ecup/domain';
import { sessionLimits } from '@ecup/db';
import { cli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
const NOW = new Date('2026-11-26T12:00:00Z');
const run = (args: string[]) => cli(args, { databaseUrl: db.url, now: NOW });
const stored = async (name: string) =>
  (await db.knex('settings').where('name', name).first('value', 'updated_at')) as
    { value: string; updated_at: Date } | undefined;

test.before(async () => {
  db = await createTestDatabase('settingscli');
});
test.after.always(async () => db?.drop());

test.serial('settings:list shows the four session limits with their defaults', async (t) => {
  const listed = await run(['settings:list']);
  t.is(listed.code, 0, listed.stderr);
  t.deepEqual(listed.stdout.trim().split('\n'), [
    'player_session_idle_ms = 2592000000 (30 days) [default]',
    'player_session_max_ms = 15552000000 (180 days) [default]',
    'console_session_idle_ms = 43200000 (12 hours) [default]',
    'console_session_max_ms = 604800000 (7 days) [default]',
  ]);
});

test.serial('settings:set writes a row the session limits then use', async (t) => {
  const set = await run(['settings:set', 'console_session_idle_ms', '28800000']);
  t.is(set.code, 0, set.stderr);
  t.is(set.stdout.trim(), 'console_session_idle_ms = 28800000 (8 hours) (was 43200000 (12 hours)).');
  const row = await stored('console_session_idle_ms');
  t.is(row?.value, '28800000');
  t.is(new Date(row!.updated_at).getTime(), NOW.getTime());
  const limits = await sessionLimits(db.knex, new Date(NOW.getTime() + 60_000));
  t.deepEqual(limits.console, { idle_ms: 8 * 3_600_000, max_ms: SESSION_SETTINGS.console_session_max_ms.default });
  const listed = await run(['settings:list']);
  t.true(listed.stdout.includes('console_session_idle_ms = 28800000 (8 hours) [default 43200000 (12 hours)]'));
  t.is((await run(['settings:set', 'console_session_idle_ms', '43200000'])).code, 0);
});

test.serial(
  'an unknown name or a value that is not a positive whole number is refused and changes nothing',
  async (t) => {
    const before = await db.knex('settings').orderBy('name').select();
    const unknown = await run(['settings:set', 'player_session_ttl', '1000']);
    t.is(unknown.code, 1);
    t.is(
      unknown.stderr.trim(),
      "error: unknown setting 'player_session_ttl'; the settings are player_session_idle_ms, player_session_max_ms, " +
        'console_session_idle_ms, console_session_max_ms.',
    );
    for (const value of ['0', '-5', '1.5', '12h', '1e9', '99999999999999999999']) {
      const refused = await run(['settings:set', 'player_session_idle_ms', value]);
      t.is(refused.code, 1, value);
      t.regex(refused.stderr, /^error: '.*' is not a number of milliseconds; give a whole number of 1 or more/, value);
    }
    t.is((await run(['settings:set', 'player_session_idle_ms'])).code, 2, 'a missing value is a usage error');
    t.deepEqual(await db.knex('settings').orderBy('name').select(), before);
  },
);

test.serial('a row that is missing or not valid counts as the default', async (t) => {
  await db.knex('settings').where('name', 'player_session_max_ms').update({ value: 'soon' });
  await db.knex('settings').where('name', 'player_session_idle_ms').delete();
  t.teardown(async () => {
    await run(['settings:set', 'player_session_max_ms', String(SESSION_SETTINGS.player_session_max_ms.default)]);
    await run(['settings:set', 'player_session_idle_ms', String(SESSION_SETTINGS.player_session_idle_ms.default)]);
  });
  const limits = await sessionLimits(db.knex, new Date(NOW.getTime() + 3_600_000));
  t.deepEqual(limits.player, {
    idle_ms: SESSION_SETTINGS.player_session_idle_ms.default,
    max_ms: SESSION_SETTINGS.player_session_max_ms.default,
  });
  const listed = (await run(['settings:list'])).stdout;
  t.true(listed.includes('player_session_idle_ms = 2592000000 (30 days) [default: no row]'));
  t.true(listed.includes("player_session_max_ms = 15552000000 (180 days) [default: stored 'soon' is not valid]"));
});
