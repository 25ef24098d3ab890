import test from 'ava';
import { TROPHY_ACTIVE_MS, nextWeekStart, userRoom, type StatsEvent } from '@ecup/domain';
import { expireTrophies, pushesOf, resetTrophyPools, type TrophyMove } from '@ecup/db';
import { startWorker, type WorkerHandle } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { nextEvent, openSocket } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/poll.ts';
import { gamePlayer, playFinal, type GamePlayer } from '../helpers/final-game.ts';

// The in-process worker runs the trophy sweeps every second on the shared clock, so these tests run one at a time
// and only move the clock forward.
let server: TestServer;
let season: { id: number; time_zone: string };
test.before(async () => {
  server = await startTestServer({ label: 'trophyworker', worker: true });
  season = await server.knex('seasons').where('active', true).orderBy('id', 'desc').first('id', 'time_zone');
});
test.after.always(async () => server?.close());

const HOUR_MS = 3_600_000;

const player = () => gamePlayer(server);
const play = (one: GamePlayer, two: GamePlayer, score_1: number, score_2: number) =>
  playFinal(server, one, two, score_1, score_2);

async function held(p: GamePlayer) {
  const row = await server.knex('trophies').where('held_by', p.id).first('id', 'wins', 'expires_at');
  return row ? { id: Number(row.id), wins: Number(row.wins), expires_at: new Date(row.expires_at!) } : null;
}
const unsecured = async (p: GamePlayer) =>
  Number((await server.knex('users').where('id', p.id).first('unsecured_trophies'))!.unsecured_trophies);
/** How often `kind` moved this trophy away from this holder (trophy ids come back round once returned to a pool). */
const movesOf = async (trophyId: number, kind: TrophyMove['kind'], holder: GamePlayer) =>
  Number(
    (
      await server.knex('trophy_moves').where({ trophy_id: trophyId, kind, from_user_id: holder.id }).count({ n: '*' })
    )[0]!.n,
  );
const poolsOf = async (week: Date) =>
  Number((await server.knex('trophy_pools').where({ season_id: season.id, week_start: week }).count({ n: '*' }))[0]!.n);

/** Monday 01:00 of the week after the clock's (so 2-day windows end before the next reset). */
const nextMondayMorning = () => new Date(nextWeekStart(server.clock.now(), season.time_zone).getTime() + HOUR_MS);

test.serial('a final result pushes `stats` with the trophies to both players', async (t) => {
  const a = await player();
  const b = await player();
  const sockets = await Promise.all([openSocket(server.url, a.auth), openSocket(server.url, b.auth)]);
  t.teardown(() => sockets.forEach((s) => s.close()));
  const events = sockets.map((s) => nextEvent<StatsEvent>(s, 'stats', 10_000));
  const gameId = await play(a, b, 2, 0);
  const [toA, toB] = await Promise.all(events);
  const trophy = (await held(a))!;
  t.like(toA, { user_id: a.id, game_id: gameId });
  t.deepEqual(
    toA!.trophies?.map((x) => [x.id, x.wins]),
    [[trophy.id, 1]],
  );
  t.true(Math.abs(toA!.trophies![0]!.time_active - TROPHY_ACTIVE_MS / 1000) < 60);
  t.is(toA!.stats.unsecured_trophies, 1);
  t.like(toB, { user_id: b.id, game_id: gameId, trophies: [] });
  t.is(toB!.stats.unsecured_trophies, 0);
});

test.serial('the expiry and reset sweeps run twice at once change things once', async (t) => {
  server.clock.set(nextMondayMorning());
  const [a, b, c, d] = await Promise.all([player(), player(), player(), player()]);
  await play(a, b, 1, 0);
  const expiring = (await held(a))!;

  // Called with their own `now`, ahead of the worker's clock, so only these calls find the trophies due.
  const runs = await Promise.all([
    expireTrophies(server.knex, expiring.expires_at),
    expireTrophies(server.knex, expiring.expires_at),
  ]);
  t.is(await movesOf(expiring.id, 'expire', a), 1);
  t.is(runs.flatMap(pushesOf).filter((p) => p.room === userRoom(a.id)).length, 1, 'one `stats` to the holder');
  t.is(await held(a), null);
  t.is(await unsecured(a), 0);

  // Late on Sunday: the week ends before the 2 days do.
  const monday = nextWeekStart(server.clock.now(), season.time_zone);
  server.clock.set(new Date(monday.getTime() - 2 * HOUR_MS));
  await play(c, d, 1, 0);
  const resetting = (await held(c))!;
  const resetAt = new Date(monday.getTime() + 60_000);
  const resets = await Promise.all([resetTrophyPools(server.knex, resetAt), resetTrophyPools(server.knex, resetAt)]);
  t.is(await poolsOf(monday), 1, 'one pool for the new week');
  t.is(await movesOf(resetting.id, 'reset', c), 1, 'sent back once, by the reset');
  t.is(resets.flatMap(pushesOf).filter((p) => p.room === userRoom(c.id)).length, 1);
  t.is(await held(c), null);
  t.is(await unsecured(c), 0);
  const pool = await server.knex('trophy_pools').where({ season_id: season.id, week_start: monday }).first('id');
  const [left] = await server.knex('trophies').where({ pool_id: pool!.id, state: 'pool' }).count({ n: '*' });
  t.is(Number(left?.n), 25, 'the new week opens with 25');
});

test.serial('the worker expires a trophy whose 2 days ran out and pushes `stats` to the holder', async (t) => {
  server.clock.set(nextMondayMorning());
  const a = await player();
  const b = await player();
  await play(a, b, 3, 1);
  const trophy = (await held(a))!;
  const socket = await openSocket(server.url, a.auth);
  t.teardown(() => socket.close());
  const event = nextEvent<StatsEvent>(socket, 'stats', 15_000);
  server.clock.set(new Date(trophy.expires_at.getTime() + 1000));
  const stats = await event;
  t.like(stats, { user_id: a.id, game_id: null, trophies: [] });
  t.is(stats.stats.unsecured_trophies, 0);
  t.is(await movesOf(trophy.id, 'expire', a), 1);
  t.is(await held(a), null);
});

test.serial('a worker restart across a reset moment still resets once and opens one pool', async (t) => {
  // A trophy taken late on Sunday: its week ends long before its 2 days do.
  const monday = nextWeekStart(server.clock.now(), season.time_zone);
  server.clock.set(new Date(monday.getTime() - HOUR_MS));
  const a = await player();
  const b = await player();
  await play(a, b, 1, 0);
  const trophy = (await held(a))!;

  await server.worker!.close();
  server.clock.set(new Date(monday.getTime() + 5_000));
  t.is(await poolsOf(monday), 0, 'no worker ran at the reset moment');
  const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
  const start = (): Promise<WorkerHandle> =>
    startWorker({ config: server.config, knex: server.knex, log: quiet, now: () => server.clock.now() });
  // Two at once: several workers must not reset twice either. The test server still closes the stopped one.
  const restarted = await Promise.all([start(), start()]);
  t.teardown(() => Promise.all(restarted.map((w) => w.close())).then(() => undefined));

  t.true(
    await waitFor(async () => (await held(a)) === null, { what: 'the late reset', timeoutMs: 10_000, intervalMs: 200 }),
    'the reset ran late',
  );
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  t.is(await poolsOf(monday), 1);
  t.is(await movesOf(trophy.id, 'reset', a), 1);
  t.is(await movesOf(trophy.id, 'expire', a), 0);
  t.is(await unsecured(a), 0);
});
