import test from 'ava';

import type { Knex } from 'knex';
import { Queue } from 'bullmq';
import {
  ACCEPT_GRACE_MS,
  ACCEPT_WINDOW_MS,
  MESSAGES,
  PAIR_JOB,
  QUEUE_KEEPALIVE_EXPIRY_MS,
  QUEUE_NAMES,
  QUEUE_PENALTY_COOLDOWN_MS,
  formatDateTime,
  localParts,
  minuteOfWeek,
  weekStart,
  type MatchmakingStatus,
  message,
} from '@ecup/domain';
import {
  acceptMatch,
  createBullConnection,
  leaveQueue,
  expireMatches,
  expireQueueEntries,
  pairQueue,
  pushesOf,
} from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';

// Every test here moves the shared clock and runs the queue sweeps over the whole queue: they run one at a time,
// and each starts with an empty queue.
let server: TestServer;
let api: ReturnType<typeof client>;
let seasonId: number;
const ZONE = 'Europe/Stockholm';

test.before(async () => {
  server = await startTestServer({ label: 'matchmaking' });
  api = client(server.url);
  const season = await server.knex('seasons').where('active', true).first('id', 'time_zone');
  seasonId = season!.id;
  if (season!.time_zone !== ZONE) throw new Error('the seeded season is expected in Europe/Stockholm');
});
test.after.always(async () => server?.close());
test.afterEach.always(async () => {
  await server.knex('queue_entries').delete();
  await server.knex('matches').where('state', 'pending').update({ state: 'expired', closed_at: server.clock.now() });
});

interface Player {
  id: number;
  auth: Credentials;
}

async function player(overrides: Parameters<typeof buildUser>[1] = {}): Promise<Player> {
  const { user, auth } = await signedInUser(server.knex, overrides);
  return { id: user.id, auth };
}

const call = (path: string, p: Player) => api.post<MatchmakingStatus & { error?: string }>(path, {}, { auth: p.auth });
const enter = (p: Player) => call('/matchmaking/queue/enter', p);
const accept = (p: Player) => call('/matchmaking/match/accept', p);
const decline = (p: Player) => call('/matchmaking/match/decline', p);
const leave = (p: Player) => call('/matchmaking/queue/leave', p);
const keepalive = (p: Player) => call('/matchmaking/queue/keepalive', p);
const status = (p: Player) => api.get<MatchmakingStatus>('/matchmaking/status', { auth: p.auth });
const now = () => server.clock.now();

/** Two players queued and paired by one pass; answers the match id. */
async function matched(a: Player, b: Player): Promise<number> {
  for (const p of [a, b]) {
    const res = await enter(p);
    if (res.status !== 200) throw new Error(`enter answered ${res.status} ${res.body.error}`);
  }
  await pairQueue(server.knex, now());
  const entry = await server.knex('queue_entries').where('user_id', a.id).first('match_id');
  if (!entry?.match_id) throw new Error('not paired');
  return entry.match_id;
}

/** How many rows a query finds. */
async function size(query: Knex.QueryBuilder): Promise<number> {
  return (await query.select()).length;
}

async function gamesOf(matchId: number) {
  return server.knex('games').where('match_id', matchId).select();
}

test.serial('every matchmaking call needs a session: 401 without one', async (t) => {
  for (const path of [
    '/matchmaking/queue/enter',
    '/matchmaking/queue/keepalive',
    '/matchmaking/queue/leave',
    '/matchmaking/match/accept',
    '/matchmaking/match/decline',
    '/matchmaking/status',
  ]) {
    const res = await api.post(path);
    t.is(res.status, 401, path);
    t.deepEqual(res.body, message('notSignedIn'));
  }
  const get = await api.get('/matchmaking/status');
  t.is(get.status, 401);
});

test.serial('GET and POST /matchmaking/status answer idle for a player who is not queued', async (t) => {
  const a = await player();
  const before = now().getTime();
  for (const res of [await status(a), await call('/matchmaking/status', a)]) {
    t.is(res.status, 200);
    const { server_time_ms, ...rest } = res.body;
    t.deepEqual(rest, { state: 'idle', queued_at_ms: null, match: null, game_id: null });
    t.true(server_time_ms >= before);
  }
});

