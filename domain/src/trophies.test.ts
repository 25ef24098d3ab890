import test from 'ava';
import { TROPHY_ACTIVE_MS } from './constants.ts';
import {
  countdownSeconds,
  huntTimers,
  isCurrentPoolWeek,
  isHuntOpen,
  poolAfter,
  resultOutcome,
  trophyMoves,
  trophyReleaseDue,
  weeklyWinners,
  type HeldTrophy,
  type HuntSeason,
  type TrophyResultInput,
} from './trophies.ts';

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

test('holder beats holder at 2/3: the winner secures, then the loser’s trophy goes back to the pool', (t) => {
  const moves = trophyMoves(game({ score_1: 0, score_2: 2, trophy_1: held(7, A, 1), trophy_2: held(9, B, 2) }));
  t.deepEqual(moves, [
    { kind: 'win', trophy_id: 9, user_id: B, wins: 3 },
    { kind: 'secure', trophy_id: 9, user_id: B },
    { kind: 'return', trophy_id: 7, from_user_id: A },
  ]);
  t.is(poolAfter(0, moves), 1, 'an empty pool gets the returned trophy');
});

test('a beaten holder passes the trophy even when the pool is empty', (t) => {
  t.deepEqual(trophyMoves(game({ pool_left: 0, trophy_2: held(9, B, 1) })), [
    { kind: 'pass', trophy_id: 9, from_user_id: B, to_user_id: A, wins: 1, expires_at_ms: NOW + TROPHY_ACTIVE_MS },
  ]);
});

// --- Hunt dates, timers and releases (docs/rules.md "Trophy hunt") ---

/** A hunt in Stockholm from Monday 25 Nov 2019 00:00 CET to Wednesday 25 Dec 2019 12:00 CET. */
const hunt: HuntSeason = {
  time_zone: 'Europe/Stockholm',
  qualifiers_start: new Date('2019-11-24T23:00:00Z'),
  trophy_hunt_end: new Date('2019-12-25T11:00:00Z'),
};
const at = (iso: string) => new Date(iso);

test('the hunt runs from the qualifiers’ start (inclusive) to its end (exclusive)', (t) => {
  t.false(isHuntOpen(hunt, at('2019-11-24T22:59:59.999Z')));
  t.true(isHuntOpen(hunt, at('2019-11-24T23:00:00Z')));
  t.true(isHuntOpen(hunt, at('2019-12-25T10:59:59.999Z')));
  t.false(isHuntOpen(hunt, at('2019-12-25T11:00:00Z')));
});

test('timers: before the start the reset countdown is the start; inside, the next Monday; in the last week, none', (t) => {
  t.deepEqual(huntTimers(hunt, at('2019-11-24T22:00:00Z')), {
    started: false,
    ended: false,
    starts_in_ms: 3_600_000,
    ends_in_ms: at('2019-12-25T11:00:00Z').getTime() - at('2019-11-24T22:00:00Z').getTime(),
    next_pool_in_ms: 3_600_000,
  });
  // Wednesday 27 Nov 12:00 CET: the next pool opens Monday 2 Dec 00:00 CET.
  const wednesday = huntTimers(hunt, at('2019-11-27T11:00:00Z'));
  t.is(wednesday.next_pool_in_ms, at('2019-12-01T23:00:00Z').getTime() - at('2019-11-27T11:00:00Z').getTime());
  t.true(wednesday.started);
  t.is(wednesday.starts_in_ms, 0);
  // Monday 23 Dec: the next Monday (30 Dec) comes after the hunt's end.
  t.is(huntTimers(hunt, at('2019-12-23T08:00:00Z')).next_pool_in_ms, null);
  const after = huntTimers(hunt, at('2019-12-26T00:00:00Z'));
  t.like(after, { started: true, ended: true, ends_in_ms: 0, next_pool_in_ms: null });
});

test('countdowns are whole seconds rounded up, never below 0', (t) => {
  t.is(countdownSeconds(1), 1);
  t.is(countdownSeconds(1000), 1);
  t.is(countdownSeconds(1001), 2);
  t.is(countdownSeconds(0), 0);
  t.is(countdownSeconds(-5000), 0);
});

test('a held trophy is released by whichever came first, its expiry or its week’s reset', (t) => {
  const week = at('2019-11-24T23:00:00Z'); // Monday 25 Nov 00:00 CET
  const reset = at('2019-12-01T23:00:00Z').getTime(); // Monday 2 Dec 00:00 CET
  const trophy = (expiresIso: string) => ({ expires_at_ms: at(expiresIso).getTime(), pool_week_start: week });
  t.is(trophyReleaseDue(trophy('2019-11-28T12:00:00Z'), hunt, at('2019-11-28T11:59:59Z').getTime()), null);
  t.deepEqual(trophyReleaseDue(trophy('2019-11-28T12:00:00Z'), hunt, at('2019-11-28T12:00:00Z').getTime()), {
    kind: 'expire',
    at_ms: at('2019-11-28T12:00:00Z').getTime(),
  });
  t.deepEqual(trophyReleaseDue(trophy('2019-12-02T12:00:00Z'), hunt, reset), { kind: 'reset', at_ms: reset });
  // A worker that was down for days: the reset came first, so it is a reset, even though the window ran out too.
  t.deepEqual(trophyReleaseDue(trophy('2019-12-02T12:00:00Z'), hunt, at('2019-12-05T00:00:00Z').getTime()), {
    kind: 'reset',
    at_ms: reset,
  });
});

test('nothing is released at or after the hunt’s end: the last week’s trophies stay as they are', (t) => {
  const lastWeek = at('2019-12-22T23:00:00Z'); // Monday 23 Dec 00:00 CET; its reset (30 Dec) is after the end
  const late = at('2020-01-10T00:00:00Z').getTime();
  t.is(
    trophyReleaseDue({ expires_at_ms: at('2019-12-26T00:00:00Z').getTime(), pool_week_start: lastWeek }, hunt, late),
    null,
  );
  t.deepEqual(
    trophyReleaseDue({ expires_at_ms: at('2019-12-24T00:00:00Z').getTime(), pool_week_start: lastWeek }, hunt, late),
    { kind: 'expire', at_ms: at('2019-12-24T00:00:00Z').getTime() },
    'an expiry that came before the end is applied late',
  );
});

test('pool weeks and result outcomes', (t) => {
  t.true(isCurrentPoolWeek(at('2019-11-24T23:00:00Z'), hunt.time_zone, at('2019-12-01T22:59:59Z')));
  t.false(isCurrentPoolWeek(at('2019-11-24T23:00:00Z'), hunt.time_zone, at('2019-12-01T23:00:00Z')));
  t.is(resultOutcome(2, 1), 1);
  t.is(resultOutcome(0, 0), 0);
  t.is(resultOutcome(1, 4), -1);
});
