import test from 'ava';
import { TROPHY_ACTIVE_MS } from './constants.ts';
import { poolAfter, trophyMoves, weeklyWinners, type HeldTrophy, type TrophyResultInput } from './trophies.ts';

const NOW = 1_700_000_000_000;
const A = 1;
const B = 2;

function game(overrides: Partial<TrophyResultInput>): TrophyResultInput {
  return {
    user_1_id: A,
    user_2_id: B,
    score_1: 2,
    score_2: 1,
    trophy_1: null,
    trophy_2: null,
    pool_left: 25,
    hunt_open: true,
    now_ms: NOW,
    ...overrides,
  };
}

const held = (id: number, holder: number, wins: number, expiresInMs = 60_000): HeldTrophy => ({
  id,
  holder_user_id: holder,
  wins,
  expires_at_ms: NOW + expiresInMs,
});

test('a winner without a trophy takes one from the pool with a 2-day window', (t) => {
  const moves = trophyMoves(game({}));
  t.deepEqual(moves, [{ kind: 'take', to_user_id: A, wins: 1, expires_at_ms: NOW + TROPHY_ACTIVE_MS }]);
  t.is(poolAfter(25, moves), 24);
});

test('user 2 winning takes the trophy for user 2', (t) => {
  t.deepEqual(trophyMoves(game({ score_1: 0, score_2: 3 })), [
    { kind: 'take', to_user_id: B, wins: 1, expires_at_ms: NOW + TROPHY_ACTIVE_MS },
  ]);
});

test('an empty pool gives the winner nothing', (t) => {
  t.deepEqual(trophyMoves(game({ pool_left: 0 })), []);
});

test('a draw is disregarded, even at 2/3', (t) => {
  t.deepEqual(trophyMoves(game({ score_1: 1, score_2: 1, trophy_1: held(7, A, 2) })), []);
});

test('a holder who wins adds a win; the third in a row secures it', (t) => {
  t.deepEqual(trophyMoves(game({ trophy_1: held(7, A, 1) })), [{ kind: 'win', trophy_id: 7, user_id: A, wins: 2 }]);
  t.deepEqual(trophyMoves(game({ trophy_1: held(7, A, 2) })), [
    { kind: 'win', trophy_id: 7, user_id: A, wins: 3 },
    { kind: 'secure', trophy_id: 7, user_id: A },
  ]);
});

test('a holder beaten at 2/3 loses the trophy to the winner, whose streak starts at 1', (t) => {
  const moves = trophyMoves(game({ trophy_2: held(9, B, 2) }));
  t.deepEqual(moves, [
    { kind: 'pass', trophy_id: 9, from_user_id: B, to_user_id: A, wins: 1, expires_at_ms: NOW + TROPHY_ACTIVE_MS },
  ]);
  t.is(poolAfter(25, moves), 25, 'a pass does not touch the pool');
});

test('holder beats holder: the winner’s streak grows and the loser’s trophy goes back to the pool', (t) => {
  const moves = trophyMoves(game({ trophy_1: held(7, A, 1), trophy_2: held(9, B, 2) }));
  t.deepEqual(moves, [
    { kind: 'win', trophy_id: 7, user_id: A, wins: 2 },
    { kind: 'return', trophy_id: 9, from_user_id: B },
  ]);
  t.is(poolAfter(3, moves), 4);
});

test('a trophy that expired while the game was played counts as not held', (t) => {
  const expired = held(7, A, 2, -1);
  t.deepEqual(trophyMoves(game({ trophy_1: expired })), [
    { kind: 'take', to_user_id: A, wins: 1, expires_at_ms: NOW + TROPHY_ACTIVE_MS },
  ]);
  const expiredLoser = held(9, B, 1, 0);
  t.deepEqual(trophyMoves(game({ trophy_2: expiredLoser, pool_left: 0 })), [], 'nothing to pass, nothing to take');
});

test('nothing moves when the hunt is not open', (t) => {
  t.deepEqual(trophyMoves(game({ hunt_open: false, trophy_2: held(9, B, 1) })), []);
});

test('weekly winners: in order of securing, once each, a second prize blocked, at most the limit', (t) => {
  const secured = [
    { user_id: 5, secured_at_ms: 30 },
    { user_id: 3, secured_at_ms: 10 },
    { user_id: 4, secured_at_ms: 20 },
    { user_id: 3, secured_at_ms: 40 },
    { user_id: 6, secured_at_ms: 50 },
  ];
  t.deepEqual(weeklyWinners(secured, new Set(), 6), [3, 4, 5, 6]);
  t.deepEqual(weeklyWinners(secured, new Set([4]), 6), [3, 5, 6], 'a player who won before is skipped');
  t.deepEqual(weeklyWinners(secured, new Set(), 2), [3, 4]);
});