test.serial(
  'entering answers queued with the queue timer, is idempotent, and asks the worker for a pairing pass',
  async (t) => {
    const a = await player();
    const first = await enter(a);
    t.is(first.status, 200);
    t.is(first.body.state, 'queued');
    t.is(first.body.match, null);
    t.is(typeof first.body.queued_at_ms, 'number');
    const again = await enter(a);
    t.is(again.status, 200);
    t.is(again.body.state, 'queued');
    t.is(again.body.queued_at_ms, first.body.queued_at_ms, 'the timer keeps running');
    t.is(await size(server.knex('queue_entries').where('user_id', a.id)), 1);
    const entry = await server.knex('queue_entries').where('user_id', a.id).first();
    t.is(entry!.season_id, seasonId);
    t.is(entry!.match_id, null);

    const connection = createBullConnection(server.config.redisUrl, 'producer');
    const queue = new Queue(QUEUE_NAMES.play, { connection, prefix: `${server.config.redisPrefix}bull` });
    t.teardown(async () => {
      await queue.close();
      connection.disconnect();
    });
    const job = await queue.getJob(PAIR_JOB.opts.jobId);
    t.is(job?.name, 'pair');
  },
);

test.serial('entering twice at the same instant makes one queue entry', async (t) => {
  const a = await player();
  const answers = await Promise.all([enter(a), enter(a), enter(a)]);
  t.deepEqual(
    answers.map((r) => [r.status, r.body.state]),
    [
      [200, 'queued'],
      [200, 'queued'],
      [200, 'queued'],
    ],
  );
  t.is(await size(server.knex('queue_entries').where('user_id', a.id)), 1);
});

test.serial("an Xbox player is refused with 403 'only open to players on Playstation'", async (t) => {
  const a = await player({ console: 0 });
  const res = await enter(a);
  t.is(res.status, 403);
  t.deepEqual(res.body, message('playstationOnly'));
  t.is(await size(server.knex('queue_entries').where('user_id', a.id)), 0);
});

test.serial('a banned player is refused with 403 and the reason', async (t) => {
  const a = await player({ banned_until: new Date(now().getTime() + 3_600_000), ban_reason: 'cheating' });
  const res = await enter(a);
  t.is(res.status, 403);
  t.regex(res.body.error!, /^You are banned until .* Reason: cheating$/);
});

test.serial(
  'outside the weekly window entering answers 409 with when it opens, and a queued player’s keepalive too',
  async (t) => {
    const a = await player();
    t.is((await enter(a)).status, 200);
    const season = await server.knex('seasons').where('id', seasonId).first();
    t.teardown(() =>
      server.knex('seasons').where('id', seasonId).update({
        window_start_minute: season!.window_start_minute,
        window_end_minute: season!.window_end_minute,
      }),
    );
    // Close the window now and open it at the next full local hour, for 30 minutes.
    const at = now();
    const minute = minuteOfWeek(at, ZONE);
    const start = (Math.floor(minute / 60) + 1) * 60;
    await server
      .knex('seasons')
      .where('id', seasonId)
      .update({ window_start_minute: start % 10_080, window_end_minute: (start % 10_080) + 30 });
    const opensAt = at.getTime() + (start - minute) * 60_000;
    const opens = localParts(opensAt, ZONE);
    const opensAtHour = opensAt - opens.minute * 60_000 - opens.second * 1000 - (opensAt % 1000);
    const text = `The matchmaking is closed right now. It opens again ${formatDateTime(opensAtHour, ZONE)}.`;

    const b = await player();
    const res = await enter(b);
    t.is(res.status, 409);
    const closed = {
      error: text,
      code: 'matchmakingClosed',
      params: { opens_at: new Date(opensAtHour).toISOString(), time_zone: ZONE },
    };
    t.deepEqual(res.body, closed);
    const kept = await keepalive(a);
    t.is(kept.status, 409);
    t.deepEqual(kept.body, closed);
    t.deepEqual(await pairQueue(server.knex, now()), [], 'nobody is paired while the window is closed');
  },
);

