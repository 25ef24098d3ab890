import test from 'ava';
import {
  allowedEloGap,
  blockedPairKey,
  checkQueueEntry,
  pairPlayers,
  queueCooldownUntil,
  type PairingCandidate,
  type QueueEntryFacts,
} from './matchmaking.ts';
import { MESSAGES, message } from './messages.ts';

const NOW = Date.UTC(2019, 10, 27, 12, 0, 0); // Wednesday 27 Nov 2019, 13:00 in Stockholm
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let nextId = 1;
function player(elo: number, waitedMs = 0, last: number | null = null, id = nextId++): PairingCandidate {
  return { user_id: id, elo, entered_at_ms: NOW - waitedMs, last_opponent_id: last };
}

const ids = (pairs: { user_1_id: number; user_2_id: number }[]) =>
  pairs.map((p) => [p.user_1_id, p.user_2_id].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);

test('allowedEloGap starts at 100, adds 50 per full 10 s waited and has no limit from 60 s', (t) => {
  t.is(allowedEloGap(0), 100);
  t.is(allowedEloGap(9_999), 100);
  t.is(allowedEloGap(10_000), 150);
  t.is(allowedEloGap(19_999), 150);
  t.is(allowedEloGap(20_000), 200);
  t.is(allowedEloGap(50_000), 350);
  t.is(allowedEloGap(59_999), 350);
  t.is(allowedEloGap(60_000), Infinity);
  t.is(allowedEloGap(3_600_000), Infinity);
  t.is(allowedEloGap(-5_000), 100, 'a wait in the future (clock skew) counts as none');
  t.is(allowedEloGap(Number.NaN), 100);
});

test('pairPlayers pairs the closest Elo first', (t) => {
  const a = player(1000, 30 * SECOND);
  const b = player(1040);
  const c = player(1010);
  const d = player(1050);
  t.deepEqual(
    ids(pairPlayers([a, b, c, d], NOW)),
    ids([
      { user_1_id: a.user_id, user_2_id: c.user_id },
      { user_1_id: b.user_id, user_2_id: d.user_id },
    ]),
  );
});

test('pairPlayers widens the allowed gap with the waiting time of the longer waiter', (t) => {
  const fresh = player(1000);
  const far = player(1150);
  t.deepEqual(pairPlayers([fresh, far], NOW), [], 'a gap of 150 is too wide for two who just entered');
  t.deepEqual(pairPlayers([fresh, far], NOW + 9_999), [], 'still 100 before 10 s');
  t.deepEqual(pairPlayers([fresh, far], NOW + 10_000), [{ user_1_id: fresh.user_id, user_2_id: far.user_id }]);

  const waited = player(1000, 20 * SECOND);
  const newcomer = player(1200);
  t.deepEqual(
    pairPlayers([newcomer, waited], NOW),
    [{ user_1_id: waited.user_id, user_2_id: newcomer.user_id }],
    'the newcomer accepts only 100, but the longer waiter’s 200 decides',
  );
  const distant = player(3000);
  t.deepEqual(pairPlayers([waited, distant], NOW), []);
  t.deepEqual(pairPlayers([waited, distant], NOW + 40 * SECOND), [
    { user_1_id: waited.user_id, user_2_id: distant.user_id },
  ]);
});

test('pairPlayers serves the longest waiter first', (t) => {
  // b sits between a (longest waiter) and c; a takes b although b and c are closer to each other.
  const a = player(1000, 40 * SECOND);
  const b = player(1060, 5 * SECOND);
  const c = player(1070);
  t.deepEqual(pairPlayers([c, b, a], NOW), [{ user_1_id: a.user_id, user_2_id: b.user_id }]);
});

test('pairPlayers never pairs last opponents while anyone else is waiting', (t) => {
  const a = player(1000, 0, null, 9001);
  const b = player(1000, 0, 9001, 9002);
  const c = player(1050, 0, null, 9003);
  t.deepEqual(ids(pairPlayers([a, b, c], NOW)), [[9001, 9003]], 'a meets c, b keeps waiting');
  const far = player(2000, 0, null, 9004);
  t.deepEqual(pairPlayers([a, b, far], NOW), [], 'a third player out of reach still blocks the rematch');
  t.deepEqual(ids(pairPlayers([a, b], NOW)), [[9001, 9002]], 'alone in the queue they may meet again');
  const onlyA = player(1000, 0, 9006, 9005);
  const onlyB = player(1000, 0, null, 9006);
  t.deepEqual(ids(pairPlayers([onlyA, onlyB], NOW)), [[9005, 9006]], 'one-sided last opponent counts too');
  t.deepEqual(
    ids(pairPlayers([onlyA, onlyB, player(1010, 0, null, 9007)], NOW)),
    [[9005, 9007]],
    'either side having the other as last opponent blocks the pair',
  );
});

