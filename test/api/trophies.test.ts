import test from 'ava';
import {
  DEFAULT_TIME_ZONE,
  PERMISSIONS,
  RESULT_ENTRY_DELAY_MS,
  TROPHY_ACTIVE_MS,
  TROPHY_POOL_SIZE,
  nextWeekStart,
  weekStart,
  type GamePayload,
  type RankingListResponse,
  type TrophyHoldersResponse,
  type TrophyStatsResponse,
} from '@ecup/domain';
import {
  adminEditResult,
  confirmResult,
  expireTrophies,
  resetTrophyPools,
  submitResult,
  trophyWeeklyWinners,
} from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildSideSeason, type buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';

// Tests that move the shared clock are serial (AVA runs them before the concurrent ones) and put it back after.
// Concurrent tests play in seasons of their own, so their pools never mix with the active season's.
const serial = test.serial;

let server: TestServer;
let api: ReturnType<typeof client>;
let season: { id: number; time_zone: string; qualifiers_start: Date; trophy_hunt_end: Date };
test.before(async () => {
  server = await startTestServer({ label: 'trophies' });
  api = client(server.url);
  season = await server
    .knex('seasons')
    .where('active', true)
    .orderBy('id', 'desc')
    .first('id', 'time_zone', 'qualifiers_start', 'trophy_hunt_end');
});
test.after.always(async () => server?.close());

type Player = { user: Awaited<ReturnType<typeof buildUser>>; auth: Credentials };
/** A new player signed in at the test clock's now (a session begun before a clock jump would have ended). */
const signedIn = (overrides: Parameters<typeof buildUser>[1] = {}): Promise<Player> =>
  signedInUser(server.knex, overrides, server.clock.now());
type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;
/** `n` new signed-in players. */
const players = <N extends number>(n: N) =>
  Promise.all(Array.from({ length: n }, () => signedIn())) as Promise<Tuple<Player, N>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Moves the clock for one test and puts it back afterwards. */
function moveClock(t: { teardown(fn: () => void): void }, to: Date) {
  const offset = server.clock.offsetMs();
  t.teardown(() => server.clock.set(new Date(Date.now() + offset)));
  server.clock.set(to);
}

/** A season of its own (not the active one), its hunt running around the clock's now. */
async function ownSeason(): Promise<number> {
  return buildSideSeason(server.knex, server.clock.now(), 'Side season');
}