test.serial(
  "a player with an open game is refused with 409 'a game to finish first'; a game in conflict does not hold them",
  async (t) => {
    const a = await player();
    const b = await player();
    const [id] = await server.knex('games').insert({
      season_id: seasonId,
      user_1_id: b.id,
      user_2_id: a.id,
      state: 'submitted',
      week_start: weekStart(now(), ZONE),
    });
    const res = await enter(a);
    t.is(res.status, 409);
    t.deepEqual(res.body, message('finishOpenGame'));
    const st = await status(a);
    t.is(st.body.state, 'playing');
    t.is(st.body.game_id, Number(id));

    await server.knex('games').where('id', id).update({ state: 'conflict', conflict: true });
    t.is((await enter(a)).status, 200);
  },
);

test.serial('the weekly cap: 29 games this week let a player queue, the 30th refuses with 409', async (t) => {
  const a = await player();
  const b = await player();
  const week = weekStart(now(), ZONE);
  const game = (i: number) => ({
    season_id: seasonId,
    user_1_id: i % 2 ? a.id : b.id,
    user_2_id: i % 2 ? b.id : a.id,
    state: 'final' as const,
    week_start: week,
  });
  await server.knex('games').insert(Array.from({ length: 29 }, (_, i) => game(i)));
  // A game of last week does not count.
  await server.knex('games').insert({ ...game(0), week_start: new Date(week.getTime() - 7 * 24 * 3_600_000) });
  t.is((await enter(a)).status, 200);
  t.is((await leave(a)).status, 200);
  await server.knex('games').insert(game(30));
  const res = await enter(a);
  t.is(res.status, 409);
  t.deepEqual(res.body, {
    error: 'You have played the maximum of 30 games this week. See you next week!',
    code: 'weeklyGameCap',
    params: { max: 30 },
  });
});

test.serial('keepalive renews the entry; not queued it answers 409 not in the queue', async (t) => {
  const a = await player();
  const lonely = await keepalive(a);
  t.is(lonely.status, 409);
  t.deepEqual(lonely.body, message('notInQueue'));
  const entered = await enter(a);
  server.clock.advance(6_000);
  const res = await keepalive(a);
  t.is(res.status, 200);
  t.is(res.body.state, 'queued');
  t.is(res.body.queued_at_ms, entered.body.queued_at_ms);
  const entry = await server.knex('queue_entries').where('user_id', a.id).first('keepalive_at');
  t.true(new Date(entry!.keepalive_at).getTime() >= entered.body.queued_at_ms! + 6_000);
});

test.serial('an entry without a keepalive for 20 s is removed; a matched entry is not', async (t) => {
  const a = await player();
  const b = await player();
  const c = await player({ elo: 2500 });
  await enter(c);
  server.clock.advance(QUEUE_KEEPALIVE_EXPIRY_MS - 1_000);
  await expireQueueEntries(server.knex, now());
  t.is(await size(server.knex('queue_entries').where('user_id', c.id)), 1, 'still there after 19 s');
  await matched(a, b);
  server.clock.advance(1_000);
  const events = await expireQueueEntries(server.knex, now());
  t.deepEqual(events, []);
  t.is(await size(server.knex('queue_entries').where('user_id', c.id)), 0, 'gone after 20 s');
  const res = await keepalive(c);
  t.is(res.status, 409);
  t.deepEqual(res.body, message('notInQueue'));

  server.clock.advance(QUEUE_KEEPALIVE_EXPIRY_MS + 5_000);
  await expireQueueEntries(server.knex, now());
  t.is(await size(server.knex('queue_entries').whereIn('user_id', [a.id, b.id])), 2, 'matched: no keepalive needed');
  t.is((await keepalive(a)).body.state, 'matched');
});

