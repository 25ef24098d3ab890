import test from 'ava';
import type { TrophyStatsResponse } from '@ecup/domain';
import {
  deadlineOf,
  windowEndOf,
  holdersView,
  nextChangeAt,
  poolFill,
  streakOf,
  trophyHuntView,
  winsLeft,
} from './trophy-hunt.ts';

const NOW = 1_700_000_000_000;

function stats(overrides: Partial<TrophyStatsResponse> = {}): TrophyStatsResponse {
  return {
    trophies_left: 12,
    pool_size: 25,
    trophy_reset_countdown: 3600,
    hunt_ends_in: 86_400,
    hunt_ended: false,
    server_time_ms: NOW,
    ...overrides,
  };
}

test('poolFill draws trophies left out of the pool size, from empty to full', (t) => {
  t.is(poolFill(25, 25), 1);
  t.is(poolFill(12, 25), 0.48);
  t.is(poolFill(0, 25), 0);
  t.is(poolFill(30, 25), 1, 'never overflows');
  t.is(poolFill(-1, 25), 0);
  t.is(poolFill(5, 0), 0, 'a pool without a size is drawn empty');
  t.is(poolFill(Number.NaN, 25), 0);
  t.is(poolFill(5), 0.2, 'the default size is the 25 of docs/product.md#constants');
});

test('winsLeft is 3 minus the wins in a row, never below 0', (t) => {
  t.is(winsLeft(0), 3);
  t.is(winsLeft(1), 2);
  t.is(winsLeft(2), 1);
  t.is(winsLeft(3), 0);
  t.is(winsLeft(5), 0);
  t.is(winsLeft(-1), 3);
});

test('streakOf writes the streak out of 3', (t) => {
  t.deepEqual(streakOf(0), { wins: 0, of: 3 });
  t.deepEqual(streakOf(2), { wins: 2, of: 3 });
  t.deepEqual(streakOf(7), { wins: 3, of: 3 });
});

test('deadlineOf turns a countdown in seconds into an instant on the server clock', (t) => {
  t.is(deadlineOf(90, NOW), NOW + 90_000);
  t.is(deadlineOf(0, NOW), NOW);
  t.is(deadlineOf(-5, NOW), NOW);
});

test('trophyHuntView reads the countdowns as instants and the signed-in part only when present', (t) => {
  const anonymous = trophyHuntView(stats());
  t.is(anonymous.hunt_ends_at_ms, NOW + 86_400_000);
  t.is(anonymous.reset_at_ms, NOW + 3_600_000);
  t.is(anonymous.mine, null);
  t.is(anonymous.hunt_starts_at_ms, null, 'started (an answer without hunt_starts_in too)');
  t.is(trophyHuntView(stats({ hunt_starts_in: 0 })).hunt_starts_at_ms, null);
  t.is(trophyHuntView(stats({ hunt_starts_in: 60 })).hunt_starts_at_ms, NOW + 60_000);
  t.is(trophyHuntView(stats({ trophy_reset_countdown: null })).reset_at_ms, null);

  const signedIn = trophyHuntView(
    stats({ trophies: [{ id: 7, wins: 2, time_active: 120 }], secured_trophies: 1, unsecured_trophies: 1 }),
  );
  t.deepEqual(signedIn.mine, {
    secured: 1,
    unsecured: 1,
    trophies: [{ id: 7, wins: 2, expires_at_ms: NOW + 120_000 }],
  });
  t.deepEqual(trophyHuntView(stats({ trophies: [] })).mine, { secured: 0, unsecured: 0, trophies: [] });
});

test('holdersView keeps the server order and reads each time left as an instant', (t) => {
  const view = holdersView({
    server_time_ms: NOW,
    holders: [
      {
        trophy_id: 3,
        user_id: 9,
        username: 'alva',
        avatar_hash: null,
        gamer_tag: 'Alva-1',
        wins: 2,
        time_active: 60,
        online: true,
      },
    ],
  });
  t.deepEqual(view, [
    {
      trophy_id: 3,
      user_id: 9,
      username: 'alva',
      avatar_hash: null,
      gamer_tag: 'Alva-1',
      wins: 2,
      online: true,
      expires_at_ms: NOW + 60_000,
    },
  ]);
});

test('nextChangeAt is the first coming start, reset, expiry or end; nothing after the end or for countdowns at 0', (t) => {
  const holders = holdersView({
    server_time_ms: NOW,
    holders: [
      {
        trophy_id: 1,
        user_id: 2,
        username: 'bo',
        avatar_hash: null,
        gamer_tag: 'Bo',
        wins: 1,
        time_active: 30,
        online: false,
      },
    ],
  });
  const view = trophyHuntView(stats({ trophies: [{ id: 5, wins: 1, time_active: 600 }] }));
  t.is(nextChangeAt(view), NOW + 600_000, 'my trophy runs out before the reset');
  t.is(nextChangeAt(view, holders), NOW + 30_000, "a holder's trophy runs out first");
  t.is(nextChangeAt(trophyHuntView(stats())), NOW + 3_600_000, 'the reset');
  t.is(nextChangeAt(trophyHuntView(stats({ trophy_reset_countdown: null }))), NOW + 86_400_000, 'the end');
  t.is(nextChangeAt(trophyHuntView(stats({ hunt_starts_in: 10 }))), NOW + 10_000, 'the start');
  t.is(nextChangeAt(trophyHuntView(stats({ trophy_reset_countdown: 0, hunt_ends_in: 0 }))), null);
  t.is(nextChangeAt(trophyHuntView(stats({ hunt_ended: true, hunt_ends_in: 0 })), holders), null);
});

test('a trophy window never reads longer than 2 days, even when the server rounded its seconds up', (t) => {
  t.is(windowEndOf(172_801, NOW), NOW + 172_800_000);
  t.is(windowEndOf(3_600, NOW), NOW + 3_600_000);
});
