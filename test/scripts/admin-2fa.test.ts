import test from 'ava';
import { ALL_PERMISSIONS, PERMISSIONS } from '@ecup/domain';
import { createAdminSession, createSession, seedBase } from '@ecup/db';
import { hashRecoveryCode } from '@ecup/security';
import { cli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { buildUser } from '../helpers/factories.ts';

// One database; the tests change different users, and each snapshot is of its own user's rows.
const NOW = new Date('2026-11-26T10:00:00Z');
const PUBLIC_URL = 'https://ecup.example.com';
let db: TestDatabase;

test.before(async () => {
  db = await createTestDatabase('cli2fa');
  await seedBase(db.knex, { now: NOW });
});
test.after.always(async () => db?.drop());

const run = (...args: string[]) => cli(args, { databaseUrl: db.url, now: NOW, env: { PUBLIC_URL } });

/** The rows of one user that admin:reset-2fa may touch. */
async function rowsOf(userId: number) {
  const [user, sessions, codes, links, audit] = await Promise.all([
    db.knex('users').where('id', userId).first('totp_enabled', 'totp_secret', 'permissions'),
    db.knex('sessions').where('user_id', userId).orderBy('id').select('id', 'console'),
    db.knex('recovery_codes').where('user_id', userId).orderBy('id').select('code_hash'),
    db.knex('enrolment_links').where('user_id', userId).orderBy('id').select(),
    db
      .knex('audit_log')
      .where({ entity: 'user', entity_id: String(userId) })
      .orderBy('id')
      .select(),
  ]);
  return { user, sessions, codes, links, audit };
}

test('admin:reset-2fa --help prints the usage, what it does and an example', async (t) => {
  const { code, stdout } = await run('admin:reset-2fa', '--help');
  t.is(code, 0);
  t.regex(stdout, /^Usage: ecup admin:reset-2fa \[options\] <user>/m);
  t.regex(stdout, /console sessions/);
  t.regex(stdout, /Example:\n {2}\$ npm run cli -- admin:reset-2fa /);
  const help = await run('--help');
  t.regex(help.stdout, /admin:reset-2fa/);
});

test('admin:reset-2fa turns two-factor off, ends only the console sessions and prints a fresh link', async (t) => {
  const user = await buildUser(db.knex, {
    permissions: ALL_PERMISSIONS,
    totp_enabled: true,
    totp_secret: 'JBSWY3DPEHPK3PXP',
  });
  await db.knex('recovery_codes').insert(
    ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'].map((code) => ({
      user_id: user.id,
      code_hash: hashRecoveryCode(code),
      created_at: NOW,
    })),
  );
  const input = { user_id: user.id, ip: null, user_agent: null, now: NOW };
  await createAdminSession(db.knex, { ...input, second_factor: true });
  await createAdminSession(db.knex, { ...input, second_factor: true });
  const player = await createSession(db.knex, input);

  const { code, stdout, stderr } = await run('admin:reset-2fa', String(user.id));
  t.is(code, 0, stderr);
  t.regex(
    stdout,
    new RegExp(
      `^User ${user.username} \\(id ${user.id}\\)\\n  two-factor sign-in: turned off\\n  console sessions ended: 2\\n` +
        `Enrolment link \\(valid 30 minutes, once\\): ${PUBLIC_URL}/admin/enrol#token=[0-9a-f]{64}\\n` +
        'Written to the audit log\\.\\n$',
    ),
  );
  const rows = await rowsOf(user.id);
  t.deepEqual([Boolean(rows.user!.totp_enabled), rows.user!.totp_secret], [false, null]);
  t.deepEqual(rows.sessions, [{ id: player.result.session_id, console: 0 }]);
  t.deepEqual(rows.codes, []);
  t.is(rows.links.length, 1);
  t.is(rows.links[0]!.used_at, null);
  t.is(new Date(rows.links[0]!.expires_at).getTime(), NOW.getTime() + 30 * 60_000);
  t.false(stdout.includes(rows.links[0]!.token_hash), 'the token is printed, its hash stored');
  t.deepEqual(
    rows.audit.map((row) => row.action),
    ['totp.reset', 'enrolment.link_issued'],
  );
  t.like(rows.audit[0], { actor_user_id: null, ip: null });
  t.deepEqual(JSON.parse(rows.audit[0]!.before!), { totp_enabled: true, recovery_codes: 2 });
  t.deepEqual(JSON.parse(rows.audit[0]!.after!), {
    totp_enabled: false,
    recovery_codes: 0,
    console_sessions_ended: 2,
    source: 'cli',
  });

  // Run again, the new link spends the one before.
  const again = await run('admin:reset-2fa', user.username);
  t.regex(again.stdout, /two-factor sign-in: was not on\n  console sessions ended: 0\n/);
  t.is((await rowsOf(user.id)).links.length, 1);
});

test('admin:reset-2fa refuses an unknown or erased user with exit 1 and changes nothing', async (t) => {
  const erased = await buildUser(db.knex, { permissions: PERMISSIONS.canBanUsers, erased_at: NOW });
  const before = await rowsOf(erased.id);
  for (const [ref, message] of [
    ['nobody_here', 'There is no user named "nobody_here".'],
    ['99999999', 'There is no user with id 99999999.'],
    [String(erased.id), `User ${erased.id} was erased; it cannot sign in.`],
  ] as const) {
    const { code, stdout, stderr } = await run('admin:reset-2fa', ref);
    t.is(code, 1);
    t.is(stdout, '');
    t.true(stderr.startsWith(`error: ${message}`), stderr);
  }
  t.deepEqual(await rowsOf(erased.id), before);
});
