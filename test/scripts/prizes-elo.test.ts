import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { PERMISSIONS, PRIZE_REASONS, compareByRanking, replayRatings } from '@ecup/domain';
import {
  adminEditResult,
  confirmResult,
  eloRecalculations,
  runEloRecalculation,
  submitResult,
  type PrizeExport,
} from '@ecup/db';
import { cli } from '../helpers/cli.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { DAY, HOUR, WEEK, WEEK_1, prizeSeasonDatabase } from './prize-season.ts';

// One scripted season, played through the real result commands: week 1 starts Monday 24 November 2025 00:00 in
// Stockholm (23 November 23:00 UTC). Tests that change ratings are serial and put them back.
/** The moment the operator runs the commands: Wednesday of week 3. */
const NOW = new Date(WEEK_1.getTime() + 2 * WEEK + 2 * DAY + 12 * HOUR);

let db: TestDatabase;
let seasonId: number;
type User = Awaited<ReturnType<typeof buildUser>>;
const players = {} as Record<'ace' | 'minor' | 'approved' | 'b' | 'c' | 'd' | 'e' | 'f' | 'banned', User>;
let moderator: User;
/** Games by name, for the edits. */
const games = new Map<string, number>();

const run = (args: string[]) => cli(args, { databaseUrl: db.url, now: NOW });

/** A final result through the real calls: user 1 submits 13 minutes after the start, user 2 verifies. */
async function play(name: string, one: User, two: User, score_1: number, score_2: number, at: Date) {
  const id = await buildGame(db.knex, { user_1_id: one.id, user_2_id: two.id, season_id: seasonId, created_at: at });
  const submittedAt = new Date(at.getTime() + 13 * 60_000);
  await db.knex.transaction((trx) =>
    submitResult(trx, { game_id: id, actor: { id: one.id, permissions: 0 }, score_1, score_2, now: submittedAt }),
  );
  await db.knex.transaction((trx) =>
    confirmResult(trx, {
      game_id: id,
      actor: { id: two.id, permissions: 0 },
      now: new Date(at.getTime() + 14 * 60_000),
    }),
  );
  games.set(name, id);
}

/** A moderator replaces a final result; the recalculation it asks for runs as the worker would run it. */
async function edit(name: string, score_1: number, score_2: number, at: Date) {
  const outcome = await db.knex.transaction((trx) =>
    adminEditResult(trx, {
      game_id: games.get(name)!,
      actor: { id: moderator.id, permissions: PERMISSIONS.canResolveConflicts },
      score_1,
      score_2,
      ip: null,
      now: at,
    }),
  );
  for (const job of eloRecalculations(outcome.events)) {
    await runEloRecalculation(db.knex, { game_id: job.game_id, now: new Date(at.getTime() + 1000) });
  }
}

const ratings = async () =>
  (await db.knex('users').orderBy('id').select('id', 'elo', 'games_played')) as {
    id: number;
    elo: number;
    games_played: number;
  }[];

