import test from 'ava';
import { PRIZE_REASONS } from '@ecup/domain';
import { findOperatorSeason, prizeExport, recordRoundWinners, type OperatorSeason } from '@ecup/db';
import { cli } from '../helpers/cli.ts';
import type { TestDatabase } from '../helpers/db.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { DAY, HOUR, WEEK, WEEK_1, prizeSeasonDatabase } from './prize-season.ts';

/** Saturday 00:00 of week 2: week 2's window has just closed; the operator exports on Wednesday of week 3. */
const WEEK_2_CLOSED = new Date(WEEK_1.getTime() + WEEK + 5 * DAY);
const NOW = new Date(WEEK_1.getTime() + 2 * WEEK + 2 * DAY + 12 * HOUR);

let db: TestDatabase;
let season: OperatorSeason;
type User = Awaited<ReturnType<typeof buildUser>>;
const players = {} as Record<'a' | 'b' | 'c' | 'd', User>;

/** A final game with the given Elo changes, played on Tuesday of the season's week `week`. */
async function final(one: User, two: User, score: [number, number], change: [number, number], week: number) {
  const at = new Date(WEEK_1.getTime() + (week - 1) * WEEK + DAY + HOUR);
  const id = await buildGame(db.knex, { user_1_id: one.id, user_2_id: two.id, season_id: season.id, created_at: at });
  await db
    .knex('games')
    .where('id', id)
    .update({
      state: 'final',
      score_1: score[0],
      score_2: score[1],
      final_at: new Date(at.getTime() + 15 * 60_000),
      elo_1_before: 1000,
      elo_1_after: 1000 + change[0],
      elo_2_before: 1000,
      elo_2_after: 1000 + change[1],
    });
}

test.before(async () => {
  ({ db } = await prizeSeasonDatabase('roundwinners', 7200));
  season = (await findOperatorSeason(db.knex))!;
  for (const name of ['a', 'b', 'c', 'd'] as const) {
    players[name] = await buildUser(db.knex, { username: `p_${name}`, birth_date: new Date(Date.UTC(1999, 4, 17)) });
  }
  const { a, b, c, d } = players;
  // Week 1: a gains most; week 2: c; week 3 (running): d.
  await final(a, b, [3, 0], [20, -20], 1);
  await final(c, b, [1, 1], [2, -2], 1);
  await final(c, a, [2, 0], [25, -25], 2);
  await final(b, d, [1, 0], [10, -10], 2);
  await final(d, a, [4, 1], [18, -18], 3);
});
test.after.always(async () => db?.drop());

const rounds = (result: Awaited<ReturnType<typeof prizeExport>>) =>
  result.weekly_round_winners.map((w) => ({
    round: w.round,
    username: w.username,
    elo_gain: w.elo_gain,
    games: w.games,
    wins: w.wins,
    eligible: w.eligible,
  }));

test.serial('the closed weeks are recorded once when two window closings run at once', async (t) => {
  const computed = await prizeExport(db.knex, season, NOW);
  const runs = await Promise.all([
    recordRoundWinners(db.knex, { season_id: season.id, through: WEEK_2_CLOSED, now: WEEK_2_CLOSED }),
    recordRoundWinners(db.knex, { season_id: season.id, through: WEEK_2_CLOSED, now: WEEK_2_CLOSED }),
  ]);
  t.true(runs.every((run) => run.recorded <= 2));
  const rows = (await db.knex('round_winners').orderBy('week_start').select('user_id', 'place', 'elo_gain')) as {
    user_id: number;
    place: number;
    elo_gain: number;
  }[];
  t.deepEqual(rows, [
    { user_id: players.a.id, place: 1, elo_gain: 20 },
    { user_id: players.c.id, place: 1, elo_gain: 25 },
  ]);
  t.deepEqual(await recordRoundWinners(db.knex, { season_id: season.id, through: WEEK_2_CLOSED, now: NOW }), {
    recorded: 0,
  });

  // The export reads the recorded weeks and computes the running one: the same figures as before recording.
  const recorded = await prizeExport(db.knex, season, NOW);
  t.deepEqual(recorded, computed);
  t.deepEqual(rounds(recorded), [
    { round: 1, username: 'p_a', elo_gain: 20, games: 1, wins: 1, eligible: true },
    { round: 2, username: 'p_c', elo_gain: 25, games: 1, wins: 1, eligible: true },
    { round: 3, username: 'p_d', elo_gain: 18, games: 1, wins: 1, eligible: true },
  ]);
});

test.serial(
  'prizes:export keeps a recorded winner who was banned later, and computes the unrecorded week',
  async (t) => {
    await db
      .knex('users')
      .whereIn('id', [players.a.id, players.d.id])
      .update({ banned_until: new Date('2026-06-01T00:00:00Z') });
    t.teardown(() => db.knex('users').whereIn('id', [players.a.id, players.d.id]).update({ banned_until: null }));
    const result = await cli(['prizes:export', '--format', 'json'], { databaseUrl: db.url, now: NOW });
    t.is(result.code, 0, result.stderr);
    const exported = JSON.parse(result.stdout) as Awaited<ReturnType<typeof prizeExport>>;
    // Week 1 stays recorded with a, now not eligible; week 3 is computed now, and only the banned a and d played it.
    t.deepEqual(rounds(exported), [
      { round: 1, username: 'p_a', elo_gain: 20, games: 1, wins: 1, eligible: false },
      { round: 2, username: 'p_c', elo_gain: 25, games: 1, wins: 1, eligible: true },
    ]);
    t.is(exported.weekly_round_winners[0]!.reason, PRIZE_REASONS.banned);
  },
);

test.serial('a week with a game not final yet is recorded at a later close, once every result is in', async (t) => {
  const weekThreeClosed = new Date(WEEK_2_CLOSED.getTime() + WEEK);
  const { b, c } = players;
  await final(b, c, [2, 0], [30, -30], 3);
  const open = (await db.knex('games').orderBy('id', 'desc').first('id')) as { id: number };
  await db.knex('games').where('id', open.id).update({ state: 'conflict', conflict: true });
  t.deepEqual(
    await recordRoundWinners(db.knex, { season_id: season.id, through: weekThreeClosed, now: weekThreeClosed }),
    { recorded: 0 },
  );
  t.is((await db.knex('round_winners').where('season_id', season.id)).length, 2);

  await db.knex('games').where('id', open.id).update({ state: 'final', conflict_solved: true });
  const computed = await prizeExport(db.knex, season, NOW);
  t.deepEqual(await recordRoundWinners(db.knex, { season_id: season.id, through: weekThreeClosed, now: NOW }), {
    recorded: 1,
  });
  t.like(await db.knex('round_winners').orderBy('week_start', 'desc').first('user_id', 'elo_gain'), {
    user_id: b.id,
    elo_gain: 30,
  });
  t.deepEqual(await prizeExport(db.knex, season, NOW), computed);
});