test('pairPlayers never pairs a blocked pair, in either direction, not even as the last two', (t) => {
  const a = player(1000, 0, null, 9101);
  const b = player(1000, 0, null, 9102);
  const c = player(1040, 0, null, 9103);
  const blocked = new Set([blockedPairKey(9102, 9101)]);
  t.is(blockedPairKey(9101, 9102), blockedPairKey(9102, 9101));
  t.deepEqual(pairPlayers([a, b], NOW, blocked), [], 'the last two left stay apart');
  t.deepEqual(pairPlayers([a, b], NOW + 10 * MINUTE, blocked), [], 'however long they wait');
  t.deepEqual(ids(pairPlayers([a, b], NOW)), [[9101, 9102]], 'without the block they meet');
  const paired = ids(pairPlayers([a, b, c], NOW + 2 * MINUTE, blocked));
  t.is(paired.length, 1);
  t.notDeepEqual(paired[0], [9101, 9102], 'a third player meets one of them');
});

test('pairPlayers skips past a last opponent to the next closest player', (t) => {
  const a = player(1000, 30 * SECOND, 8002, 8001);
  const b = player(1001, 0, 8001, 8002);
  const c = player(1090, 0, null, 8003);
  const d = player(1500, 0, null, 8004);
  t.deepEqual(ids(pairPlayers([a, b, c, d], NOW)), [[8001, 8003]]);
});

test('pairPlayers leaves the odd player out waiting', (t) => {
  const players = [player(1000), player(1010), player(1020), player(1030), player(1040)];
  const pairs = pairPlayers(players, NOW);
  t.is(pairs.length, 2);
  const paired = new Set(pairs.flatMap((p) => [p.user_1_id, p.user_2_id]));
  t.is(paired.size, 4);
  t.deepEqual(pairPlayers([player(1000)], NOW), []);
  t.deepEqual(pairPlayers([], NOW), []);
});

test('pairPlayers breaks an equal gap in favour of the longer waiter', (t) => {
  const served = player(1000, 50 * SECOND);
  const below = player(950, 5 * SECOND);
  const above = player(1050, 6 * SECOND);
  t.deepEqual(pairPlayers([served, below, above], NOW), [{ user_1_id: served.user_id, user_2_id: above.user_id }]);
});

test('pairPlayers takes the longer waiter among players of the same Elo', (t) => {
  const served = player(1150, 30 * SECOND);
  const newer = player(1000, 1 * SECOND, null, 7001);
  const older = player(1000, 5 * SECOND, null, 7002);
  t.deepEqual(pairPlayers([served, newer, older], NOW), [{ user_1_id: served.user_id, user_2_id: older.user_id }]);
  const low = player(1300, 2 * SECOND, null, 7003);
  const lowOlder = player(1300, 8 * SECOND, null, 7004);
  const top = player(1400, 40 * SECOND);
  t.deepEqual(pairPlayers([low, top, lowOlder], NOW), [{ user_1_id: top.user_id, user_2_id: lowOlder.user_id }]);
  const same = [player(1000, 3 * SECOND), player(1000, 9 * SECOND), player(1000, 6 * SECOND)];
  t.deepEqual(pairPlayers(same, NOW), [{ user_1_id: same[1]!.user_id, user_2_id: same[2]!.user_id }]);
});

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function crowd(size: number, seed: number): PairingCandidate[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: size }, (_, i) => ({
    user_id: 100_000 + i,
    elo: 600 + Math.floor(rand() * 1200),
    entered_at_ms: NOW - Math.floor(rand() * 90 * SECOND),
    last_opponent_id: rand() < 0.5 ? 100_000 + Math.floor(rand() * size) : null,
  }));
}

test('pairPlayers is deterministic: the same players in any order give the same pairs', (t) => {
  const players = crowd(500, 7);
  const first = pairPlayers(players, NOW);
  t.true(first.length > 100);
  for (const seed of [1, 2, 3]) t.deepEqual(pairPlayers(shuffled(players, seed), NOW), first);
});