test.before(async () => {
  ({ db, seasonId } = await prizeSeasonDatabase('prizeselo', 10_080));
  const adult = new Date(Date.UTC(1999, 4, 17));
  players.ace = await buildUser(db.knex, { username: 'ace', first_name: '=SUM(A1)', birth_date: adult });
  players.minor = await buildUser(db.knex, {
    username: 'minor',
    birth_date: new Date(Date.UTC(2010, 5, 1)),
    guardian_email: 'parent@example.com',
    guardian_confirmed_at: null,
  });
  players.approved = await buildUser(db.knex, {
    username: 'approved',
    birth_date: new Date(Date.UTC(2011, 0, 1)),
    guardian_email: 'guardian@example.com',
    guardian_confirmed_at: new Date('2025-11-20T10:00:00Z'),
  });
  for (const name of ['b', 'c', 'd', 'e', 'f', 'banned'] as const) {
    players[name] = await buildUser(db.knex, { username: `p_${name}`, birth_date: adult });
  }
  moderator = await buildUser(db.knex, { username: 'mod', permissions: PERMISSIONS.canResolveConflicts });

  const { ace, minor, approved, b, c, d, e, f, banned } = players;
  const week1 = (hours: number) => new Date(WEEK_1.getTime() + DAY + hours * HOUR);
  const week2 = (hours: number) => new Date(WEEK_1.getTime() + WEEK + DAY + hours * HOUR);
  // Week 1: ace and minor each win three in a row and secure a trophy; e and f draw; banned beats b.
  await play('ace-b', ace, b, 2, 0, week1(0));
  await play('ace-c', ace, c, 3, 0, week1(1));
  await play('ace-d', d, ace, 0, 1, week1(2));
  await play('minor-b', minor, b, 4, 0, week1(3));
  await play('minor-c', c, minor, 1, 2, week1(4));
  await play('minor-d', minor, d, 1, 0, week1(5));
  await play('e-f', e, f, 1, 1, week1(6));
  await play('banned-b', banned, b, 5, 0, week1(7));
  // Week 2: ace secures again (a repeat, no second prize); approved beats c; a moderator edits a week-1 result twice
  // after later games were rated.
  await play('ace-b-2', ace, b, 1, 0, week2(0));
  await edit('ace-c', 1, 1, week2(0.5));
  await play('ace-c-2', c, ace, 0, 2, week2(1));
  await play('approved-c', approved, c, 3, 2, week2(2));
  await edit('ace-c', 0, 1, week2(2.5));
  await play('ace-d-2', ace, d, 2, 1, week2(3));
  await db
    .knex('users')
    .where('id', banned.id)
    .update({ banned_until: new Date('2026-06-01T00:00:00Z') });
});
test.after.always(async () => db?.drop());