test.serial('leave takes an unmatched player out of the queue; leaving again answers 409', async (t) => {
  const a = await player();
  await enter(a);
  const res = await leave(a);
  t.is(res.status, 200);
  t.is(res.body.state, 'idle');
  t.is(await size(server.knex('queue_entries').where('user_id', a.id)), 0);
  const again = await leave(a);
  t.is(again.status, 409);
  t.deepEqual(again.body, message('notInQueue'));
});

test.serial('a pairing pass matches two queued players; both see the match with a 30 s deadline', async (t) => {
  const a = await player();
  const b = await player();
  await enter(a);
  await enter(b);
  const pairedAt = now();
  const events = pushesOf(await pairQueue(server.knex, pairedAt));
  t.deepEqual(events.map((e) => [e.room, e.event]).sort(), [
    [`private-user-${a.id}`, 'match'],
    [`private-user-${b.id}`, 'match'],
  ]);
  const [sa, sb] = [await status(a), await status(b)];
  t.is(sa.body.state, 'matched');
  t.deepEqual(sa.body.match, { ...sb.body.match!, server_time_ms: sa.body.match!.server_time_ms });
  const match = sa.body.match!;
  t.is(match.deadline_ms, pairedAt.getTime() + ACCEPT_WINDOW_MS);
  t.deepEqual([match.user_1.id, match.user_2.id], [a.id, b.id], 'the longer waiter is user 1');
  t.false(match.user_1_accepted);
  t.false(match.user_2_accepted);
  t.like(match.user_1, { id: a.id, console: 1, elo: 1000, wins: 0 });
  t.false('email' in match.user_1);
  t.deepEqual(await pairQueue(server.knex, now()), [], 'a matched entry is not paired again');
});

test.serial(
  'accept: the first answers matched and pushes match-accepted, a second accept is 409, both accepting starts the game',
  async (t) => {
    const a = await player();
    const b = await player();
    const matchId = await matched(a, b);

    const notMatched = await player();
    await enter(notMatched);
    const early = await accept(notMatched);
    t.is(early.status, 409);
    t.deepEqual(early.body, message('noMatchToAnswer'));
    const stranger = await accept(await player());
    t.is(stranger.status, 409);
    t.deepEqual(stranger.body, message('notInQueue'));

    const first = await accept(a);
    t.is(first.status, 200);
    t.is(first.body.state, 'matched');
    t.true(first.body.match!.user_1_accepted);
    t.false(first.body.match!.user_2_accepted);
    const twice = await accept(a);
    t.is(twice.status, 409);
    t.deepEqual(twice.body, message('matchAlreadyAccepted'));

    const at = now();
    const second = await accept(b);
    t.is(second.status, 200);
    t.is(second.body.state, 'playing');
    const games = await gamesOf(matchId);
    t.is(games.length, 1);
    const game = games[0];
    t.is(second.body.game_id, game!.id);
    t.like(game, { season_id: seasonId, user_1_id: a.id, user_2_id: b.id, state: 'playing' });
    t.deepEqual(new Date(game!.week_start), weekStart(at, ZONE));
    t.true(new Date(game!.created_at).getTime() >= at.getTime());
    t.is((await server.knex('matches').where('id', matchId).first())!.state, 'accepted');
    t.is(await size(server.knex('queue_entries').whereIn('user_id', [a.id, b.id])), 0);
    t.like((await status(a)).body, { state: 'playing', game_id: game!.id, match: null });
    const late = await accept(a);
    t.is(late.status, 409);
    t.deepEqual(late.body, message('notInQueue'));
    const blocked = await enter(a);
    t.is(blocked.status, 409);
    t.deepEqual(blocked.body, message('finishOpenGame'));
  },
);