/** The rules of pairPlayers written the slow, obvious way: every served player looks at everyone. */
function referencePairs(players: readonly PairingCandidate[], nowMs: number, blocked: ReadonlySet<string> = new Set()) {
  const waited = (p: PairingCandidate) => Math.max(0, nowMs - p.entered_at_ms);
  const served = (a: PairingCandidate, b: PairingCandidate) =>
    a.entered_at_ms - b.entered_at_ms || a.user_id - b.user_id;
  const rematch = (a: PairingCandidate, b: PairingCandidate) =>
    a.last_opponent_id === b.user_id || b.last_opponent_id === a.user_id;
  const blocks = (a: PairingCandidate, b: PairingCandidate) => blocked.has(blockedPairKey(a.user_id, b.user_id));
  const open = [...players].sort(served);
  const pairs: { user_1_id: number; user_2_id: number }[] = [];
  for (const me of [...open]) {
    if (!open.includes(me)) continue;
    const options = open
      .filter(
        (o) => o !== me && !rematch(me, o) && !blocks(me, o) && Math.abs(o.elo - me.elo) <= allowedEloGap(waited(me)),
      )
      .sort((a, b) => Math.abs(a.elo - me.elo) - Math.abs(b.elo - me.elo) || served(a, b));
    const partner = options[0];
    if (!partner) continue;
    open.splice(open.indexOf(me), 1);
    open.splice(open.indexOf(partner), 1);
    pairs.push({ user_1_id: me.user_id, user_2_id: partner.user_id });
  }
  const [a, b] = open;
  if (
    open.length === 2 &&
    !blocks(a!, b!) &&
    Math.abs(a!.elo - b!.elo) <= allowedEloGap(Math.max(waited(a!), waited(b!)))
  ) {
    pairs.push({ user_1_id: a!.user_id, user_2_id: b!.user_id });
  }
  return pairs;
}

test('pairPlayers gives the same pairs as the slow reference on many small crowds', (t) => {
  let s = 5;
  const rand = (k: number) => (s = (s * 1103515245 + 12345) % 2147483648) % k;
  for (let round = 0; round < 400; round++) {
    const size = 1 + rand(12);
    const players = Array.from({ length: size }, (_, i) => ({
      user_id: 500 + i,
      elo: 1000 + 40 * rand(6),
      entered_at_ms: NOW - 1_000 * rand(70),
      last_opponent_id: rand(3) === 0 ? 500 + rand(size) : null,
    }));
    t.deepEqual(pairPlayers(players, NOW), referencePairs(players, NOW), JSON.stringify(players));
    const blocked = new Set(Array.from({ length: rand(4) }, () => blockedPairKey(500 + rand(size), 500 + rand(size))));
    t.deepEqual(
      pairPlayers(players, NOW, blocked),
      referencePairs(players, NOW, blocked),
      JSON.stringify({ players, blocked: [...blocked] }),
    );
  }
});

test('pairPlayers pairs 10,000 players, each pair inside its allowed gap and no rematch', (t) => {
  const players = crowd(10_000, 11);
  const byId = new Map(players.map((p) => [p.user_id, p]));
  const pairs = pairPlayers(players, NOW);
  t.true(pairs.length >= 4_900, `${pairs.length} pairs`);
  const seen = new Set<number>();
  for (const { user_1_id, user_2_id } of pairs) {
    const a = byId.get(user_1_id)!;
    const b = byId.get(user_2_id)!;
    t.false(seen.has(a.user_id) || seen.has(b.user_id), 'each player at most once');
    seen.add(a.user_id).add(b.user_id);
    const longer = Math.max(NOW - a.entered_at_ms, NOW - b.entered_at_ms);
    if (Math.abs(a.elo - b.elo) > allowedEloGap(longer)) t.fail(`gap too wide: ${a.elo} vs ${b.elo}`);
    if (a.last_opponent_id === b.user_id || b.last_opponent_id === a.user_id) t.fail('a rematch');
    if (a.entered_at_ms > b.entered_at_ms) t.fail('user_1 is the longer waiter');
  }
});

