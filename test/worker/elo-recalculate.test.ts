import test from 'ava';
import { Queue } from 'bullmq';
import { PERMISSIONS, QUEUE_NAMES, replayRatings, userRoom, type StatsEvent } from '@ecup/domain';
import { adminEditResult, createBullConnection, rebuildElo, runEloRecalculation, transaction } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { nextEvent, openSocket } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { waitFor } from '../helpers/poll.ts';
import { gamePlayer, playFinal, type GamePlayer } from '../helpers/final-game.ts';

// Each test plays its own players; the ratings of everyone are compared with a replay of every final game, so the
// tests run one at a time.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'elorecalc', worker: true });
  api = client(server.url);
});
test.after.always(async () => server?.close());

const player = () => gamePlayer(server);

/** A final result through the real calls (rated at once by the live path), then a second on the clock. */
async function play(one: GamePlayer, two: GamePlayer, score_1: number, score_2: number): Promise<number> {
  const id = await playFinal(server, one, two, score_1, score_2);
  server.clock.advance(1_000);
  return id;
}

/** Every player's stored rating and final games, and what replaying every final game in played order gives. */
async function storedAndReplayed() {
  const finals = await server.knex('games').where('state', 'final').orderBy(['final_at', 'id']);
  const replay = replayRatings(
    finals.map((g) => ({ user_1: g.user_1_id!, user_2: g.user_2_id!, score_1: g.score_1!, score_2: g.score_2! })),
  );
  const users = await server.knex('users').where('games_played', '>', 0).orderBy('id');
  return {
    stored: users.map((u) => ({ id: u.id!, elo: u.elo!, games: u.games_played! })),
    replayed: users.map((u) => ({ id: u.id!, ...replay.get(u.id!)! })),
  };
}

const moderator = () => gamePlayer(server, { permissions: PERMISSIONS.canResolveConflicts });

test.serial('a replay of results rated by the live path gives the same figures and changes nothing', async (t) => {
  const [a, b, c] = [await player(), await player(), await player()];
  const first = await play(a, b, 3, 1);
  await play(b, c, 0, 0);
  await play(c, a, 2, 1);
  await play(a, b, 1, 4);
  const games = await server.knex('games').where('state', 'final').orderBy('id').select();
  const { stored, replayed } = await storedAndReplayed();
  t.deepEqual(stored, replayed, 'the live path rates as the replay does');

  const again = await runEloRecalculation(server.knex, { game_id: first, now: server.clock.now() });
  t.deepEqual(again.result, { games: 4, changed_games: 0, moved: [] });
  t.deepEqual(again.events, []);
  t.deepEqual(await server.knex('games').where('state', 'final').orderBy('id').select(), games);
  t.is(Number((await server.knex('elo_history').where('kind', 'replay').count({ n: '*' }))[0]!.n), 0);
  const rebuild = await rebuildElo(server.knex, { season_id: Number(games[0]!.season_id), dry_run: true });
  t.deepEqual([rebuild.differences, rebuild.game_differences], [[], 0]);
});

test.serial(
  "a moderator's correction of an older result is replayed by the worker: ratings in played order, history rows and `stats` to every player whose rating moved",
  async (t) => {
    const [a, b, c, d] = [await player(), await player(), await player(), await player()];
    const old = await play(a, b, 3, 0);
    await play(b, c, 1, 0);
    await play(d, b, 1, 0);
    const before = new Map(
      (
        (await server.knex('users').whereIn('id', [a.id, b.id, c.id, d.id]).select('id', 'elo')) as {
          id: number;
          elo: number;
        }[]
      ).map((u) => [u.id, u.elo]),
    );
    // d never played a, yet d's game with b started from a rating the correction moves.
    const socket = await openSocket(server.url, d.auth);
    t.teardown(() => socket.close());
    await new Promise<void>((resolve) => socket.emit('subscribe', { channel: userRoom(d.id) }, () => resolve()));
    const dStats = nextEvent<StatsEvent>(socket, 'stats', 15_000);

    const mod = await moderator();
    const edited = await api.post(
      '/admin/games/edit',
      { game_id: String(old), score_1: '0', score_2: '3' },
      { auth: mod.auth },
    );
    t.is(edited.status, 200);
    t.true(
      await waitFor(
        async () => {
          const { stored, replayed } = await storedAndReplayed();
          return JSON.stringify(stored) === JSON.stringify(replayed);
        },
        { what: 'the ratings of the played order', timeoutMs: 10_000 },
      ),
      'the ratings become those of the played order',
    );
    const after = new Map(
      (
        (await server.knex('users').whereIn('id', [a.id, b.id, c.id, d.id]).select('id', 'elo')) as {
          id: number;
          elo: number;
        }[]
      ).map((u) => [u.id, u.elo]),
    );
    t.not(after.get(d.id), before.get(d.id), "d's rating moved");
    const stats = await dStats;
    t.like(stats, { user_id: d.id, game_id: null });
    t.is(stats.stats.elo, after.get(d.id)!);
    const replayRows = (await server.knex('elo_history').where('kind', 'replay').pluck('game_id')) as number[];
    t.true(replayRows.length >= 2, 'the later games got replay rows');
    const edit = (await server.knex('elo_history').where({ game_id: old, kind: 'edit' }).first('id')) as { id: number };
    const season = (await server.knex('games').where('id', old).first('season_id')) as { season_id: number };
    const connection = createBullConnection(server.config.redisUrl, 'producer');
    const queue = new Queue(QUEUE_NAMES.play, { connection, prefix: `${server.config.redisPrefix}bull` });
    t.teardown(async () => {
      await queue.close();
      connection.disconnect();
    });
    const job = await queue.getJob(`elo-recalculate-s${season.season_id}-g${old}-h${edit.id}`);
    t.truthy(job?.finishedOn, 'the job named by the season, the game and the edit ran');
    t.like(job?.returnvalue, { games: 3 });
  },
);

test.serial(
  'two corrections at once, and their recalculations at once, leave the ratings of the played order',
  async (t) => {
    const [a, b, c, d] = [await player(), await player(), await player(), await player()];
    const g1 = await play(a, b, 2, 0);
    const g2 = await play(c, d, 1, 0);
    await play(a, c, 0, 1);
    await play(b, d, 3, 3);
    await play(d, a, 2, 1);
    const mod = await moderator();
    const actor = { id: mod.id, permissions: PERMISSIONS.canResolveConflicts };
    const edit = (game_id: number, score_1: number, score_2: number) =>
      transaction(server.knex, (trx) =>
        adminEditResult(trx, { game_id, actor, score_1, score_2, ip: null, now: server.clock.now() }),
      );
    // Straight through the commands; the two recalculations then run at once, as on two workers.
    const outcomes = await Promise.all([edit(g1, 0, 2), edit(g2, 0, 4)]);
    const jobs = outcomes.flatMap((o) => o.events.flatMap((e) => (e.type === 'elo-recalculate' ? [e] : [])));
    t.deepEqual(
      jobs.map((j) => j.game_id),
      [g1, g2],
    );
    await Promise.all(
      jobs.map((j) => runEloRecalculation(server.knex, { game_id: j.game_id, now: server.clock.now() })),
    );
    const { stored, replayed } = await storedAndReplayed();
    t.deepEqual(stored, replayed);
    const second = await runEloRecalculation(server.knex, { game_id: g1, now: server.clock.now() });
    t.deepEqual([second.result.changed_games, second.result.moved], [0, []], 'a second run changes nothing');
  },
);