test.serial('both players accepting at the same instant make exactly one game', async (t) => {
  for (let round = 0; round < 5; round++) {
    const a = await player();
    const b = await player();
    const matchId = await matched(a, b);
    const answers = await Promise.all([accept(a), accept(b)]);
    t.deepEqual(
      answers.map((r) => r.status),
      [200, 200],
    );
    t.deepEqual(answers.map((r) => r.body.state).sort(), ['matched', 'playing']);
    t.is((await gamesOf(matchId)).length, 1);
    t.is((await server.knex('matches').where('id', matchId).first())!.state, 'accepted');
  }
});

test.serial('decline: the decliner leaves, the opponent returns to the queue with the timer reset', async (t) => {
  const a = await player();
  const b = await player();
  const matchId = await matched(a, b);
  server.clock.advance(5_000);
  const at = now().getTime();
  const res = await decline(b);
  t.is(res.status, 200);
  t.is(res.body.state, 'idle');
  const sa = await status(a);
  t.is(sa.body.state, 'queued');
  t.true(sa.body.queued_at_ms! >= at, 'timer reset');
  const match = await server.knex('matches').where('id', matchId).first();
  t.like(match, { state: 'declined', declined_user_id: b.id });
  t.is(await size(server.knex('queue_entries').where('user_id', b.id)), 0);
  const again = await decline(b);
  t.is(again.status, 409);
  t.deepEqual(again.body, message('notInQueue'));
  const unmatched = await decline(a);
  t.is(unmatched.status, 409);
  t.deepEqual(unmatched.body, message('noMatchToAnswer'));
  t.is((await gamesOf(matchId)).length, 0);
});

test.serial('leaving while matched counts as declining: the opponent is requeued', async (t) => {
  const a = await player();
  const b = await player();
  const matchId = await matched(a, b);
  await accept(b);
  const res = await leave(a);
  t.is(res.status, 200);
  t.is(res.body.state, 'idle');
  t.like(await server.knex('matches').where('id', matchId).first(), { state: 'declined', declined_user_id: a.id });
  const sb = await status(b);
  t.is(sb.body.state, 'queued');
});

test.serial(
  'a match times out 2 s after its deadline: who had accepted is requeued, who had not leaves the queue',
  async (t) => {
    const a = await player();
    const b = await player();
    const matchId = await matched(a, b);
    const { deadline_at } = (await server.knex('matches').where('id', matchId).first('deadline_at'))!;
    const deadline = new Date(deadline_at).getTime();
    await accept(a);

    t.deepEqual(
      await expireMatches(server.knex, new Date(deadline + ACCEPT_GRACE_MS)),
      [],
      'not before the grace ends',
    );
    t.is((await status(b)).body.state, 'matched');

    server.clock.set(new Date(deadline + ACCEPT_GRACE_MS + 1));
    const tooLate = await accept(b);
    t.is(tooLate.status, 409, 'accepting after the grace is refused');
    t.deepEqual(tooLate.body, message('noMatchToAnswer'));

    const at = now();
    const events = pushesOf(await expireMatches(server.knex, at));
    t.deepEqual(
      events.map((e) => [e.room, e.event, e.payload]),
      [
        [
          `private-user-${a.id}`,
          'match-declined',
          { match_id: matchId, user_id: b.id, requeued: true, queued_at_ms: at.getTime() },
        ],
        [
          `private-user-${b.id}`,
          'match-declined',
          { match_id: matchId, user_id: b.id, requeued: false, queued_at_ms: null },
        ],
      ],
    );
    t.like(await server.knex('matches').where('id', matchId).first(), { state: 'expired' });
    t.like((await status(a)).body, { state: 'queued', queued_at_ms: at.getTime() });
    t.like((await status(b)).body, { state: 'idle' });
    t.deepEqual(await expireMatches(server.knex, now()), [], 'a second run changes nothing');
    t.is((await gamesOf(matchId)).length, 0);
  },
);

