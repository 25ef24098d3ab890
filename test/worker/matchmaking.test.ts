import test from 'ava';
import type { Socket } from 'socket.io-client';
import {
  ACCEPT_GRACE_MS,
  ACCEPT_WINDOW_MS,
  QUEUE_KEEPALIVE_EXPIRY_MS,
  type GameReadyEvent,
  type MatchAcceptedEvent,
  type MatchDeclinedEvent,
  type MatchPayload,
  type MatchmakingStatus,
} from '@ecup/domain';
import { acceptMatch, enterQueue, expireMatches, expireQueueEntries, pairQueue, pushesOf, seedBase } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { buildUser } from '../helpers/factories.ts';
import { nextEvent, openSocket, signedInUser } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { waitFor } from '../helpers/poll.ts';

// The in-process worker pairs whoever is queued, so these tests run one at a time, each with an empty queue.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'mmworker', worker: true });
  api = client(server.url);
});
test.after.always(async () => server?.close());
test.afterEach.always(async () => {
  await server.knex('queue_entries').delete();
  await server.knex('matches').where('state', 'pending').update({ state: 'expired', closed_at: server.clock.now() });
});

interface Player {
  id: number;
  auth: Credentials;
  socket: Socket;
}

const open = (auth: Credentials) => openSocket(server.url, auth);
const next = <T>(socket: Socket, event: string) => nextEvent<T>(socket, event, 10_000);

async function player(t: { teardown(fn: () => void): void }, elo = 1000): Promise<Player> {
  const { user, auth } = await signedInUser(server.knex, { elo });
  const socket = await open(auth);
  t.teardown(() => socket.close());
  return { id: user.id, auth, socket };
}

const call = (path: string, p: Player) => api.post<MatchmakingStatus & { error?: string }>(path, {}, { auth: p.auth });

test.serial('two players who enter receive `match` through the worker, with the same match', async (t) => {
  const a = await player(t);
  const b = await player(t);
  const matchA = next<MatchPayload>(a.socket, 'match');
  const matchB = next<MatchPayload>(b.socket, 'match');
  t.is((await call('/matchmaking/queue/enter', a)).status, 200);
  t.is((await call('/matchmaking/queue/enter', b)).status, 200);
  const [ma, mb] = await Promise.all([matchA, matchB]);
  t.is(ma.id, mb.id);
  t.deepEqual([ma.user_1.id, ma.user_2.id].sort(), [a.id, b.id].sort());
  t.is(ma.deadline_ms - ACCEPT_WINDOW_MS <= ma.server_time_ms, true);
  t.false(ma.user_1_accepted || ma.user_2_accepted);
  const status = await api.get<MatchmakingStatus>('/matchmaking/status', { auth: a.auth });
  t.is(status.body.state, 'matched');
  t.is(status.body.match!.id, ma.id);
});

test.serial('accept pushes `match-accepted` to both, and the second accept `game` to both', async (t) => {
  const a = await player(t);
  const b = await player(t);
  const matched = Promise.all([next<MatchPayload>(a.socket, 'match'), next<MatchPayload>(b.socket, 'match')]);
  await call('/matchmaking/queue/enter', a);
  await call('/matchmaking/queue/enter', b);
  const [match] = await matched;

  const accepted = [a, b].map((p) => next<MatchAcceptedEvent>(p.socket, 'match-accepted'));
  t.is((await call('/matchmaking/match/accept', a)).status, 200);
  t.deepEqual(await Promise.all(accepted), [
    { match_id: match.id, user_id: a.id },
    { match_id: match.id, user_id: a.id },
  ]);

  const games = [a, b].map((p) => next<GameReadyEvent>(p.socket, 'game'));
  const res = await call('/matchmaking/match/accept', b);
  t.is(res.status, 200);
  const [ga, gb] = (await Promise.all(games)) as [GameReadyEvent, GameReadyEvent];
  t.deepEqual(ga, { game_id: res.body.game_id! });
  t.deepEqual(gb, ga);
  const game = await server.knex('games').where('id', ga.game_id).first();
  t.is(game!.match_id, match.id);
  t.is(game!.state, 'playing');
});

