import test from 'ava';
import { actualScore, eloChanges, expectedScore, kFactor, rateGame, replayRatings } from './elo.ts';

test('expectedScore follows 1 / (1 + 10^((Rb - Ra) / 400))', (t) => {
  t.is(expectedScore(1000, 1000), 0.5);
  // 1 / (1 + 10^-0.5) = 1 / 1.316227766 = 0.759746927
  t.is(Number(expectedScore(1200, 1000).toFixed(9)), 0.759746927);
  t.is(Number(expectedScore(1000, 1200).toFixed(9)), 0.240253073);
  // 400 points apart: 1 / (1 + 10) and 10 / 11
  t.is(Number(expectedScore(1000, 1400).toFixed(9)), Number((1 / 11).toFixed(9)));
  t.is(Number((expectedScore(1234, 987) + expectedScore(987, 1234)).toFixed(12)), 1);
});

test('kFactor is 40 for the first 30 games and 20 after', (t) => {
  t.is(kFactor(0), 40);
  t.is(kFactor(29), 40);
  t.is(kFactor(30), 20);
  t.is(kFactor(500), 20);
});

test('actualScore is 1 for a win, 0.5 for a draw and 0 for a loss', (t) => {
  t.is(actualScore(3, 1), 1);
  t.is(actualScore(2, 2), 0.5);
  t.is(actualScore(0, 1), 0);
});

// Hand-computed: E(1200 vs 1000) = 0.759746927, E(1000 vs 1200) = 0.240253073.
const games: [string, Parameters<typeof rateGame>[0], { elo_1: number; elo_2: number }][] = [
  [
    'two new players at 1000, player 1 wins: +/- 40 * 0.5',
    { elo_1: 1000, games_1: 0, elo_2: 1000, games_2: 0, score_1: 2, score_2: 1 },
    { elo_1: 1020, elo_2: 980 },
  ],
  [
    'two new players at 1000 draw: nothing changes',
    { elo_1: 1000, games_1: 5, elo_2: 1000, games_2: 7, score_1: 1, score_2: 1 },
    { elo_1: 1000, elo_2: 1000 },
  ],
  [
    'two experienced players at 1000, player 2 wins: +/- 20 * 0.5',
    { elo_1: 1000, games_1: 30, elo_2: 1000, games_2: 99, score_1: 0, score_2: 4 },
    { elo_1: 990, elo_2: 1010 },
  ],
  [
    'favourite (1200, K 20) beats a newcomer (1000, K 40): 1204.805 and 990.390',
    { elo_1: 1200, games_1: 30, elo_2: 1000, games_2: 0, score_1: 3, score_2: 0 },
    { elo_1: 1205, elo_2: 990 },
  ],
  [
    'newcomer (1000, K 40) upsets the favourite (1200, K 20): 1184.805 and 1030.390',
    { elo_1: 1200, games_1: 30, elo_2: 1000, games_2: 29, score_1: 0, score_2: 1 },
    { elo_1: 1185, elo_2: 1030 },
  ],
  [
    'favourite and newcomer draw: 1194.805 and 1010.390',
    { elo_1: 1200, games_1: 31, elo_2: 1000, games_2: 10, score_1: 2, score_2: 2 },
    { elo_1: 1195, elo_2: 1010 },
  ],
  [
    'two experienced players draw 1200 against 1000: 1194.805 and 1005.195',
    { elo_1: 1200, games_1: 40, elo_2: 1000, games_2: 30, score_1: 0, score_2: 0 },
    { elo_1: 1195, elo_2: 1005 },
  ],
  [
    'K switches at 30 games behind: 29 games still K 40 (+20), 30 games K 20 (-10)',
    { elo_1: 1000, games_1: 29, elo_2: 1000, games_2: 30, score_1: 2, score_2: 0 },
    { elo_1: 1020, elo_2: 990 },
  ],
];
for (const [what, input, expected] of games) {
  test(`rateGame: ${what}`, (t) => {
    t.deepEqual(rateGame(input), expected);
  });
}

test('eloChanges is the move rateGame makes for each player, each with their own K', (t) => {
  // Equal ratings, both new (K 40): the winner gains 20, the loser loses 20.
  t.deepEqual(eloChanges({ elo_1: 1000, games_1: 0, elo_2: 1000, games_2: 0, score_1: 1, score_2: 3 }), {
    change_1: -20,
    change_2: 20,
  });
  // Player 2 past 30 games (K 20): a draw against a stronger player moves them less than the new player.
  const input = { elo_1: 1000, games_1: 5, elo_2: 1200, games_2: 40, score_1: 2, score_2: 2 };
  const rated = rateGame(input);
  t.deepEqual(eloChanges(input), { change_1: rated.elo_1 - 1000, change_2: rated.elo_2 - 1200 });
  t.deepEqual(eloChanges(input), { change_1: 10, change_2: -5 });
});

test('replayRatings equals applying rateGame game by game, and counts games for K', (t) => {
  const season = [
    { user_1: 1, user_2: 2, score_1: 3, score_2: 1 },
    { user_1: 2, user_2: 3, score_1: 0, score_2: 0 },
    { user_1: 3, user_2: 1, score_1: 2, score_2: 1 },
  ];
  const a = rateGame({ elo_1: 1000, games_1: 0, elo_2: 1000, games_2: 0, score_1: 3, score_2: 1 });
  const b = rateGame({ elo_1: a.elo_2, games_1: 1, elo_2: 1000, games_2: 0, score_1: 0, score_2: 0 });
  const c = rateGame({ elo_1: b.elo_2, games_1: 1, elo_2: a.elo_1, games_2: 1, score_1: 2, score_2: 1 });
  const ratings = replayRatings(season);
  t.deepEqual(ratings.get(1), { elo: c.elo_2, games: 2 });
  t.deepEqual(ratings.get(2), { elo: b.elo_1, games: 2 });
  t.deepEqual(ratings.get(3), { elo: c.elo_1, games: 2 });
});

test('replayRatings uses K 20 from the 31st game on', (t) => {
  const initial = new Map([
    [1, { elo: 1000, games: 30 }],
    [2, { elo: 1000, games: 29 }],
  ]);
  const ratings = replayRatings([{ user_1: 1, user_2: 2, score_1: 1, score_2: 0 }], initial);
  t.deepEqual(ratings.get(1), { elo: 1010, games: 31 });
  t.deepEqual(ratings.get(2), { elo: 980, games: 30 });
  // The caller's map is not changed.
  t.deepEqual(initial.get(1), { elo: 1000, games: 30 });
});
