import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Knex } from 'knex';
import { DEMO_ACCOUNTS, seedBase } from '@ecup/db';
import { cli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { buildUser } from '../helpers/factories.ts';
import { ROOT } from '../helpers/process.ts';

// Every test here changes one of three databases in order, so they run one after another.
const NOW = new Date('2020-11-30T10:00:00Z');
let seasonDb: TestDatabase;
let adminDb: TestDatabase;
let demoDb: TestDatabase;
let uploadDir: string;

test.before(async () => {
  [seasonDb, adminDb, demoDb] = await Promise.all([
    createTestDatabase('cliseason'),
    createTestDatabase('cliadmin'),
    createTestDatabase('clidemo'),
  ]);
  await seedBase(adminDb.knex, { now: NOW });
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'ecup-cli-demo-'));
});

test.after.always(async () => {
  await Promise.all([seasonDb?.drop(), adminDb?.drop(), demoDb?.drop()]);
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

/** Every row of the tables a command may touch, to prove a refusal or a dry run changed nothing. */
async function snapshot(knex: Knex, tables: string[] = ['seasons', 'audit_log', 'users']): Promise<unknown> {
  const rows: Record<string, unknown> = {};
  for (const table of tables) rows[table] = await knex(table).orderBy('id').select();
  return rows;
}

const run = (db: TestDatabase, args: string[], env?: NodeJS.ProcessEnv) =>
  cli(args, { databaseUrl: db.url, now: NOW, env });

const CREATE_2020 = [
  'season:create',
  '--name',
  'eCup 2020',
  '--qualifiers-start',
  '2020-11-23',
  '--qualifiers-end',
  '2020-12-21',
  '--finals-date',
  '2021-01-09T12:00',
  '--prizes',
  'Winner: 36 000 FIFA points.',
];

// --- help ---

for (const command of ['season:create', 'season:update', 'season:show', 'admin:grant', 'admin:revoke', 'demo:seed']) {
  test.serial(`${command} --help prints the usage, a description and examples, and exits 0`, async (t) => {
    const { code, stdout, stderr } = await run(seasonDb, [command, '--help']);
    t.is(code, 0, stderr);
    t.regex(stdout, new RegExp(`^Usage: ecup ${command} `, 'm'));
    t.regex(stdout, /Examples:\n {2}\$ npm run cli -- /);
    t.true(stdout.includes('--dry-run') || command === 'season:show');
  });
}

// --- season:show with nothing there ---

test.serial('season:show says there is no current season on an empty database (exit 1)', async (t) => {
  const { code, stdout, stderr } = await run(seasonDb, ['season:show']);
  t.is(code, 1);
  t.is(stdout, '');
  t.is(stderr, 'error: there is no current season: create one with season:create.\n');
});

// --- season:create ---

test.serial('season:create --dry-run prints the season it would create and writes nothing', async (t) => {
  const before = await snapshot(seasonDb.knex);
  const { code, stdout, stderr } = await run(seasonDb, [...CREATE_2020, '--dry-run']);
  t.is(code, 0, stderr);
  t.true(stdout.startsWith('Dry run: would create season "eCup 2020" (the current season). Nothing was written.\n'));
  t.true(stdout.includes('Qualifiers start: 22 Nov 2020, 23:00 UTC (23 Nov 2020, 00:00 CET)\n'));
  t.deepEqual(await snapshot(seasonDb.knex), before);
});

const badCreates: [string, string[], string][] = [
  [
    'an unknown time zone',
    ['--time-zone', 'Mars/Olympus'],
    "error: --time-zone must be an IANA time zone such as Europe/Stockholm or UTC; got 'Mars/Olympus'.\n",
  ],
  [
    'a qualifiers end before the start',
    ['--qualifiers-end', '2020-11-01'],
    'error: --qualifiers-end must be after --qualifiers-start.\n',
  ],
  [
    'a date that is not ISO 8601',
    ['--qualifiers-start', '23/11/2020'],
    "error: --qualifiers-start must be a date such as 2020-11-25, 2020-11-25T18:00 (season time zone) or 2020-11-24T23:00:00Z; got '23/11/2020'.\n",
  ],
  [
    'a weekly window time it cannot read',
    ['--window-opens', 'Monday noon'],
    "error: --window-opens must be a weekday and a time such as 'Mon 00:00' or 'Sat 18:30'; got 'Monday noon'.\n",
  ],
  [
    'a window that closes when it opens',
    ['--window-opens', 'Wed 10:00', '--window-closes', 'Wed 10:00'],
    'error: --window-closes must differ from --window-opens: a window that closes when it opens is never open.\n',
  ],
  [
    'a weekly cap of 0',
    ['--max-games-per-week', '0'],
    'error: --max-games-per-week must be a whole number from 1 to 1000.\n',
  ],
  [
    'finals before the qualifiers end',
    ['--finals-date', '2020-12-01'],
    'error: --finals-date must not be before --qualifiers-end.\n',
  ],
];
for (const [what, extra, message] of badCreates) {
  test.serial(`season:create refuses ${what} with exit 1, names the option and writes nothing`, async (t) => {
    const before = await snapshot(seasonDb.knex);
    const { code, stdout, stderr } = await run(seasonDb, [...CREATE_2020, ...extra]);
    t.is(code, 1);
    t.is(stderr, message);
    t.is(stdout, '');
    t.deepEqual(await snapshot(seasonDb.knex), before);
  });
}

test.serial('season:create without --name refuses with exit 1 and writes nothing', async (t) => {
  const before = await snapshot(seasonDb.knex);
  const { code, stdout, stderr } = await run(seasonDb, [
    'season:create',
    '--qualifiers-start',
    '2020-11-23',
    '--qualifiers-end',
    '2020-12-21',
  ]);
  t.is(code, 1);
  t.is(stderr, 'error: --name is required.\n');
  t.is(stdout, '');
  t.deepEqual(await snapshot(seasonDb.knex), before);
});

test.serial(
  'season:create writes the season with the docs/decisions.md#season-and-time defaults and an audit row',
  async (t) => {
    const { code, stdout, stderr } = await run(seasonDb, CREATE_2020);
    t.is(code, 0, stderr);
    const seasons = await seasonDb.knex('seasons').select();
    t.is(seasons.length, 1);
    const season = seasons[0];
    t.like(season, {
      name: 'eCup 2020',
      product_name: 'eCup',
      time_zone: 'Europe/Stockholm',
      window_start_minute: 0,
      window_end_minute: 7200,
      prizes_text: 'Winner: 36 000 FIFA points.',
      max_games_per_week: 30,
      active: 1,
    });
    t.is(season!.qualifiers_start.toISOString(), '2020-11-22T23:00:00.000Z');
    t.is(season!.qualifiers_end.toISOString(), '2020-12-20T23:00:00.000Z');
    t.is(season!.trophy_hunt_end.toISOString(), '2020-12-20T23:00:00.000Z');
    t.is(season!.finals_date!.toISOString(), '2021-01-09T11:00:00.000Z');
    t.is(season!.start_countdown_at!.toISOString(), '2020-11-22T23:00:00.000Z');
    t.true(stdout.startsWith(`Created season ${season!.id} "eCup 2020" (the current season).\n`), stdout);
    t.true(stdout.includes('Weekly window:    Mon 00:00 to Sat 00:00 Europe/Stockholm\n'), stdout);
    const audit = await seasonDb.knex('audit_log').where({ action: 'season.create' }).select();
    t.is(audit.length, 1);
    t.like(audit[0], { actor_user_id: null, entity: 'season', entity_id: String(season!.id) });
  },
);

test.serial('season:show prints the current season in UTC and in its time zone', async (t) => {
  const { code, stdout, stderr } = await run(seasonDb, ['season:show']);
  t.is(code, 0, stderr);
  const id = (await seasonDb.knex('seasons').first('id'))!.id as number;
  t.is(
    stdout,
    [
      `Season ${id}: eCup 2020`,
      'Product name:     eCup',
      'Active:           yes, the current season',
      'Time zone:        Europe/Stockholm',
      'Qualifiers start: 22 Nov 2020, 23:00 UTC (23 Nov 2020, 00:00 CET)',
      'Qualifiers end:   20 Dec 2020, 23:00 UTC (21 Dec 2020, 00:00 CET)',
      'Weekly window:    Mon 00:00 to Sat 00:00 Europe/Stockholm',
      'Finals:           9 Jan 2021, 11:00 UTC (9 Jan 2021, 12:00 CET)',
      'Trophy hunt end:  20 Dec 2020, 23:00 UTC (21 Dec 2020, 00:00 CET)',
      'Countdown to:     22 Nov 2020, 23:00 UTC (23 Nov 2020, 00:00 CET)',
      'Max games/week:   30',
      'Chat with minors: presets',
      'Prizes:           ',
      '  Winner: 36 000 FIFA points.',
      '',
    ].join('\n'),
  );
});

test.serial('season:show --json prints one object with ISO dates and the window', async (t) => {
  const { code, stdout } = await run(seasonDb, ['season:show', '--json']);
  t.is(code, 0);
  const json = JSON.parse(stdout) as Record<string, unknown>;
  t.like(json, {
    name: 'eCup 2020',
    qualifiers_start: '2020-11-22T23:00:00.000Z',
    window_start_minute: 0,
    window_end_minute: 7200,
    window_opens: 'Mon 00:00',
    window_closes: 'Sat 00:00',
    max_games_per_week: 30,
    current: true,
    active: true,
  });
});

test.serial('season:show refuses an unknown id (exit 1) and a non-numeric one (exit 2)', async (t) => {
  const unknown = await run(seasonDb, ['season:show', '999']);
  t.is(unknown.code, 1);
  t.is(unknown.stderr, 'error: no season with id 999.\n');
  const bad = await run(seasonDb, ['season:show', 'abc']);
  t.is(bad.code, 2);
  t.true(bad.stderr.includes("error: command-argument value 'abc' is invalid for argument 'id'."), bad.stderr);
});

// --- season:update ---

test.serial('season:update --dry-run lists the changes and writes nothing', async (t) => {
  const before = await snapshot(seasonDb.knex);
  const { code, stdout, stderr } = await run(seasonDb, ['season:update', '--max-games-per-week', '25', '--dry-run']);
  t.is(code, 0, stderr);
  t.regex(
    stdout,
    /^Dry run: would change season \d+ "eCup 2020":\n {2}Max games\/week: 30 -> 25\nNothing was written\.\n$/,
  );
  t.deepEqual(await snapshot(seasonDb.knex), before);
});

test.serial('season:update refuses an end before the stored start (exit 1) and changes nothing', async (t) => {
  const before = await snapshot(seasonDb.knex);
  const { code, stderr } = await run(seasonDb, ['season:update', '--qualifiers-end', '2020-11-01T00:00:00Z']);
  t.is(code, 1);
  t.is(stderr, 'error: --qualifiers-end must be after --qualifiers-start.\n');
  t.deepEqual(await snapshot(seasonDb.knex), before);
});

test.serial('season:update refuses an unknown season id (exit 1) and changes nothing', async (t) => {
  const before = await snapshot(seasonDb.knex);
  const { code, stderr } = await run(seasonDb, ['season:update', '42', '--max-games-per-week', '25']);
  t.is(code, 1);
  t.is(stderr, 'error: no season with id 42.\n');
  t.deepEqual(await snapshot(seasonDb.knex), before);
});

test.serial('season:update changes only the given options of the current season', async (t) => {
  const before = await seasonDb.knex('seasons').first();
  const { code, stdout, stderr } = await run(seasonDb, [
    'season:update',
    '--max-games-per-week',
    '25',
    '--window-closes',
    'Sun 12:00',
  ]);
  t.is(code, 0, stderr);
  const after = await seasonDb.knex('seasons').first();
  t.deepEqual(
    { ...after, updated_at: null },
    { ...before, max_games_per_week: 25, window_end_minute: 6 * 1440 + 720, updated_at: null },
  );
  t.is(after!.updated_at.toISOString(), NOW.toISOString());
  t.is(
    stdout,
    `Changed season ${before!.id} "eCup 2020":\n  Window closes: Sat 00:00 -> Sun 12:00\n  Max games/week: 30 -> 25\n` +
      'Running API processes pick the change up within 5 seconds.\n',
  );
  const audit = await seasonDb.knex('audit_log').where({ action: 'season.update' }).first();
  t.deepEqual(JSON.parse(audit!.before as string), { window_end_minute: 7200, max_games_per_week: 30 });
  t.like(JSON.parse(audit!.after as string), { window_end_minute: 9360, max_games_per_week: 25, source: 'cli' });
});

test.serial('season:update with the stored values says there is nothing to change', async (t) => {
  const before = await snapshot(seasonDb.knex);
  const { code, stdout } = await run(seasonDb, ['season:update', '--max-games-per-week', '25']);
  t.is(code, 0);
  t.regex(stdout, /^Season \d+ "eCup 2020": nothing to change\.\n$/);
  t.deepEqual(await snapshot(seasonDb.knex), before);
});

test.serial('season:update --chat-mode sets what a chat between an adult and a minor allows', async (t) => {
  const id = (await seasonDb.knex('seasons').where('active', true).first('id'))!.id as number;
  const before = await snapshot(seasonDb.knex);
  const refused = await run(seasonDb, ['season:update', '--chat-mode', 'free']);
  t.is(refused.code, 1);
  t.is(refused.stderr, "error: --chat-mode must be one of presets, filtered, off; got 'free'.\n");
  t.deepEqual(await snapshot(seasonDb.knex), before);
  const { code, stdout, stderr } = await run(seasonDb, ['season:update', '--chat-mode', 'filtered']);
  t.is(code, 0, stderr);
  t.is(
    stdout,
    `Changed season ${id} "eCup 2020":\n  Chat with minors: presets -> filtered\n` +
      'Running API processes pick the change up within 5 seconds.\n',
  );
  t.is((await seasonDb.knex('seasons').where('id', id).first('chat_mode'))!.chat_mode, 'filtered');
  t.is((await run(seasonDb, ['season:update', '--chat-mode', 'presets'])).code, 0);
});

test.serial('a second season:create becomes the current season and the first stops being active', async (t) => {
  const first = (await seasonDb.knex('seasons').first('id'))!.id as number;
  const prizesFile = path.join(uploadDir, 'prizes.txt');
  await writeFile(prizesFile, 'Line one\nLine two\n');
  const { code, stdout, stderr } = await run(seasonDb, [
    'season:create',
    '--name',
    'eCup 2021',
    '--product-name',
    'eCup 21',
    '--qualifiers-start',
    '2021-11-22T00:00:00Z',
    '--qualifiers-end',
    '2021-12-20T00:00:00Z',
    '--time-zone',
    'UTC',
    '--window-opens',
    'Mon 00:00',
    '--window-closes',
    'Mon 00:00',
    '--prizes-file',
    prizesFile,
  ]);
  t.is(code, 0, stderr);
  const rows = await seasonDb.knex('seasons').orderBy('id').select('id', 'active', 'window_end_minute', 'prizes_text');
  t.deepEqual(
    rows.map((r) => [r.id, r.active]),
    [
      [first, 0],
      [first + 1, 1],
    ],
  );
  t.is(rows[1]!.window_end_minute, 10080);
  t.is(rows[1]!.prizes_text, 'Line one\nLine two');
  t.true(stdout.startsWith(`Created season ${first + 1} "eCup 2021" (the current season; season ${first} stops`));
  const show = await run(seasonDb, ['season:show']);
  t.true(show.stdout.startsWith(`Season ${first + 1}: eCup 2021\nProduct name:     eCup 21\n`));
  t.true(show.stdout.includes('Weekly window:    the whole week (Mon 00:00 to Mon 00:00) UTC\n'));
  const old = await run(seasonDb, ['season:show', String(first)]);
  t.true(old.stdout.includes('Active:           no\n'));
});

test.serial('season:update --activate makes an older season current again', async (t) => {
  const [first, second] = (await seasonDb.knex('seasons').orderBy('id').pluck('id')) as number[];
  const { code, stdout } = await run(seasonDb, ['season:update', String(first), '--activate']);
  t.is(code, 0);
  t.true(stdout.includes(`  Active: no -> yes\n  Season ${second} stopped being active.\n`), stdout);
  const active = await seasonDb.knex('seasons').where('active', true).pluck('id');
  t.deepEqual(active, [first]);
  const json = JSON.parse((await run(seasonDb, ['season:show', '--json'])).stdout) as { id: number };
  t.is(json.id, first!);
});

// --- admin:grant / admin:revoke ---

test.serial('admin:grant all makes the first admin, prints before/after and audits it', async (t) => {
  const user = await buildUser(adminDb.knex, { username: 'first_admin' });
  const { code, stdout, stderr } = await run(adminDb, ['admin:grant', 'first_admin', 'all']);
  t.is(code, 0, stderr);
  t.regex(
    stdout,
    new RegExp(
      `^User first_admin \\(id ${user.id}\\)\n  before: 0 \\(none\\)\n  after:  127 \\(all\\)\n` +
        'Saved, and written to the audit log\\.\n' +
        'Enrolment link \\(valid 30 minutes, once\\): https?://\\S+/admin/enrol#token=[0-9a-f]{64}\n$',
    ),
  );
  t.is((await adminDb.knex('users').where('id', user.id).first('permissions'))!.permissions, 127);
  const audit = await adminDb.knex('audit_log').where({ action: 'user.permissions' }).select();
  t.is(audit.length, 1);
  t.like(audit[0], { actor_user_id: null, entity: 'user', entity_id: String(user.id), ip: null });
  t.deepEqual(JSON.parse(audit[0]!.before as string), { permissions: 0, flags: [] });
  t.like(JSON.parse(audit[0]!.after as string), { permissions: 127, source: 'cli' });
});

test.serial('admin:grant takes a numeric id, case-insensitive names and numbers, and keeps held flags', async (t) => {
  const user = await buildUser(adminDb.knex, { permissions: 2 });
  const { code, stdout } = await run(adminDb, ['admin:grant', String(user.id), 'CANRESOLVECONFLICTS', '64']);
  t.is(code, 0);
  t.true(
    stdout.includes(
      '  before: 2 (canBanUsers)\n  after:  98 (canBanUsers, canResolveConflicts, canSeeTrophyWinners)\n',
    ),
  );
  t.is((await adminDb.knex('users').where('id', user.id).first('permissions'))!.permissions, 98);
});

test.serial('admin:revoke removes only the named flags', async (t) => {
  const user = await buildUser(adminDb.knex, { permissions: 34 });
  const { code, stdout } = await run(adminDb, ['admin:revoke', user.username, 'canBanUsers']);
  t.is(code, 0);
  t.true(stdout.includes('  before: 34 (canBanUsers, canResolveConflicts)\n  after:  32 (canResolveConflicts)\n'));
  t.is((await adminDb.knex('users').where('id', user.id).first('permissions'))!.permissions, 32);
});

test.serial('admin:revoke of a flag not held says so and writes nothing', async (t) => {
  const user = await buildUser(adminDb.knex, { permissions: 32 });
  const before = await snapshot(adminDb.knex, ['users', 'audit_log']);
  const { code, stdout } = await run(adminDb, ['admin:revoke', user.username, 'canIPBan']);
  t.is(code, 0);
  t.true(stdout.endsWith('Nothing to change: not held.\n'));
  t.deepEqual(await snapshot(adminDb.knex, ['users', 'audit_log']), before);
});

test.serial('admin:grant --dry-run prints the flags it would set and writes nothing', async (t) => {
  const user = await buildUser(adminDb.knex);
  const before = await snapshot(adminDb.knex, ['users', 'audit_log']);
  const { code, stdout } = await run(adminDb, ['admin:grant', user.username, '34', '--dry-run']);
  t.is(code, 0);
  t.true(
    stdout.endsWith(
      '  before: 0 (none)\n  after:  34 (canBanUsers, canResolveConflicts)\nDry run: nothing was written.\n',
    ),
  );
  t.deepEqual(await snapshot(adminDb.knex, ['users', 'audit_log']), before);
});

const badGrants: [string, string[], string][] = [
  [
    'an unknown flag name',
    ['admin:grant', 'first_admin', 'canFly'],
    "error: Unknown permission 'canFly'. Known: canSeeUserProfile, canBanUsers, canIPBan, canSeeCountryStats, canPublishNews, canResolveConflicts, canSeeTrophyWinners.\n",
  ],
  ['a number above 127', ['admin:revoke', 'first_admin', '128'], 'error: Permissions must be between 0 and 127.\n'],
  [
    'no flag at all (none)',
    ['admin:grant', 'first_admin', 'none'],
    'error: no permission flag given: name one or more of canSeeUserProfile, canBanUsers, canIPBan, canSeeCountryStats, canPublishNews, canResolveConflicts, canSeeTrophyWinners, or all.\n',
  ],
  [
    'an unknown username',
    ['admin:grant', 'nobody_here', 'all'],
    'error: There is no user named "nobody_here". An erased account has no username any more: give its numeric id.\n',
  ],
  ['an unknown user id', ['admin:revoke', '999999', 'all'], 'error: There is no user with id 999999.\n'],
];
for (const [what, args, message] of badGrants) {
  test.serial(`${args[0]} refuses ${what} with exit 1 and changes nothing`, async (t) => {
    const before = await snapshot(adminDb.knex, ['users', 'audit_log']);
    const { code, stdout, stderr } = await run(adminDb, args);
    t.is(code, 1);
    t.is(stderr, message);
    t.is(stdout, '');
    t.deepEqual(await snapshot(adminDb.knex, ['users', 'audit_log']), before);
  });
}

test.serial('admin:grant without flags is a usage error (exit 2)', async (t) => {
  const { code, stderr } = await run(adminDb, ['admin:grant', 'first_admin']);
  t.is(code, 2);
  t.true(stderr.startsWith("error: missing required argument 'flags'\n"), stderr);
});

test.serial('admin:revoke all from the only full admin warns that nobody can edit flags any more', async (t) => {
  const { code, stdout } = await run(adminDb, ['admin:revoke', 'first_admin', 'all']);
  t.is(code, 0);
  t.true(stdout.includes('  before: 127 (all)\n  after:  0 (none)\n'));
  t.true(stdout.endsWith('Note: no user holds every flag now, so nobody can edit flags in the console.\n'));
});

// --- demo:seed ---

const DEMO_ARGS = ['demo:seed', '--players', '6', '--games-per-player', '2', '--forum-threads', '2', '--seed', '7'];

test.serial('demo:seed --dry-run says what it would add and writes nothing', async (t) => {
  const tables = ['users', 'seasons', 'games', 'news', 'forum_threads', 'countries'];
  const before = await snapshot(demoDb.knex, tables);
  const { code, stdout, stderr } = await run(demoDb, [...DEMO_ARGS, '--dry-run'], { UPLOAD_DIR: uploadDir });
  t.is(code, 0, stderr);
  t.true(stdout.startsWith('Dry run: would add\n'));
  t.true(stdout.includes('  a season open now (there is no active season)\n'));
  t.true(
    stdout.includes(
      '  demo players, games, news and forum threads: players 6, games per player 2, forum threads 2, seed 7\n',
    ),
  );
  t.true(stdout.endsWith('Nothing was written.\n'));
  t.deepEqual(await snapshot(demoDb.knex, tables), before);
});

test.serial('demo:seed refuses a bad --players value as a usage error (exit 2) and writes nothing', async (t) => {
  const before = await snapshot(demoDb.knex, ['users', 'seasons']);
  const { code, stderr } = await run(demoDb, ['demo:seed', '--players', 'many'], { UPLOAD_DIR: uploadDir });
  t.is(code, 2);
  t.true(
    stderr.startsWith("error: option '--players <n>' argument 'many' is invalid. must be a whole number of 1 or more."),
    stderr,
  );
  t.deepEqual(await snapshot(demoDb.knex, ['users', 'seasons']), before);
});

test.serial('demo:seed adds the demo season, accounts, players, games and images and prints the summary', async (t) => {
  const { code, stdout, stderr } = await run(demoDb, DEMO_ARGS, { UPLOAD_DIR: uploadDir });
  t.is(code, 0, stderr);
  const seasons = await demoDb.knex('seasons').select('id', 'active');
  t.is(seasons.length, 1);
  t.true(stdout.startsWith(`Seeded the demo in season ${seasons[0]!.id} (created, open now):\n`), stdout);
  t.true(stdout.includes('       8 users (2 demo accounts + players)\n'));
  t.true(stdout.includes('       6 demo players\n'));
  t.true(stdout.includes('       2 forum threads\n'));
  const admin = await demoDb.knex('users').where('username', DEMO_ACCOUNTS.admin.username).first('permissions');
  t.is(admin!.permissions, 127);
  const count = async (table: string) => Number((await demoDb.knex(table).count({ n: '*' }))[0]?.n);
  t.is(await count('users'), 8);
  const games = await count('games');
  t.true(stdout.includes(`${String(games).padStart(6)} finished games\n`));
  t.true(games > 0);
  t.true((await readdir(uploadDir)).includes('news'));
  // Seeded on 30 November 2020: the qualifiers end in January 2021, so the season's final is in July 2021.
  const season = await demoDb.knex('seasons').first('name', 'prizes_text');
  t.is(season!.name, 'eCup 2021');
  t.true(season!.prizes_text.includes('a trip to the final in July 2021.'));
  const finalNews = await demoDb.knex('news').where('content', 'like', '%Gothenburg in July 2021%').count({ n: '*' });
  t.is(Number(finalNews[0]?.n), 1);
});

test.serial('demo:seed a second time says the demo is already there and writes nothing', async (t) => {
  const tables = ['users', 'seasons', 'games', 'news', 'forum_threads'];
  const before = await snapshot(demoDb.knex, tables);
  const { code, stdout } = await run(demoDb, DEMO_ARGS, { UPLOAD_DIR: uploadDir });
  t.is(code, 0);
  t.is(stdout, 'The demo is already seeded (user demo_admin exists): nothing was written.\n');
  t.deepEqual(await snapshot(demoDb.knex, tables), before);
});

// --- the real entry ---

function runCliProcess(
  args: string[],
  databaseUrl: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/src/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test.serial('the npm entry prints season:show and exits 0, and exits 1 for an unknown season', async (t) => {
  const shown = await runCliProcess(['season:show', '--json'], demoDb.url);
  t.is(shown.code, 0, shown.stderr);
  t.like(JSON.parse(shown.stdout), { name: 'eCup 2021', current: true });
  const missing = await runCliProcess(['season:show', '999'], demoDb.url);
  t.is(missing.code, 1);
  t.true(missing.stderr.endsWith('error: no season with id 999.\n'), missing.stderr);
});