test('queueCooldownUntil: three misses within an hour shut the queue for 5 minutes from the third', (t) => {
  t.is(queueCooldownUntil([], NOW), null);
  t.is(queueCooldownUntil([NOW - 10 * MINUTE, NOW - 1 * MINUTE], NOW), null, 'two misses are allowed');
  const misses = [NOW - 50 * MINUTE, NOW - 20 * MINUTE, NOW - 2 * MINUTE];
  t.deepEqual(queueCooldownUntil(misses, NOW), new Date(NOW + 3 * MINUTE));
  t.deepEqual(queueCooldownUntil([...misses].reverse(), NOW), new Date(NOW + 3 * MINUTE), 'any order');
  t.is(queueCooldownUntil(misses, NOW + 3 * MINUTE), null, 'over exactly 5 minutes after the third miss');
  t.is(
    queueCooldownUntil([NOW - 64 * MINUTE, NOW - 20 * MINUTE, NOW - 2 * MINUTE], NOW),
    null,
    'three misses spread over more than an hour',
  );
  t.deepEqual(
    queueCooldownUntil([NOW - 61 * MINUTE - 1, NOW - 30 * MINUTE, NOW - 1 * MINUTE], NOW),
    null,
    'the first and third are 60 minutes and 1 ms apart',
  );
  t.deepEqual(
    queueCooldownUntil([NOW - 60 * MINUTE, NOW - 30 * MINUTE, NOW - 1 * MINUTE], NOW),
    new Date(NOW + 4 * MINUTE),
    'exactly one hour apart still counts',
  );
  t.deepEqual(
    queueCooldownUntil([NOW - 40 * MINUTE, NOW - 35 * MINUTE, NOW - 30 * MINUTE, NOW - 1 * MINUTE], NOW),
    new Date(NOW + 4 * MINUTE),
    'the window slides: a fourth miss within the hour starts a new cooldown',
  );
});

const season = {
  time_zone: 'Europe/Stockholm',
  window_start_minute: 0,
  window_end_minute: 7200,
  qualifiers_start: new Date(Date.UTC(2019, 10, 24, 23, 0)),
  qualifiers_end: new Date(Date.UTC(2019, 11, 22, 23, 0)),
  max_games_per_week: 30,
};

function facts(overrides: Partial<QueueEntryFacts> = {}): QueueEntryFacts {
  return {
    console: 1,
    season,
    has_open_game: false,
    games_this_week: 0,
    miss_times_ms: [],
    now: new Date(NOW),
    ...overrides,
  };
}

test('checkQueueEntry lets an eligible PlayStation player in', (t) => {
  t.deepEqual(checkQueueEntry(facts()), { ok: true });
  t.deepEqual(checkQueueEntry(facts({ games_this_week: 29 })), { ok: true });
});

test('checkQueueEntry refuses Xbox, a closed window, an open game, the weekly cap and a cooldown, in that order', (t) => {
  t.deepEqual(checkQueueEntry(facts({ console: 0, has_open_game: true })), {
    ok: false,
    reason: 'console',
    message: message('playstationOnly'),
  });
  const saturday = new Date(Date.UTC(2019, 10, 30, 12, 0));
  t.deepEqual(checkQueueEntry(facts({ now: saturday, has_open_game: true })), {
    ok: false,
    reason: 'closed',
    message: {
      error: 'The matchmaking is closed right now. It opens again 2 Dec 2019, 00:00 CET.',
      code: 'matchmakingClosed',
      params: { opens_at: '2019-12-01T23:00:00.000Z', time_zone: 'Europe/Stockholm' },
    },
  });
  t.deepEqual(checkQueueEntry(facts({ now: new Date(Date.UTC(2020, 0, 8, 12)) })), {
    ok: false,
    reason: 'closed',
    message: {
      error: 'The matchmaking is closed: this season is over. See you next season!',
      code: 'matchmakingClosed',
      params: { opens_at: null, time_zone: 'Europe/Stockholm' },
    },
  });
  t.is(checkQueueEntry(facts({ season: null })).ok, false);
  t.deepEqual(checkQueueEntry(facts({ has_open_game: true, games_this_week: 30 })), {
    ok: false,
    reason: 'open_game',
    message: message('finishOpenGame'),
  });
  t.deepEqual(checkQueueEntry(facts({ games_this_week: 30 })), {
    ok: false,
    reason: 'weekly_cap',
    message: {
      error: 'You have played the maximum of 30 games this week. See you next week!',
      code: 'weeklyGameCap',
      params: { max: 30 },
    },
  });
  t.deepEqual(checkQueueEntry(facts({ season: { ...season, max_games_per_week: 5 }, games_this_week: 5 })), {
    ok: false,
    reason: 'weekly_cap',
    message: { error: MESSAGES.weeklyGameCap(5), code: 'weeklyGameCap', params: { max: 5 } },
  });
  const misses = [NOW - 30 * MINUTE, NOW - 20 * MINUTE, NOW - 1 * MINUTE];
  t.deepEqual(checkQueueEntry(facts({ miss_times_ms: misses })), {
    ok: false,
    reason: 'cooldown',
    message: {
      error: 'You declined or missed three matches within an hour. You can queue again at 27 Nov 2019, 13:04 CET.',
      code: 'queueCooldown',
      params: { until: new Date(NOW + 4 * MINUTE).toISOString(), time_zone: 'Europe/Stockholm' },
    },
    until: new Date(NOW + 4 * MINUTE),
  });
});
