import test from 'ava';
import {
  PRIZE_REASONS,
  finalStandings,
  prizeEligibility,
  roundNumber,
  trophyRepeatWeeks,
  weeklyRoundWinners,
  type RoundGame,
} from './prizes.ts';
import { csvField, toCsv } from './csv.ts';

const TODAY = new Date('2025-12-10T12:00:00Z');

test('an adult is eligible with no reason', (t) => {
  t.deepEqual(prizeEligibility({ birth_date: { year: 1990, month: 1, day: 1 }, guardian_confirmed_at: null }, TODAY), {
    eligible: true,
    reason: '',
  });
});

test('a minor whose guardian has not confirmed is not eligible, and says why', (t) => {
  t.deepEqual(prizeEligibility({ birth_date: { year: 2010, month: 6, day: 1 }, guardian_confirmed_at: null }, TODAY), {
    eligible: false,
    reason: PRIZE_REASONS.noGuardianApproval,
  });
  const confirmed = new Date('2025-11-01T00:00:00Z');
  t.true(
    prizeEligibility({ birth_date: { year: 2010, month: 6, day: 1 }, guardian_confirmed_at: confirmed }, TODAY)
      .eligible,
  );
});

test('eligibility turns at the 18th and the 12th birthday, counted on the export date', (t) => {
  // 18 on 10 December 2025: no approval needed any more; 18 tomorrow: still a minor.
  t.true(
    prizeEligibility({ birth_date: { year: 2007, month: 12, day: 10 }, guardian_confirmed_at: null }, TODAY).eligible,
  );
  t.false(
    prizeEligibility({ birth_date: { year: 2007, month: 12, day: 11 }, guardian_confirmed_at: null }, TODAY).eligible,
  );
  const eleven = prizeEligibility(
    { birth_date: { year: 2013, month: 12, day: 11 }, guardian_confirmed_at: new Date('2025-01-01T00:00:00Z') },
    TODAY,
  );
  t.deepEqual(eleven, { eligible: false, reason: PRIZE_REASONS.underMinimumAge });
  t.true(
    prizeEligibility(
      { birth_date: { year: 2013, month: 12, day: 10 }, guardian_confirmed_at: new Date('2025-01-01T00:00:00Z') },
      TODAY,
    ).eligible,
  );
});

test('every reason is listed: banned, erased and a repeat win', (t) => {
  t.deepEqual(
    prizeEligibility(
      { birth_date: { year: 1990, month: 1, day: 1 }, guardian_confirmed_at: null, banned: true },
      TODAY,
      [PRIZE_REASONS.repeatTrophyWinner(1)],
    ),
    {
      eligible: false,
      reason: 'banned; already won the trophy-hunt prize in week 1 (one win per tournament)',
    },
  );
  t.is(
    prizeEligibility({ birth_date: { year: 1990, month: 1, day: 1 }, guardian_confirmed_at: null, erased: true }, TODAY)
      .reason,
    'account erased',
  );
});

const W1 = Date.UTC(2025, 10, 23, 23);
const W2 = W1 + 7 * 86_400_000;
const game = (
  week: number,
  user_1: number,
  user_2: number,
  s1: number,
  s2: number,
  c1: number,
  c2: number,
): RoundGame => ({
  week_start_ms: week,
  user_1,
  user_2,
  score_1: s1,
  score_2: s2,
  elo_change_1: c1,
  elo_change_2: c2,
});

test('the weekly round winner is the biggest Elo gain of the week, one per week, oldest week first', (t) => {
  const games = [
    game(W2, 3, 4, 1, 0, 15, -15),
    game(W1, 1, 2, 2, 0, 20, -20),
    game(W1, 3, 1, 1, 0, 22, -22),
    game(W1, 3, 2, 0, 0, 1, -1),
  ];
  t.deepEqual(weeklyRoundWinners(games, new Set([1, 2, 3, 4])), [
    { week_start_ms: W1, user_id: 3, elo_gain: 23, games: 2, wins: 1 },
    { week_start_ms: W2, user_id: 3, elo_gain: 15, games: 1, wins: 1 },
  ]);
});

test('a weekly round tie goes to more games that week, then the earlier sign-up; non-candidates never win', (t) => {
  const games = [game(W1, 5, 6, 1, 0, 20, -20), game(W1, 7, 8, 1, 0, 10, -10), game(W1, 7, 9, 1, 0, 10, -10)];
  t.is(weeklyRoundWinners(games, new Set([5, 6, 7, 8, 9]))[0]!.user_id, 7, 'two games beat one at the same gain');
  t.is(weeklyRoundWinners(games, new Set([5, 6, 8, 9]))[0]!.user_id, 5);
  const tied = [game(W1, 12, 13, 1, 0, 20, -20), game(W1, 11, 14, 1, 0, 20, -20)];
  t.is(weeklyRoundWinners(tied, new Set([11, 12, 13, 14]))[0]!.user_id, 11);
  t.deepEqual(weeklyRoundWinners(tied, new Set()), []);
});

test('final standings are the top 16 by Elo, then more games, then earlier sign-up', (t) => {
  const players = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, elo: 1000 + (i % 5) * 10, games_played: i % 3 }));
  const top = finalStandings(players);
  t.is(top.length, 16);
  t.deepEqual(
    top.slice(0, 4).map((p) => p.id),
    [15, 5, 20, 10],
  );
  t.deepEqual(
    finalStandings([
      { id: 2, elo: 1000, games_played: 1 },
      { id: 1, elo: 1000, games_played: 1 },
    ]).map((p) => p.id),
    [1, 2],
  );
});

test('a trophy-hunt winner listed again in a later week is a repeat of the first week', (t) => {
  t.deepEqual(
    trophyRepeatWeeks([
      { user_id: 1, week: 1 },
      { user_id: 2, week: 1 },
      { user_id: 3, week: 2 },
      { user_id: 1, week: 2 },
      { user_id: 1, week: 4 },
    ]),
    [null, null, null, 1, 1],
  );
});

test('weekly rounds count from the week the qualifiers start, across a daylight-saving change', (t) => {
  t.is(roundNumber(W1, W1), 1);
  t.is(roundNumber(W2, W1), 2);
  t.is(roundNumber(W1 + 4 * 7 * 86_400_000 + 3_600_000, W1), 5);
});

test('csv fields are quoted when needed and formulas are defused', (t) => {
  t.is(csvField('plain'), 'plain');
  t.is(csvField('a,b'), '"a,b"');
  t.is(csvField('say "hi"'), '"say ""hi"""');
  t.is(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  t.is(csvField('-1'), "'-1");
  t.is(csvField(null), '');
  t.is(csvField(false), 'false');
  t.is(
    toCsv<{ a: number; b: string | null }>(
      ['a', 'b'],
      [
        { a: 1, b: null },
        { a: 2, b: '@x' },
      ],
    ),
    "a,b\r\n1,\r\n2,'@x\r\n",
  );
});