test.serial('decline pushes `match-declined`: the opponent is back in the queue, the decliner out', async (t) => {
  const a = await player(t);
  const b = await player(t);
  const matched = Promise.all([next<MatchPayload>(a.socket, 'match'), next<MatchPayload>(b.socket, 'match')]);
  await call('/matchmaking/queue/enter', a);
  await call('/matchmaking/queue/enter', b);
  const [match] = await matched;
  const toA = next<MatchDeclinedEvent>(a.socket, 'match-declined');
  const toB = next<MatchDeclinedEvent>(b.socket, 'match-declined');
  const res = await call('/matchmaking/match/decline', b);
  t.is(res.status, 200);
  t.is(res.body.state, 'idle');
  const declinedA = await toA;
  t.like(declinedA, { match_id: match.id, user_id: b.id, requeued: true });
  t.is(typeof declinedA.queued_at_ms, 'number');
  t.deepEqual(await toB, { match_id: match.id, user_id: b.id, requeued: false, queued_at_ms: null });
  const status = await api.get<MatchmakingStatus>('/matchmaking/status', { auth: a.auth });
  t.like(status.body, { state: 'queued', queued_at_ms: declinedA.queued_at_ms });
});

test.serial(
  'the worker times a match out: the player who accepted gets `match-declined` and is requeued',
  async (t) => {
    const a = await player(t);
    const b = await player(t);
    const matched = Promise.all([next<MatchPayload>(a.socket, 'match'), next<MatchPayload>(b.socket, 'match')]);
    await call('/matchmaking/queue/enter', a);
    await call('/matchmaking/queue/enter', b);
    const [match] = await matched;
    await call('/matchmaking/match/accept', a);
    const toA = next<MatchDeclinedEvent>(a.socket, 'match-declined');
    const toB = next<MatchDeclinedEvent>(b.socket, 'match-declined');
    server.clock.advance(ACCEPT_WINDOW_MS + ACCEPT_GRACE_MS + 1);
    t.like(await toA, { match_id: match.id, user_id: b.id, requeued: true });
    t.like(await toB, { match_id: match.id, user_id: b.id, requeued: false, queued_at_ms: null });
    t.like(await server.knex('matches').where('id', match.id).first(), { state: 'expired' });
  },
);

test.serial('no rematch while a third player waits: the last opponents are not paired again', async (t) => {
  const a = await player(t);
  const b = await player(t);
  // c is 150 Elo away: nobody may meet c until someone has waited 10 s.
  const c = await player(t, 1150);
  const matched = Promise.all([next<MatchPayload>(a.socket, 'match'), next<MatchPayload>(b.socket, 'match')]);
  await call('/matchmaking/queue/enter', a);
  await call('/matchmaking/queue/enter', b);
  await matched;
  t.is((await call('/matchmaking/queue/enter', c)).status, 200);
  // b declines (a is back in the queue) and enters again: a, b and c wait, and a and b were each other's last opponent.
  await call('/matchmaking/match/decline', b);
  const strays: MatchPayload[] = [];
  b.socket.on('match', (m: MatchPayload) => strays.push(m));
  const aMatch = next<MatchPayload>(a.socket, 'match');
  const cMatch = next<MatchPayload>(c.socket, 'match');
  t.is((await call('/matchmaking/queue/enter', b)).status, 200);
  t.deepEqual(await pairQueue(server.knex, server.clock.now()), [], 'a pass with all three waiting pairs nobody');
  const waiting = await server.knex('queue_entries').whereNull('match_id').select('user_id');
  t.deepEqual(
    waiting.map((e) => e.user_id).sort((x, y) => x - y),
    [a.id, b.id, c.id].sort((x, y) => x - y),
    'nobody paired: a and b may not meet again while c waits',
  );
  server.clock.advance(10_000);
  const [second, third] = await Promise.all([aMatch, cMatch]);
  t.is(second.id, third.id);
  t.deepEqual([second.user_1.id, second.user_2.id].sort(), [c.id, a.id].sort(), 'c, the longest waiter, meets a');
  const status = await api.get<MatchmakingStatus>('/matchmaking/status', { auth: b.auth });
  t.is(status.body.state, 'queued');
  t.deepEqual(strays, []);
});