async function exportJson(): Promise<PrizeExport> {
  const result = await run(['prizes:export', '--format', 'json']);
  if (result.code !== 0) throw new Error(`prizes:export exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as PrizeExport;
}

test('prizes:export names each week the player with the biggest Elo gain, flagging a minor without approval', async (t) => {
  const result = await exportJson();
  // Each week's gains from the stored results (the edited game counts with its current change).
  const rows = await db.knex('games').where({ season_id: seasonId, state: 'final' });
  const gains = new Map<string, number>();
  for (const g of rows) {
    const week = Math.round((new Date(g.week_start!).getTime() - WEEK_1.getTime()) / WEEK) + 1;
    for (const [user, change] of [
      [g.user_1_id, g.elo_1_after! - g.elo_1_before!],
      [g.user_2_id, g.elo_2_after! - g.elo_2_before!],
    ] as const) {
      gains.set(`${week}:${user}`, (gains.get(`${week}:${user}`) ?? 0) + change);
    }
  }
  const rounds = result.weekly_round_winners.map((w) => ({
    round: w.round,
    week_date: w.week_date,
    username: w.username,
    elo_gain: w.elo_gain,
    eligible: w.eligible,
    reason: w.reason,
  }));
  t.deepEqual(rounds, [
    {
      round: 1,
      week_date: '2025-11-24',
      username: 'minor',
      elo_gain: gains.get(`1:${players.minor.id}`)!,
      eligible: false,
      reason: PRIZE_REASONS.noGuardianApproval,
    },
    {
      round: 2,
      week_date: '2025-12-01',
      username: 'ace',
      elo_gain: gains.get(`2:${players.ace.id}`)!,
      eligible: true,
      reason: '',
    },
  ]);
  // The winner's gain is the week's biggest among the players who are not banned.
  for (const { round, elo_gain } of rounds) {
    const others = [...gains.entries()].filter(
      ([key]) => key.startsWith(`${round}:`) && key !== `${round}:${players.banned.id}`,
    );
    t.is(Math.max(...others.map(([, gain]) => gain)), elo_gain);
  }
  const minor = result.weekly_round_winners[0]!;
  t.like(minor, {
    birth_date: '2010-06-01',
    age: 15,
    guardian_email: 'parent@example.com',
    guardian_confirmed: false,
    email: players.minor.email,
    gamer_tag: players.minor.gamer_tag,
    country: 'Afghanistan',
  });
});

test('prizes:export lists the trophy-hunt winners in order of securing and flags a repeat winner on stderr', async (t) => {
  const result = await run(['prizes:export', '--format', 'json']);
  t.is(result.code, 0);
  const exported = JSON.parse(result.stdout) as PrizeExport;
  t.deepEqual(
    exported.trophy_hunt_winners.map((w) => [w.round, w.position, w.username, w.eligible, w.reason]),
    [
      [1, 1, 'ace', true, ''],
      [1, 2, 'minor', false, PRIZE_REASONS.noGuardianApproval],
      [2, null, 'ace', false, PRIZE_REASONS.repeatTrophyWinner(1)],
    ],
  );
  t.deepEqual(exported.trophy_repeats, [{ user_id: players.ace.id, username: 'ace', round: 2, first_round: 1 }]);
  t.true(
    result.stderr.includes(
      'trophy hunt: 1 repeat winner flagged not eligible (one win per tournament): ace (round 2, already won in round 1).\n',
    ),
  );
});

test('prizes:export ranks the finalists by Elo, then games, then sign-up, without banned players', async (t) => {
  const exported = await exportJson();
  const { ace, minor, approved, b, c, d, e, f } = players;
  const stored = (await db.knex('users').whereIn(
    'id',
    [ace, minor, approved, b, c, d, e, f].map((p) => p.id),
  )) as {
    id: number;
    username: string;
    elo: number;
    games_played: number;
  }[];
  const expected = [...stored].sort(compareByRanking).map((u) => u.username);
  t.deepEqual(
    exported.final_standings.map((s) => s.username),
    expected,
  );
  t.deepEqual(
    exported.final_standings.map((s) => s.rank),
    expected.map((_, i) => i + 1),
  );
  // e and f drew their only game: same Elo and games, so the earlier sign-up is ahead.
  const names = exported.final_standings.map((s) => s.username);
  t.true(names.indexOf('p_e') === names.indexOf('p_f') - 1);
  t.false(names.includes('p_banned'));
  t.false(names.includes('mod'));
  t.like(
    exported.final_standings.find((s) => s.username === 'approved'),
    {
      guardian_confirmed: true,
      eligible: true,
    },
  );
});

test('prizes:export --out writes three CSV files with a formula guard and prints where', async (t) => {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'ecup-prizes-')), 'out');
  const result = await run(['prizes:export', '--out', dir]);
  t.is(result.code, 0, result.stderr);
  t.deepEqual((await readdir(dir)).sort(), [
    'final-standings.csv',
    'trophy-hunt-winners.csv',
    'weekly-round-winners.csv',
  ]);
  t.is(
    result.stdout,
    ['weekly-round-winners.csv', 'trophy-hunt-winners.csv', 'final-standings.csv']
      .map((name) => `wrote ${path.join(dir, name)}\n`)
      .join(''),
  );
  const trophies = (await readFile(path.join(dir, 'trophy-hunt-winners.csv'), 'utf8')).split('\r\n');
  t.is(
    trophies[0],
    'round,week_date,position,secured_at,user_id,username,first_name,last_name,email,gamer_tag,country,birth_date,age,guardian_email,guardian_confirmed,eligible,reason',
  );
  t.is(trophies.length, 5, 'header, three rows and the final line end');
  t.true(trophies[1]!.startsWith(`1,2025-11-24,1,`));
  t.true(trophies[1]!.includes(`,ace,'=SUM(A1),Player,`), 'a name that looks like a formula is defused');
  t.true(trophies[3]!.includes(',false,already won the trophy-hunt prize in week 1 (one win per tournament)'));
  t.regex(result.stderr, /^season \d+ \(Winter 2025\): 2 weekly round winners, 3 trophy-hunt rows, 8 finalists; /);
});

test('prizes:export --format json --out writes one document', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ecup-prizes-'));
  const result = await run(['prizes:export', '--format', 'json', '--out', dir]);
  t.is(result.code, 0);
  t.deepEqual(await readdir(dir), ['prizes.json']);
  const document = JSON.parse(await readFile(path.join(dir, 'prizes.json'), 'utf8')) as PrizeExport;
  t.is(document.season.id, seasonId);
  t.is(document.generated_at, NOW.toISOString());
});

test('prizes:export refuses an unknown season with exit 1 and prints nothing else', async (t) => {
  const result = await run(['prizes:export', '--season', '999']);
  t.deepEqual(result, { code: 1, stdout: '', stderr: 'error: season 999 does not exist.\n' });
});

test('prizes:export refuses a format other than csv or json with exit 2', async (t) => {
  const result = await run(['prizes:export', '--format', 'xml']);
  t.is(result.code, 2);
  t.is(result.stdout, '');
  t.true(
    result.stderr.startsWith(
      "error: option '--format <format>' argument 'xml' is invalid. Allowed choices are csv, json.\n",
    ),
  );
});