test.serial('an accept and the timeout at the same instant never both win', async (t) => {
  const outcomes = new Set<string>();
  for (let round = 0; round < 8; round++) {
    const a = await player();
    const b = await player();
    const matchId = await matched(a, b);
    await accept(b);
    const { deadline_at } = (await server.knex('matches').where('id', matchId).first('deadline_at'))!;
    const deadline = new Date(deadline_at).getTime();
    // The API's accept lands inside the grace; the sweep runs as if the grace were over.
    server.clock.set(new Date(deadline + ACCEPT_GRACE_MS / 2));
    // Starting the sweep a little later each round lets either side reach the row lock first.
    const sweep = new Promise((resolve) => setTimeout(resolve, round)).then(() =>
      expireMatches(server.knex, new Date(deadline + ACCEPT_GRACE_MS + 1)),
    );
    const [res] = await Promise.all([accept(a), sweep]);
    const match = await server.knex('matches').where('id', matchId).first();
    const games = await gamesOf(matchId);
    if (res.status === 200) {
      outcomes.add('accepted');
      t.is(res.body.state, 'playing');
      t.is(match!.state, 'accepted');
      t.is(games.length, 1);
    } else {
      outcomes.add('expired');
      t.is(res.status, 409);
      // Depending on when the timeout committed, the accept found the match closed or the entry already gone.
      t.true([MESSAGES.noMatchToAnswer, MESSAGES.notInQueue].includes(res.body.error as never), res.body.error);
      t.is(match!.state, 'expired');
      t.is(games.length, 0);
      t.is((await status(b)).body.state, 'queued');
      t.is((await status(a)).body.state, 'idle');
    }
    await server.knex('queue_entries').delete();
  }
  t.log(`outcomes seen: ${[...outcomes].join(', ')}`);
});

test.serial(
  'three misses within an hour (decline, leave while matched, ignored timeout) shut the queue for 5 minutes with 429',
  async (t) => {
    const a = await player();
    const rounds = [
      async () => decline(a),
      async () => leave(a),
      async () => {
        server.clock.advance(ACCEPT_WINDOW_MS + ACCEPT_GRACE_MS + 1);
        return expireMatches(server.knex, now());
      },
    ];
    for (const miss of rounds) {
      if (miss !== rounds[0]) server.clock.advance(10 * 60_000);
      const opponent = await player();
      t.is((await enter(a)).status, 200);
      await matched(a, opponent);
      await miss();
      await server.knex('queue_entries').where('user_id', opponent.id).delete();
    }
    t.is(await size(server.knex('matches').where('user_1_id', a.id).orWhere('user_2_id', a.id)), 3);
    const last = await server
      .knex('matches')
      .where('user_1_id', a.id)
      .orWhere('user_2_id', a.id)
      .max({ at: 'closed_at' });
    const until = new Date(new Date(last[0]!.at!).getTime() + QUEUE_PENALTY_COOLDOWN_MS);

    const res = await enter(a);
    t.is(res.status, 429);
    t.deepEqual(res.body, {
      error: `You declined or missed three matches within an hour. You can queue again at ${formatDateTime(until, ZONE)}.`,
      code: 'queueCooldown',
      params: { until: until.toISOString(), time_zone: ZONE },
    });
    t.regex(res.body.error!, /You can queue again at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d CES?T\.$/);
    const retry = Number(res.headers.get('retry-after'));
    const expected = Math.ceil((until.getTime() - now().getTime()) / 1000);
    t.true(Math.abs(retry - expected) <= 1, `Retry-After ${retry}, expected about ${expected}`);
    t.is(await size(server.knex('queue_entries').where('user_id', a.id)), 0);

    server.clock.set(new Date(until.getTime() - 1_000));
    t.is((await enter(a)).status, 429, 'still shut a second before');
    server.clock.set(until);
    const after = await enter(a);
    t.is(after.status, 200);
    t.is(after.body.state, 'queued');
  },
);

test.serial('a player who accepted a match that timed out has no miss', async (t) => {
  const a = await player();
  for (let i = 0; i < 3; i++) {
    const opponent = await player();
    const matchId = await matched(a, opponent);
    await accept(a);
    server.clock.advance(ACCEPT_WINDOW_MS + ACCEPT_GRACE_MS + 1);
    await expireMatches(server.knex, now());
    t.like(await server.knex('matches').where('id', matchId).first(), { state: 'expired' });
    t.is((await status(a)).body.state, 'queued');
    await server.knex('queue_entries').where('user_id', a.id).delete();
  }
  t.is((await enter(a)).status, 200);
});