test('each sweep run twice at once changes things once', async (t) => {
  // Its own database and no worker, so only these two runs of each sweep compete.
  const db = await createTestDatabase('mmsweeps');
  t.teardown(() => db.drop());
  const start = new Date();
  const { season_id } = await seedBase(db.knex, { now: start });
  const users = await Promise.all(Array.from({ length: 10 }, (_, i) => buildUser(db.knex, { elo: 1000 + i })));
  const stale = await buildUser(db.knex, { elo: 3000 });
  await db.knex('queue_entries').insert(
    [...users, stale].map((u) => ({
      user_id: u.id,
      season_id,
      elo: u.elo,
      entered_at: start,
      keepalive_at: u === stale ? new Date(start.getTime() - QUEUE_KEEPALIVE_EXPIRY_MS) : start,
    })),
  );

  const paired = await Promise.all([pairQueue(db.knex, start), pairQueue(db.knex, start)]);
  const matchPushes = paired.flatMap(pushesOf);
  t.is(matchPushes.length, 10, 'one `match` per player');
  t.is(new Set(matchPushes.map((p) => p.room)).size, 10);
  t.is((await db.knex('matches').select('id')).length, 5);
  const entries = await db
    .knex('queue_entries')
    .whereIn(
      'user_id',
      users.map((u) => u.id),
    )
    .select('match_id');
  t.true(entries.every((e) => e.match_id !== null));

  const expired = await Promise.all([expireQueueEntries(db.knex, start), expireQueueEntries(db.knex, start)]);
  t.deepEqual(expired, [[], []]);
  t.is(
    (await db.knex('queue_entries').select('id')).length,
    10,
    'the stale unmatched entry is gone, matched ones stay',
  );

  const match = await db.knex('matches').orderBy('id').first();
  await db.knex.transaction((trx) => acceptMatch(trx, { user_id: match!.user_1_id, now: start }));
  const late = new Date(start.getTime() + ACCEPT_WINDOW_MS + ACCEPT_GRACE_MS + 1);
  const timeouts = await Promise.all([expireMatches(db.knex, late), expireMatches(db.knex, late)]);
  const declined = timeouts.flatMap(pushesOf);
  t.is(declined.length, 10, 'one `match-declined` per player of the 5 matches');
  t.is(new Set(declined.map((p) => p.room)).size, 10);
  t.deepEqual(
    (await db.knex('matches').select('state')).map((m) => m.state),
    ['expired', 'expired', 'expired', 'expired', 'expired'],
  );
  const left = await db.knex('queue_entries').select('user_id', 'match_id', 'entered_at');
  t.deepEqual(
    left.map((e) => e.user_id),
    [match!.user_1_id],
    'only the player who accepted is queued again',
  );
  t.deepEqual(new Date(left[0]!.entered_at), late);
  t.is(left[0]!.match_id, null);
});

test('players enter the queue while a pairing of two others waits on the database: nobody waits for it', async (t) => {
  const db = await createTestDatabase('mmenter');
  t.teardown(() => db.drop());
  const start = new Date();
  const { season_id } = await seedBase(db.knex, { now: start });
  // Ids interleaved: the newcomers' entries fall before, between and after the two being paired.
  const [c, a, d, b, e] = await Promise.all([0, 1, 2, 3, 4].map(() => buildUser(db.knex, { elo: 1000 })));
  await db
    .knex('queue_entries')
    .insert([a!, b!].map((u) => ({ user_id: u.id, season_id, elo: u.elo, entered_at: start, keepalive_at: start })));

  // A pairing stalled inside its transaction, its players' entries locked: the matches table is held elsewhere.
  const lock = await db.knex.transaction();
  t.teardown(async () => {
    if (!lock.isCompleted()) await lock.rollback();
  });
  await lock.raw('SELECT * FROM matches FOR UPDATE');
  const pairing = pairQueue(db.knex, start);
  const stalled = async () => {
    const [rows] = (await db.knex.raw(
      "SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = DATABASE() AND info LIKE 'insert into `matches`%'",
    )) as [{ n: number }[]];
    return Number(rows[0]!.n) > 0;
  };
  await waitFor(stalled, { what: 'the pairing stalled on the held table', timeoutMs: 5000, intervalMs: 50 });
  t.true(await stalled(), 'the pairing waits on the held matches table');

  // Each enter gives up after 3 s of waiting on a lock (the server's default is 50 s).
  const enter = (userId: number) =>
    db.knex.transaction(async (trx) => {
      await trx.raw('SET SESSION innodb_lock_wait_timeout = 3');
      return (await enterQueue(trx, { user_id: userId, now: start })).result;
    });
  const statuses = await Promise.all([c!, d!, e!].map((u) => enter(u.id)));
  t.deepEqual(
    statuses.map((s) => s.state),
    ['queued', 'queued', 'queued'],
  );

  await lock.rollback();
  t.is(pushesOf(await pairing).length, 2, 'the stalled pairing then goes through');
  t.is((await db.knex('matches').select('id')).length, 1);
});