/** A game whose result form is open, user 1 vs user 2. */
const gameBetween = (one: Player, two: Player, seasonId?: number) =>
  buildGame(server.knex, {
    user_1_id: one.user.id,
    user_2_id: two.user.id,
    created_at: new Date(server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
    ...(seasonId === undefined ? {} : { season_id: seasonId }),
  });

const submit = (auth: Credentials, game_id: number, score_1: number, score_2: number) =>
  api.postJson<GamePayload>('/game/submit', { game_id, score_1, score_2 }, { auth });
const confirm = (auth: Credentials, game_id: number) =>
  api.postJson<GamePayload>('/game/confirm', { game_id }, { auth });

/** A final result through the real calls: user 1 submits the score (game order), user 2 verifies. */
async function play(one: Player, two: Player, score_1: number, score_2: number, seasonId?: number) {
  const id = await gameBetween(one, two, seasonId);
  const submitted = await submit(one.auth, id, score_1, score_2);
  if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`);
  const confirmed = await confirm(two.auth, id);
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return id;
}

/** The unsecured trophy a player holds (id and streak), or null. */
async function holding(player: Player): Promise<{ id: number; wins: number; expires_at: Date } | null> {
  const row = await server.knex('trophies').where('held_by', player.user.id).first('id', 'wins', 'expires_at');
  return row ? { id: Number(row.id), wins: Number(row.wins), expires_at: new Date(row.expires_at!) } : null;
}
const wins = async (player: Player) => (await holding(player))?.wins ?? null;

async function counters(player: Player) {
  const row = await server.knex('users').where('id', player.user.id).first('secured_trophies', 'unsecured_trophies');
  return { secured: Number(row!.secured_trophies), unsecured: Number(row!.unsecured_trophies) };
}

/** Trophies left in a season's pool of the week containing `at`. */
async function poolLeft(seasonId: number, at: Date): Promise<number> {
  const pool = await server
    .knex('trophy_pools')
    .where({ season_id: seasonId, week_start: weekStart(at, DEFAULT_TIME_ZONE) })
    .first('id');
  if (!pool) return TROPHY_POOL_SIZE;
  const [row] = await server.knex('trophies').where({ pool_id: pool.id, state: 'pool' }).count({ n: '*' });
  return Number(row?.n);
}

const movesOf = async (gameId: number) =>
  (await server.knex('trophy_moves').where('game_id', gameId).orderBy('id').pluck('kind')) as string[];

const stats = (auth?: Credentials) => api.get<TrophyStatsResponse>('/trophy/get_stats', auth ? { auth } : {});

// --- A scripted season: two weeks of results through /game/submit and /game/confirm ---

serial(
  'a scripted season: takes, streaks, draws, passes, holder beats holder, securing, the weekly reset and winners',
  async (t) => {
    const week1 = nextWeekStart(server.clock.now(), season.time_zone);
    moveClock(t, new Date(week1.getTime() + HOUR));
    const [p1, p2, p3, p4, p5, p6] = await players(6);
    const left = () => poolLeft(season.id, server.clock.now());

    const g1 = await play(p1, p2, 2, 1);
    t.deepEqual(await movesOf(g1), ['take'], 'a winner without a trophy takes one');
    t.is(await wins(p1), 1);
    t.is(await left(), 24);
    await play(p3, p4, 3, 0);
    t.is(await left(), 23);
    const g3 = await play(p5, p1, 0, 1);
    t.deepEqual(await movesOf(g3), ['win']);
    t.is(await wins(p1), 2);
    const g4 = await play(p3, p1, 1, 1);
    t.deepEqual(await movesOf(g4), [], 'a draw at 2/3 changes nothing');
    t.is(await wins(p1), 2);
    const p1Trophy = (await holding(p1))!.id;
    const g5 = await play(p1, p6, 0, 2);
    t.deepEqual(await movesOf(g5), ['pass'], 'a loss at 2/3 passes the trophy');
    t.is(await holding(p1), null);
    t.like(await holding(p6), { id: p1Trophy, wins: 1 });
    await play(p2, p3, 2, 0);
    t.is(await holding(p3), null);
    t.is(await wins(p2), 1);
    t.is(await left(), 23, 'passes leave the pool as it is');
    const g7 = await play(p2, p6, 1, 0);
    t.deepEqual(await movesOf(g7), ['win', 'return'], 'holder beats holder');
    t.is(await holding(p6), null);
    t.is(await wins(p2), 2);
    t.is(await left(), 24, "the loser's trophy went back to the pool");
    const g8 = await play(p4, p2, 0, 3);
    t.deepEqual(await movesOf(g8), ['win', 'secure']);
    t.is(await holding(p2), null);
    t.deepEqual(await counters(p2), { secured: 1, unsecured: 0 });
    t.is(await left(), 24, 'a secured trophy leaves play');
    // Sunday: p4 takes one late in the week, so the reset comes before its window runs out.
    server.clock.set(new Date(week1.getTime() + 6 * DAY + HOUR));
    await play(p4, p5, 2, 0);
    t.is(await left(), 23);

    for (const [player, unsecured, secured] of [
      [p1, 0, 0],
      [p2, 0, 1],
      [p3, 0, 0],
      [p4, 1, 0],
      [p5, 0, 0],
      [p6, 0, 0],
    ] as const) {
      t.deepEqual(
        await counters(player),
        { secured, unsecured },
        `counters of p${[p1, p2, p3, p4, p5, p6].indexOf(player) + 1}`,
      );
    }

    const anonymous = await stats();
    t.is(anonymous.status, 200);
    t.is(anonymous.body.trophies_left, 23);
    t.is(anonymous.body.pool_size, TROPHY_POOL_SIZE);
    t.false(anonymous.body.hunt_ended);
    t.false('trophies' in anonymous.body, 'a visitor gets no personal fields');
    t.false('secured_trophies' in anonymous.body);
    const mine = await stats(p4.auth);
    const p4Trophy = (await holding(p4))!;
    t.deepEqual(mine.body.trophies, [
      {
        id: p4Trophy.id,
        wins: 1,
        time_active: Math.ceil((p4Trophy.expires_at.getTime() - mine.body.server_time_ms) / 1000),
      },
    ]);
    t.true(Math.abs(mine.body.trophies![0]!.time_active - TROPHY_ACTIVE_MS / 1000) < 120);
    t.like(mine.body, { secured_trophies: 0, unsecured_trophies: 1, trophies_left: 23 });
    t.like((await api.post<TrophyStatsResponse>('/trophy/get_stats', {}, { auth: p2.auth })).body, {
      trophies: [],
      secured_trophies: 1,
      unsecured_trophies: 0,
    });

    const holders = await api.get<TrophyHoldersResponse>('/trophy/holders');
    t.is(holders.status, 200);
    t.deepEqual(
      holders.body.holders.map((h) => [h.user_id, h.wins, h.username, h.online]),
      [[p4.user.id, 1, p4.user.username, false]],
    );

    // Week 2: the reset takes back p4's unsecured trophy and a full pool opens.
    const week2 = nextWeekStart(server.clock.now(), season.time_zone);
    server.clock.set(new Date(week2.getTime() + HOUR));
    await resetTrophyPools(server.knex, server.clock.now());
    t.is(await holding(p4), null);
    t.deepEqual(await counters(p4), { secured: 0, unsecured: 0 });
    const p4Moves = await server.knex('trophy_moves').where('trophy_id', p4Trophy.id).orderBy('id').select();
    t.like(p4Moves.at(-2), { kind: 'take', to_user_id: p4.user.id });
    t.like(p4Moves.at(-1), { kind: 'reset', from_user_id: p4.user.id, to_user_id: null, wins_before: 1 });
    t.is((await stats()).body.trophies_left, 25, 'the new week opens with 25');

    await play(p2, p1, 1, 0);
    await play(p5, p6, 1, 0);
    await play(p2, p3, 1, 0);
    await play(p2, p4, 1, 0);
    await play(p5, p1, 1, 0);
    await play(p5, p3, 1, 0);
    t.deepEqual(await counters(p2), { secured: 2, unsecured: 0 });
    t.deepEqual(await counters(p5), { secured: 1, unsecured: 0 });
    t.is((await stats()).body.trophies_left, 23);

    const weeks = await trophyWeeklyWinners(server.knex, season.id);
    t.deepEqual(
      weeks.map((w) => ({ week: w.week_start.getTime(), winners: w.winners.map((x) => x.user_id) })),
      [
        { week: week1.getTime(), winners: [p2.user.id] },
        { week: week2.getTime(), winners: [p5.user.id] },
      ],
      'p2 secured again in week 2 but already won the prize',
    );
    t.like(weeks[1]!.winners[0], { username: p5.user.username, email: p5.user.email });

    // Ranking by secured trophies (sorting=1): p2 (2), p5 (1), then the rest; ties by games, then sign-up.
    const ranking = await api.get<RankingListResponse>('/ranking/list', { query: { sorting: 1, amount: 250 } });
    t.is(ranking.status, 200);
    const rows = ranking.body.rankings;
    const ours = rows.filter((r) => [p1, p2, p3, p4, p5, p6].some((p) => p.user.id === r.id));
    t.deepEqual(
      ours.slice(0, 2).map((r) => [r.id, r.secured_trophies]),
      [
        [p2.user.id, 2],
        [p5.user.id, 1],
      ],
    );
    const games = new Map(
      (
        (await server
          .knex('users')
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .select('id', 'games_played')) as {
          id: number;
          games_played: number;
        }[]
      ).map((u) => [u.id, u.games_played]),
    );
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const order = a.secured_trophies - b.secured_trophies || games.get(a.id)! - games.get(b.id)! || b.id - a.id;
      t.true(order > 0, `rank ${i} before rank ${i + 1}`);
    }
    t.deepEqual(
      rows.map((r) => r.rank),
      rows.map((_, i) => i + 1),
    );
  },
);

serial('a trophy that runs out while its holder plays goes back first; the winner takes one afresh', async (t) => {
  const sideSeason = await ownSeason();
  moveClock(t, new Date(nextWeekStart(server.clock.now(), DEFAULT_TIME_ZONE).getTime() + HOUR));
  const [a, b, c] = await players(3);
  await play(a, b, 1, 0, sideSeason);
  const first = (await holding(a))!;
  const game = await buildGame(server.knex, {
    user_1_id: a.user.id,
    user_2_id: c.user.id,
    season_id: sideSeason,
    created_at: new Date(server.clock.now().getTime() + TROPHY_ACTIVE_MS - 30 * 60_000),
  });
  server.clock.advance(TROPHY_ACTIVE_MS + 60_000);
  t.is((await submit(a.auth, game, 2, 0)).status, 200);
  t.is((await confirm(c.auth, game)).status, 200);
  t.deepEqual(await server.knex('trophy_moves').where('trophy_id', first.id).orderBy('id').pluck('kind'), [
    'take',
    'expire',
    'take',
  ]);
  const now = await holding(a);
  t.is(now!.wins, 1, 'a fresh streak, not a second win');
  t.true(now!.expires_at.getTime() > first.expires_at.getTime());
  t.deepEqual(await counters(a), { secured: 0, unsecured: 1 });
  t.is(await poolLeft(sideSeason, server.clock.now()), 24);
});

serial('a week of results, edits and both sweeps all at once keeps every count equal to the trophies', async (t) => {
  const sideSeason = await ownSeason();
  moveClock(t, new Date(nextWeekStart(server.clock.now(), DEFAULT_TIME_ZONE).getTime() + HOUR));
  const field = await players(20);
  const mod = (await moderator()).user;
  const actor = (id: number, permissions = 0) => ({ id, permissions });
  // A fixed pseudo-random sequence, so a failure can be replayed.
  let seed = 20_191_125;
  const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const score = () => Math.floor(random() * 3);
  let previous: number[] = [];
  for (let round = 0; round < 14; round++) {
    const order = [...field].sort(() => random() - 0.5);
    const games: { id: number; verifier: number }[] = [];
    for (let i = 0; i + 1 < order.length; i += 2) {
      const id = await gameBetween(order[i]!, order[i + 1]!, sideSeason);
      await server.knex.transaction((trx) =>
        submitResult(trx, {
          game_id: id,
          actor: actor(order[i]!.user.id),
          score_1: score(),
          score_2: score(),
          now: server.clock.now(),
        }),
      );
      games.push({ id, verifier: order[i + 1]!.user.id });
    }
    const now = server.clock.now();
    const settled = await Promise.allSettled([
      ...games.map((g) =>
        server.knex.transaction((trx) => confirmResult(trx, { game_id: g.id, actor: actor(g.verifier), now })),
      ),
      ...previous.slice(0, 4).map((id) =>
        server.knex.transaction((trx) =>
          adminEditResult(trx, {
            game_id: id,
            actor: actor(mod.id, PERMISSIONS.canResolveConflicts),
            score_1: score(),
            score_2: score(),
            ip: null,
            now,
          }),
        ),
      ),
      expireTrophies(server.knex, now),
      expireTrophies(server.knex, now),
      resetTrophyPools(server.knex, now),
      resetTrophyPools(server.knex, now),
    ]);
    t.deepEqual(
      settled.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : [])),
      [],
      `round ${round}: nothing failed`,
    );
    previous = games.map((g) => g.id);
    server.clock.advance(13 * HOUR);
  }
  const [mismatched] = (await server.knex.raw(
    `SELECT u.id FROM users u WHERE u.unsecured_trophies <> (SELECT COUNT(*) FROM trophies t WHERE t.held_by = u.id)
       OR u.secured_trophies <> (SELECT COUNT(*) FROM trophies t WHERE t.state = 'secured' AND t.holder_user_id = u.id)`,
  )) as [unknown[]];
  t.deepEqual(mismatched, [], "every player's counters match the trophies");
  const pools = (await server
    .knex('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .where('p.season_id', sideSeason)
    .groupBy('p.id')
    .select('p.id', server.knex.raw('COUNT(*) AS n'))) as { n: number }[];
  t.true(pools.length >= 2, 'the week turned');
  t.true(
    pools.every((p) => Number(p.n) === TROPHY_POOL_SIZE),
    'each pool has exactly 25 trophies',
  );
});

// --- get_stats timers ---

serial('get_stats counts down to the next Monday 00:00 and to the hunt’s end, in whole seconds', async (t) => {
  const monday = nextWeekStart(server.clock.now(), season.time_zone);
  moveClock(t, new Date(monday.getTime() + 2 * DAY + 3 * HOUR + 500));
  const res = await stats();
  const now = res.body.server_time_ms;
  t.is(
    res.body.trophy_reset_countdown,
    Math.ceil((nextWeekStart(new Date(now), season.time_zone).getTime() - now) / 1000),
  );
  t.true(Math.abs(res.body.trophy_reset_countdown! - (5 * DAY - 3 * HOUR) / 1000) <= 3600, 'about 4 days 21 hours');
  t.is(res.body.hunt_ends_in, Math.ceil((new Date(season.trophy_hunt_end).getTime() - now) / 1000));
  t.is(res.body.hunt_starts_in, 0);
  t.false(res.body.hunt_ended);

  server.clock.advance(DAY);
  const later = await stats();
  t.true(Math.abs(res.body.trophy_reset_countdown! - later.body.trophy_reset_countdown! - 86_400) <= 1);

  // In the hunt's last week no further reset comes.
  const end = new Date(season.trophy_hunt_end);
  server.clock.set(new Date(weekStart(new Date(end.getTime() - 1), season.time_zone).getTime() + 1000));
  const last = await stats();
  t.is(last.body.trophy_reset_countdown, null);
  t.true(last.body.hunt_ends_in > 0);
});

serial('before the hunt starts the pool shows full and the countdown is to the first pool', async (t) => {
  moveClock(t, new Date(new Date(season.qualifiers_start).getTime() - 90_000));
  const res = await stats();
  t.like(res.body, { trophies_left: 25, pool_size: 25, hunt_ended: false });
  t.true(Math.abs(res.body.hunt_starts_in! - 90) <= 1);
  t.is(res.body.trophy_reset_countdown, res.body.hunt_starts_in ?? -1);
  t.deepEqual((await api.get<TrophyHoldersResponse>('/trophy/holders')).body.holders, []);
});

serial('after trophy_hunt_end: hunt_ended, no pool, no timers, no moves; the player keeps their counts', async (t) => {
  moveClock(t, new Date(season.trophy_hunt_end));
  const [a, b] = await players(2);
  const anonymous = await stats();
  t.deepEqual(
    { ...anonymous.body, server_time_ms: 0 },
    {
      trophies_left: 0,
      pool_size: 25,
      trophy_reset_countdown: null,
      hunt_starts_in: 0,
      hunt_ends_in: 0,
      hunt_ended: true,
      server_time_ms: 0,
    },
  );
  const game = await play(a, b, 3, 0);
  t.deepEqual(await movesOf(game), [], 'a result after the end moves no trophy');
  t.is(await holding(a), null);
  t.like((await stats(a.auth)).body, { hunt_ended: true, trophies: [], secured_trophies: 0, unsecured_trophies: 0 });
  t.deepEqual((await api.get<TrophyHoldersResponse>('/trophy/holders')).body.holders, []);
});

// --- Races (own seasons, no clock moves) ---

test('two results at the same instant competing for the last pool trophy: exactly one takes it', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b, c, d] = await players(4);
  // Open the pool with a first result, then leave one trophy in it.
  await play(a, b, 1, 0, sideSeason);
  await server.knex('trophies').where('held_by', a.user.id).update({ state: 'pool', holder_user_id: null, wins: 0 });
  await server.knex('users').where('id', a.user.id).update({ unsecured_trophies: 0 });
  const pool = await server
    .knex('trophy_pools')
    .where({ season_id: sideSeason, week_start: weekStart(server.clock.now(), DEFAULT_TIME_ZONE) })
    .first('id');
  const ids = (await server.knex('trophies').where('pool_id', pool!.id).orderBy('id').pluck('id')) as number[];
  await server.knex('trophies').whereIn('id', ids.slice(1)).update({ state: 'secured' });
  t.is(await poolLeft(sideSeason, server.clock.now()), 1);

  const g1 = await gameBetween(c, a, sideSeason);
  const g2 = await gameBetween(d, b, sideSeason);
  t.is((await submit(c.auth, g1, 2, 0)).status, 200);
  t.is((await submit(d.auth, g2, 2, 0)).status, 200);
  const answers = await Promise.all([confirm(a.auth, g1), confirm(b.auth, g2)]);
  t.deepEqual(
    answers.map((r) => r.status),
    [200, 200],
    'both results become final',
  );
  const holders = [await holding(c), await holding(d)].filter((h) => h !== null);
  t.is(holders.length, 1, 'one taker');
  t.is(holders[0]!.id, ids[0]!);
  t.is(await poolLeft(sideSeason, server.clock.now()), 0);
  const takes = await server.knex('trophy_moves').whereIn('game_id', [g1, g2]).where('kind', 'take').count({ n: '*' });
  t.is(Number(takes[0]!.n), 1);
  t.is((await counters(c)).unsecured + (await counters(d)).unsecured, 1);
});

test('a result verified twice at once moves the trophies once', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b] = await players(2);
  const id = await gameBetween(a, b, sideSeason);
  t.is((await submit(a.auth, id, 1, 0)).status, 200);
  const answers = await Promise.all([confirm(b.auth, id), confirm(b.auth, id)]);
  t.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
  t.deepEqual(await movesOf(id), ['take']);
  t.deepEqual(await counters(a), { secured: 0, unsecured: 1 });
  t.is(await poolLeft(sideSeason, server.clock.now()), 24);
});

// --- A moderator's edit of a final result ---

const moderator = () => signedIn({ permissions: PERMISSIONS.canResolveConflicts });
const edit = (auth: Credentials, game_id: number, score1: number, score2: number) =>
  api.post<GamePayload>(
    '/admin/games/edit',
    { game_id: String(game_id), score1: String(score1), score2: String(score2) },
    { auth },
  );

test('an edit that changes the winner reverses the trophy moves and applies the new ones; twice over', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b] = await players(2);
  const mod = await moderator();
  const id = await play(a, b, 2, 1, sideSeason);
  const taken = (await holding(a))!;

  const first = await edit(mod.auth, id, 1, 2);
  t.is(first.status, 200);
  t.is(await holding(a), null);
  t.like(await holding(b), { wins: 1 });
  t.deepEqual(await movesOf(id), ['take', 'reverse', 'take']);
  t.deepEqual(await counters(a), { secured: 0, unsecured: 0 });
  t.deepEqual(await counters(b), { secured: 0, unsecured: 1 });
  t.is(await poolLeft(sideSeason, server.clock.now()), 24, 'one trophy out, as before');
  const reverse = await server.knex('trophy_moves').where({ game_id: id, kind: 'reverse' }).first();
  t.like(reverse, { trophy_id: taken.id, from_user_id: a.user.id, to_user_id: null });

  t.is((await edit(mod.auth, id, 3, 0)).status, 200);
  t.like(await holding(a), { wins: 1 });
  t.is(await holding(b), null);
  t.deepEqual(await movesOf(id), ['take', 'reverse', 'take', 'reverse', 'take']);
  t.deepEqual(await counters(b), { secured: 0, unsecured: 0 });

  t.is((await edit(mod.auth, id, 4, 0)).status, 200);
  t.is((await movesOf(id)).length, 5, 'the same winner: the trophy effects stand');
});

test('reversing a secure gives the trophy back at 2/3, and the new winner takes it off the holder', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b, c, d] = await players(4);
  const mod = await moderator();
  await play(a, b, 1, 0, sideSeason);
  await play(a, c, 1, 0, sideSeason);
  const trophy = (await holding(a))!;
  const id = await play(a, d, 1, 0, sideSeason);
  t.deepEqual(await counters(a), { secured: 1, unsecured: 0 });

  t.is((await edit(mod.auth, id, 0, 1)).status, 200);
  t.deepEqual(await movesOf(id), ['win', 'secure', 'reverse', 'reverse', 'pass']);
  t.is(await holding(a), null);
  t.like(await holding(d), { id: trophy.id, wins: 1 });
  t.deepEqual(await counters(a), { secured: 0, unsecured: 0 });
  t.deepEqual(await counters(d), { secured: 0, unsecured: 1 });
  t.deepEqual(await trophyWeeklyWinners(server.knex, sideSeason), [], 'no securing left to win a prize with');
});

test('reversing a pass restores the beaten holder’s streak and window', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b, c] = await players(3);
  const mod = await moderator();
  await play(a, c, 1, 0, sideSeason);
  const before = (await holding(a))!;
  const id = await play(b, a, 1, 0, sideSeason);
  t.like(await holding(b), { id: before.id, wins: 1 });

  t.is((await edit(mod.auth, id, 0, 1)).status, 200);
  t.deepEqual(await movesOf(id), ['pass', 'reverse', 'win']);
  const after = (await holding(a))!;
  t.is(after.id, before.id);
  t.is(after.wins, 2, 'the old streak of 1, plus the win the edit gave');
  t.is(after.expires_at.getTime(), before.expires_at.getTime(), 'the old window, not a fresh one');
  t.is(await holding(b), null);
  t.deepEqual(await counters(b), { secured: 0, unsecured: 0 });
  t.deepEqual(await counters(a), { secured: 0, unsecured: 1 });
});

test('an edit after the trophy moved on leaves the trophy state as it is', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b, c] = await players(3);
  const mod = await moderator();
  const id = await play(a, b, 2, 1, sideSeason);
  await play(a, c, 1, 0, sideSeason);
  const trophy = (await holding(a))!;
  t.is(trophy.wins, 2);

  const res = await edit(mod.auth, id, 0, 1);
  t.is(res.status, 200);
  t.like(res.body, { score_1: 0, score_2: 1, state: 'final' }, 'the score and the stats are edited all the same');
  t.deepEqual(await movesOf(id), ['take'], 'no reversal, no new moves');
  t.like(await holding(a), { id: trophy.id, wins: 2 });
  t.is(await holding(b), null);
  t.deepEqual(await counters(a), { secured: 0, unsecured: 1 });
  t.deepEqual(await counters(b), { secured: 0, unsecured: 0 });
});

test('an edit that turns a win into a draw takes the trophy back; a draw edited into a win gives one', async (t) => {
  const sideSeason = await ownSeason();
  const [a, b] = await players(2);
  const mod = await moderator();
  const id = await play(a, b, 1, 0, sideSeason);
  t.is((await edit(mod.auth, id, 1, 1)).status, 200);
  t.deepEqual(await movesOf(id), ['take', 'reverse']);
  t.is(await holding(a), null);
  t.deepEqual(await counters(a), { secured: 0, unsecured: 0 });
  t.is(await poolLeft(sideSeason, server.clock.now()), 25);
  t.is((await edit(mod.auth, id, 0, 2)).status, 200);
  t.like(await holding(b), { wins: 1 });
});

test('a trophy left over from a finished hunt goes back when its holder plays in a new one', async (t) => {
  const [oldSeason, newSeason] = [await ownSeason(), await ownSeason()];
  const [a, b, c] = await players(3);
  await play(a, b, 1, 0, oldSeason);
  const leftOver = (await holding(a))!;
  await server
    .knex('seasons')
    .where('id', oldSeason)
    .update({ trophy_hunt_end: new Date(server.clock.now().getTime() - 1000) });
  t.deepEqual(await counters(a), { secured: 0, unsecured: 1 }, 'kept, unsecured, as the hunt ended');

  await play(a, c, 2, 1, newSeason);
  t.deepEqual(
    await server.knex('trophy_moves').where('from_user_id', a.user.id).pluck('kind'),
    ['reset'],
    'the left-over trophy went back to its old pool',
  );
  const now = (await holding(a))!;
  t.not(now.id, leftOver.id);
  t.is(now.wins, 1);
  t.deepEqual(await counters(a), { secured: 0, unsecured: 1 });
  t.is(await poolLeft(newSeason, server.clock.now()), 24);
});