test('prizes:export refuses an --out that is a file, and leaves the file alone', async (t) => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'ecup-prizes-')), 'taken.txt');
  await writeFile(file, 'keep me');
  const result = await run(['prizes:export', '--out', file]);
  t.deepEqual(result, { code: 1, stdout: '', stderr: `error: cannot write to ${file}: it is not a folder.\n` });
  t.is(await readFile(file, 'utf8'), 'keep me');
});

test.serial('elo:rebuild reproduces the ratings after a season whose older result was edited twice', async (t) => {
  const before = await ratings();
  t.true((await db.knex('elo_history').where('kind', 'edit').count({ n: '*' }))[0]!.n === 2);
  t.true(
    Number((await db.knex('elo_history').where('kind', 'replay').count({ n: '*' }))[0]?.n) > 0,
    'the edits were replayed',
  );
  const result = await run(['elo:rebuild']);
  t.is(result.code, 0, result.stderr);
  t.is(
    result.stdout,
    `season ${seasonId}: replayed 12 final games (2 edits) from 1000 over 10 players; 0 players differ; nothing to write.\n`,
  );
  t.deepEqual(await ratings(), before);
  // The recalculations after the edits left the ratings of the current scores replayed in final_at order.
  const finals = await db.knex('games').where('state', 'final').orderBy(['final_at', 'id']);
  const naive = replayRatings(
    finals.map((g) => ({ user_1: g.user_1_id!, user_2: g.user_2_id!, score_1: g.score_1!, score_2: g.score_2! })),
  );
  const played = before.filter((r) => r.games_played > 0);
  t.deepEqual(
    played.map((r) => naive.get(r.id)?.elo),
    played.map((r) => r.elo),
  );
});

test.serial('elo:rebuild --dry-run reports a corrupted rating and changes nothing', async (t) => {
  const before = await ratings();
  const ace = before.find((r) => r.id === players.ace.id)!;
  await db
    .knex('users')
    .where('id', ace.id)
    .update({ elo: ace.elo + 100 });
  t.teardown(() => db.knex('users').where('id', ace.id).update({ elo: ace.elo }));
  const result = await run(['elo:rebuild', '--dry-run']);
  t.is(result.code, 0, result.stderr);
  t.is(
    result.stdout,
    `ace (user ${ace.id}): stored Elo ${ace.elo + 100}, rebuilt ${ace.elo}\n` +
      `season ${seasonId}: replayed 12 final games (2 edits) from 1000 over 10 players; 1 player differs; dry run: nothing written.\n`,
  );
  t.is((await ratings()).find((r) => r.id === ace.id)!.elo, ace.elo + 100);
});

test.serial('elo:rebuild writes the rebuilt rating of a corrupted player and then finds nothing', async (t) => {
  const before = await ratings();
  const ace = before.find((r) => r.id === players.ace.id)!;
  await db
    .knex('users')
    .where('id', ace.id)
    .update({ elo: ace.elo - 37, games_played: ace.games_played + 2 });
  const result = await run(['elo:rebuild', '--season', String(seasonId)]);
  t.is(result.code, 0, result.stderr);
  t.is(
    result.stdout,
    `ace (user ${ace.id}): stored Elo ${ace.elo - 37}, rebuilt ${ace.elo}; stored games ${ace.games_played + 2}, rebuilt ${ace.games_played}\n` +
      `season ${seasonId}: replayed 12 final games (2 edits) from 1000 over 10 players; 1 player differs; rebuilt ratings written.\n`,
  );
  t.deepEqual(await ratings(), before);
  const again = await run(['elo:rebuild']);
  t.true(again.stdout.endsWith('; 0 players differ; nothing to write.\n'));
});

test.serial('elo:rebuild refuses an unknown season with exit 1 and changes nothing', async (t) => {
  const before = await ratings();
  const result = await run(['elo:rebuild', '--season', '999']);
  t.deepEqual(result, { code: 1, stdout: '', stderr: 'error: season 999 does not exist.\n' });
  const bad = await run(['elo:rebuild', '--season', 'first']);
  t.is(bad.code, 2);
  t.true(
    bad.stderr.startsWith(
      "error: option '--season <id>' argument 'first' is invalid. must be a whole number of 1 or more.\n",
    ),
  );
  t.deepEqual(await ratings(), before);
});