test.serial('acceptMatch as a command: the accept that closes the match pushes game to both players', async (t) => {
  const a = await player();
  const b = await player();
  const matchId = await matched(a, b);
  const first = await server.knex.transaction((trx) => acceptMatch(trx, { user_id: b.id, now: now() }));
  t.deepEqual(
    pushesOf(first.events).map((p) => [p.room, p.event, p.payload]),
    [
      [`private-user-${a.id}`, 'match-accepted', { match_id: matchId, user_id: b.id }],
      [`private-user-${b.id}`, 'match-accepted', { match_id: matchId, user_id: b.id }],
    ],
  );
  const second = await server.knex.transaction((trx) => acceptMatch(trx, { user_id: a.id, now: now() }));
  const [game] = await gamesOf(matchId);
  t.deepEqual(
    pushesOf(second.events).map((p) => [p.room, p.event, p.payload]),
    [
      [`private-user-${a.id}`, 'game', { game_id: game!.id }],
      [`private-user-${b.id}`, 'game', { game_id: game!.id }],
    ],
  );
});

test.serial(
  'leaving after the grace times the match out first: the player is out, the one who had not accepted too',
  async (t) => {
    const a = await player();
    const b = await player();
    const matchId = await matched(a, b);
    await accept(a);
    const { deadline_at } = (await server.knex('matches').where('id', matchId).first('deadline_at'))!;
    const at = new Date(new Date(deadline_at).getTime() + ACCEPT_GRACE_MS + 1);
    const { result, events } = await server.knex.transaction((trx) => leaveQueue(trx, { user_id: a.id, now: at }));
    t.is(result.state, 'idle');
    t.like(await server.knex('matches').where('id', matchId).first(), { state: 'expired' });
    t.deepEqual(
      pushesOf(events).map((p) => [p.room, p.event, p.payload]),
      [
        [
          `private-user-${a.id}`,
          'match-declined',
          { match_id: matchId, user_id: b.id, requeued: false, queued_at_ms: null },
        ],
        [
          `private-user-${b.id}`,
          'match-declined',
          { match_id: matchId, user_id: b.id, requeued: false, queued_at_ms: null },
        ],
      ],
    );
    t.is(await size(server.knex('queue_entries').whereIn('user_id', [a.id, b.id])), 0);
  },
);

test.serial('a queued player whose keepalive is over 20 s old is not paired', async (t) => {
  const a = await player();
  const b = await player();
  await enter(a);
  server.clock.advance(QUEUE_KEEPALIVE_EXPIRY_MS);
  await enter(b);
  t.deepEqual(await pairQueue(server.knex, now()), []);
  t.is((await status(b)).body.state, 'queued');
});

test.serial(
  'a leave and the opponent’s accept at the same instant: either the game starts or the match is declined',
  async (t) => {
    for (let round = 0; round < 6; round++) {
      const a = await player();
      const b = await player();
      const matchId = await matched(a, b);
      t.is((await accept(a)).status, 200);
      const [left, accepted] = await Promise.all([leave(a), accept(b)]);
      const match = await server.knex('matches').where('id', matchId).first();
      const games = await gamesOf(matchId);
      if (match!.state === 'accepted') {
        t.is(games.length, 1);
        t.is(accepted.status, 200);
        t.is(accepted.body.state, 'playing');
        t.is(left.status, 409);
        t.deepEqual(left.body, message('notInQueue'));
      } else {
        t.like(match, { state: 'declined', declined_user_id: a.id });
        t.is(games.length, 0);
        t.is(left.status, 200);
        t.is(accepted.status, 409);
        t.is((await status(b)).body.state, 'queued');
      }
      await server.knex('queue_entries').delete();
    }
  },
);
