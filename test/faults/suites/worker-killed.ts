import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import type { Knex } from 'knex';
import {
  EMAIL_RECONCILE_SCHEDULER_ID,
  PLAY_TICK_SCHEDULER_ID,
  QUEUE_NAMES,
  RESULT_ENTRY_DELAY_MS,
  SCHEDULER_CHECK_EVERY_MS,
  type GamePayload,
  type MatchmakingStatus,
} from '@ecup/domain';
import { cli } from '../../helpers/cli.ts';
import { client, type Credentials } from '../../helpers/http.ts';
import type { RunningProcess } from '../../helpers/process.ts';
import { signedInUser } from '../../helpers/sockets.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../../security/suite.ts';
import { createFaultStack, seeded, sleep, waitFor } from '../stack.ts';
import { waitFor as poll } from '../../helpers/poll.ts';

/** The required bound: a job held by a killed worker runs again within this. */
const RESUME_LIMIT_MS = 15_000;
/** A player who is not in a game this long after entering the queue is reported. */
const PLAYER_STUCK_MS = 120_000;

interface Player {
  id: number;
  username: string;
  email: string;
  auth: Credentials;
}

interface Kill {
  at: number;
  pid: number;
  /** Jobs the killed worker held: queue and id. */
  held: { queue: string; id: string }[];
}

type Http = ReturnType<typeof client>;

/**
 * Fault suite 1: simulated players play scripted matches to a final result over HTTP against an API
 * process while one of two worker processes is killed with SIGKILL at seeded moments (preferably while it holds a
 * job) and started again, and once the job schedulers are deleted from Redis. Then: every game final, nobody lost in
 * the queue, every result rated once (`elo:rebuild --dry-run` finds nothing), no duplicate trophy move or e-mail,
 * every job the dead worker held run again within 15 s, and the schedulers registered again by the workers.
 *
 * The result form opens 12 minutes after a game starts. The processes run on the real clock (a TEST_CLOCK would move
 * only the API's clock, not the workers'), so the player who submits first moves its game's `created_at` back 12
 * minutes in the database, which every process reads; nothing else about the game depends on it.
 */
async function run({ fast, log }: SuiteOptions): Promise<SuiteReport> {
  const size = fast
    ? { matches: 60, players: 24, kills: 2, emails: 6 }
    : { matches: 1000, players: 200, kills: 10, emails: 30 };
  const seed = Number(process.env.FAULT_SEED ?? 20261121);
  const random = seeded(seed);
  const violations: string[] = [];
  const stack = await createFaultStack('faultwk');
  const knex: Knex = stack.db.knex;
  const queues: Queue[] = [];
  const listeners: QueueEvents[] = [];
  try {
    const api = await stack.startApi();
    const http: Http = client(api.url, { spreadAddresses: true });
    const workers: RunningProcess[] = [stack.startWorker(), stack.startWorker()];
    const bull = { prefix: `${stack.prefix}bull` };
    const playQueue = new Queue(QUEUE_NAMES.play, { connection: stack.redis(), ...bull });
    const emailQueue = new Queue(QUEUE_NAMES.email, { connection: stack.redis(), ...bull });
    queues.push(playQueue, emailQueue);
    const workerCount = async () => Math.min(await playQueue.getWorkersCount(), await emailQueue.getWorkersCount());
    await waitFor('two workers registered', async () => (await workerCount()) >= 2, 60_000);

    // When each job id finished (completed or failed), per queue: how long a dead worker's job took to run again.
    const finished = new Map<string, number[]>();
    const stalled: string[] = [];
    for (const name of [QUEUE_NAMES.play, QUEUE_NAMES.email]) {
      const events = new QueueEvents(name, { connection: stack.redis(), ...bull });
      listeners.push(events);
      await events.waitUntilReady();
      const done = ({ jobId }: { jobId: string }) => {
        const key = `${name}/${jobId}`;
        finished.set(key, [...(finished.get(key) ?? []), Date.now()]);
      };
      events.on('completed', done);
      events.on('failed', done);
      events.on('stalled', ({ jobId }) => stalled.push(`${name}/${jobId}`));
    }

    const players: Player[] = [];
    for (let i = 0; i < size.players; i++) {
      const { user, auth } = await signedInUser(knex, { elo: 1000 });
      players.push({ id: user.id, username: user.username, email: user.email, auth });
    }
    log(`${size.players} players, ${size.matches} matches, ${size.kills} worker kills, seed ${seed}`);

    const call = <T = MatchmakingStatus>(p: Player, route: string, body: Record<string, unknown> = {}) =>
      http.postJson<T & { error?: string }>(route, body, { auth: p.auth });
    const finals = async () => Number((await knex('games').where('state', 'final').count({ n: '*' }))[0]!.n);

    // Each game takes two seats: when every seat is taken and played, exactly `matches` games are final.
    let seats = size.matches * 2;
    let requeued = 0;
    let httpCalls = 0;
    const pollMs = fast ? 400 : 1000;

    async function enterAndPlay(p: Player): Promise<void> {
      const started = Date.now();
      const entered = await call(p, '/matchmaking/queue/enter');
      httpCalls++;
      if (entered.status !== 200) {
        violations.push(`player ${p.id}: enter answered ${entered.status} ${JSON.stringify(entered.body)}`);
        return;
      }
      let status = entered.body;
      let acceptedMatch: number | null = null;
      while (status.state !== 'playing') {
        if (Date.now() - started > PLAYER_STUCK_MS) {
          violations.push(`player ${p.id}: still ${status.state} ${PLAYER_STUCK_MS / 1000} s after entering`);
          return;
        }
        if (status.state === 'matched' && status.match && acceptedMatch !== status.match.id) {
          const answer = await call(p, '/matchmaking/match/accept');
          httpCalls++;
          if (answer.status === 200) {
            acceptedMatch = status.match.id;
            status = answer.body;
            continue;
          }
          violations.push(`player ${p.id}: accept of match ${status.match.id} answered ${answer.status}`);
        }
        if (status.state === 'idle') {
          // Out of the queue without a game: only a lapsed keepalive or a timed-out match does that. Count it and
          // queue again; the player is not lost as long as the seat is played.
          requeued++;
          const again = await call(p, '/matchmaking/queue/enter');
          httpCalls++;
          status = again.body;
          continue;
        }
        await sleep(pollMs / 2 + random() * pollMs);
        const answer = await call(
          p,
          status.state === 'queued' ? '/matchmaking/queue/keepalive' : '/matchmaking/status',
        );
        httpCalls++;
        status = answer.status === 200 ? answer.body : (await call(p, '/matchmaking/status')).body;
      }
      await playGame(p, status.game_id!);
    }

    async function readGame(p: Player, id: number): Promise<GamePayload> {
      httpCalls++;
      const answer = await http.get<GamePayload>('/game/get', { auth: p.auth, query: { id } });
      if (answer.status !== 200) throw new Error(`player ${p.id}: /game/get ${id} answered ${answer.status}`);
      return answer.body;
    }

    async function playGame(p: Player, gameId: number): Promise<void> {
      let game = await readGame(p, gameId);
      const started = Date.now();
      if (game.user_1.id === p.id) {
        await knex('games')
          .where({ id: gameId, state: 'playing' })
          .update({ created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 1000) });
        // Scores from the game id, so a rerun with the same seed plays the same results per game.
        const score = seeded(seed ^ gameId);
        const submitted = await call<GamePayload>(p, '/game/submit', {
          game_id: gameId,
          score_1: Math.floor(score() * 5),
          score_2: Math.floor(score() * 5),
        });
        httpCalls++;
        if (submitted.status !== 200) violations.push(`game ${gameId}: submit answered ${submitted.status}`);
      } else {
        while (game.state === 'playing') {
          if (Date.now() - started > PLAYER_STUCK_MS) break;
          await sleep(pollMs / 2);
          game = await readGame(p, gameId);
        }
        if (game.state === 'submitted') {
          const confirmed = await call<GamePayload>(p, '/game/confirm', { game_id: gameId });
          httpCalls++;
          if (confirmed.status !== 200) violations.push(`game ${gameId}: confirm answered ${confirmed.status}`);
        }
      }
      while (game.state !== 'final') {
        if (Date.now() - started > PLAYER_STUCK_MS) {
          violations.push(`game ${gameId}: still ${game.state} after ${PLAYER_STUCK_MS / 1000} s`);
          return;
        }
        await sleep(pollMs / 2);
        game = await readGame(p, gameId);
      }
    }

    async function playerLoop(p: Player) {
      while (seats > 0) {
        seats--;
        try {
          await enterAndPlay(p);
        } catch (error) {
          violations.push(`player ${p.id}: ${(error as Error).message}`);
        }
      }
    }

    // E-mails in flight while workers die: password resets, spread over the run.
    const resetsAsked: Player[] = [];
    async function askResets(count: number) {
      for (const p of players.slice(resetsAsked.length, resetsAsked.length + count)) {
        resetsAsked.push(p);
        const answer = await http.postJson('/user/forgot_password', { username: p.username, email: p.email });
        if (answer.status !== 200) violations.push(`forgot_password for ${p.username} answered ${answer.status}`);
      }
    }

    // The kills, at seeded points of the run's progress (so they land while games are being played), and the
    // schedulers deleted once, between two kills.
    const kills: Kill[] = [];
    const killPoints = Array.from({ length: size.kills }, (_, k) => ((k + 0.15 + 0.7 * random()) / size.kills) * 0.9);
    const schedulerPoint = 0.3 + 0.4 * random();
    let schedulerRecoveryMs: number | null = null;
    const restarts: Promise<void>[] = [];

    async function killOne(k: number) {
      await waitFor(`kill ${k + 1}: both workers up`, async () => (await workerCount()) >= 2, 30_000);
      const index = random() < 0.5 ? 0 : 1;
      const victim = workers[index]!;
      const name = `${os.hostname()}/${victim.child.pid}`;
      const heldBy = async () => {
        const jobs = [
          ...(await playQueue.getActive()).map((job) => ({ queue: QUEUE_NAMES.play, job })),
          ...(await emailQueue.getActive()).map((job) => ({ queue: QUEUE_NAMES.email, job })),
        ];
        return jobs.filter(({ job }) => job.processedBy === name).map(({ queue, job }) => ({ queue, id: job.id! }));
      };
      // Prefer a moment when the victim holds a job: that is the case the stalled-job recovery is for.
      await poll(async () => (await heldBy()).length > 0, { what: 'a job held', timeoutMs: 3000, intervalMs: 5 }).catch(
        () => undefined, // none within 3 s: kill it anyway
      );
      victim.child.kill('SIGKILL');
      const at = Date.now();
      await victim.exited;
      const held = await heldBy();
      kills.push({ at, pid: victim.child.pid!, held });
      log(
        `kill ${k + 1}: worker ${victim.child.pid} holding ${held.map((j) => `${j.queue}/${j.id}`).join(', ') || 'no job'}`,
      );
      const pause = 500 + random() * 2500;
      restarts.push(
        (async () => {
          await sleep(pause);
          workers[index] = stack.startWorker();
        })(),
      );
    }

    async function deleteSchedulers() {
      const t0 = Date.now();
      await playQueue.removeJobScheduler(PLAY_TICK_SCHEDULER_ID);
      await emailQueue.removeJobScheduler(EMAIL_RECONCILE_SCHEDULER_ID);
      const recovered = await waitFor(
        'job schedulers registered again and the play tick running',
        async () => {
          const back =
            (await playQueue.getJobScheduler(PLAY_TICK_SCHEDULER_ID)) &&
            (await emailQueue.getJobScheduler(EMAIL_RECONCILE_SCHEDULER_ID));
          const tick = [...finished.entries()].some(
            ([key, times]) => key.startsWith(`play/repeat:${PLAY_TICK_SCHEDULER_ID}:`) && times.some((t) => t > t0),
          );
          return back && tick ? Date.now() : undefined;
        },
        SCHEDULER_CHECK_EVERY_MS * 4 + 10_000,
      ).catch(() => null);
      if (recovered === null) violations.push('the job schedulers were not registered again after they were deleted');
      else schedulerRecoveryMs = recovered - t0;
      log(`schedulers deleted from Redis: back and ticking after ${schedulerRecoveryMs ?? '∞'} ms`);
    }

    const started = Date.now();
    const chaos = (async () => {
      let schedulersDone = false;
      for (let k = 0; k < size.kills; k++) {
        const point = killPoints[k]!;
        if (!schedulersDone && schedulerPoint < point) {
          await waitFor('progress', async () => (await finals()) >= schedulerPoint * size.matches, 600_000);
          await deleteSchedulers();
          schedulersDone = true;
        }
        await waitFor('progress', async () => (await finals()) >= point * size.matches, 600_000);
        await sleep(random() * 1000);
        await askResets(Math.ceil(size.emails / size.kills));
        await killOne(k);
      }
      if (!schedulersDone) await deleteSchedulers();
    })();
    await Promise.all([...players.map(playerLoop), chaos]);
    await Promise.all(restarts);
    const playMs = Date.now() - started;
    log(`played in ${(playMs / 1000).toFixed(1)} s`);

    // Every job the killed workers held ran again (completed, or failed and was retried) within the bound.
    const resumeTimes: number[] = [];
    for (const kill of kills) {
      for (const job of kill.held) {
        const key = `${job.queue}/${job.id}`;
        const times = await waitFor(
          `job ${key} of killed worker ${kill.pid} run again`,
          async () => finished.get(key)?.filter((t) => t > kill.at),
          RESUME_LIMIT_MS + 15_000,
        ).catch(() => null);
        if (!times) {
          violations.push(`job ${key} held by killed worker ${kill.pid} never ran again`);
          continue;
        }
        const ms = times[0]! - kill.at;
        resumeTimes.push(ms);
        if (ms > RESUME_LIMIT_MS)
          violations.push(`job ${key} held by killed worker ${kill.pid} resumed after ${ms} ms`);
      }
    }

    // E-mails: every reset asked for is one row, sent, written once to the outbox.
    const emails = (await knex('emails')
      .whereIn(
        'to_address',
        resetsAsked.map((p) => p.email),
      )
      .select('id', 'to_address', 'sent_at', 'attempts')) as {
      id: number;
      to_address: string;
      sent_at: Date | null;
      attempts: number;
    }[];
    const unsentAfter = await waitFor(
      'every e-mail sent',
      async () =>
        (
          await knex('emails')
            .whereIn(
              'id',
              emails.map((e) => e.id),
            )
            .whereNull('sent_at')
            .count({ n: '*' })
        )[0]!.n === 0 || undefined,
      90_000,
    ).catch(() => false);
    if (!unsentAfter) violations.push('some e-mails were never sent');
    if (emails.length !== resetsAsked.length) {
      violations.push(`${resetsAsked.length} resets asked, ${emails.length} e-mail rows`);
    }
    const files = (await readdir(path.join(stack.dir, 'outbox')).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.eml'),
    );
    const expectedFiles = emails.map((e) => `email-${String(e.id).padStart(6, '0')}.eml`).sort();
    if (JSON.stringify(files.sort()) !== JSON.stringify(expectedFiles)) {
      violations.push(`outbox holds ${files.length} files for ${emails.length} e-mails`);
    }
    const resent = (await knex('emails').whereIn(
      'id',
      emails.map((e) => e.id),
    )) as { attempts: number }[];

    // Games: exactly the scripted number, all final, each from its own accepted match.
    const games = (await knex('games').select('id', 'state', 'match_id', 'user_1_id', 'user_2_id')) as {
      id: number;
      state: string;
      match_id: number | null;
      user_1_id: number;
      user_2_id: number;
    }[];
    const notFinal = games.filter((g) => g.state !== 'final');
    if (games.length !== size.matches) violations.push(`${games.length} games for ${size.matches} scripted matches`);
    if (notFinal.length > 0)
      violations.push(`${notFinal.length} games not final: ${notFinal.map((g) => g.id).join(', ')}`);
    const matchRows = (await knex('matches').select('id', 'state')) as { id: number; state: string }[];
    const gamesOfMatch = new Map<number, number>();
    for (const g of games)
      if (g.match_id !== null) gamesOfMatch.set(g.match_id, (gamesOfMatch.get(g.match_id) ?? 0) + 1);
    for (const m of matchRows) {
      const n = gamesOfMatch.get(m.id) ?? 0;
      if ((m.state === 'accepted' && n !== 1) || (m.state !== 'accepted' && n !== 0)) {
        violations.push(`match ${m.id} (${m.state}) has ${n} games`);
      }
      if (m.state === 'pending') violations.push(`match ${m.id} still pending`);
    }
    const leftQueued = Number((await knex('queue_entries').count({ n: '*' }))[0]!.n);
    if (leftQueued > 0) violations.push(`${leftQueued} players left in the queue`);

    // Rated once: one 'final' Elo history row per game, stats equal to the games, and the replay equal.
    const history = (await knex('elo_history')
      .where('kind', 'final')
      .groupBy('game_id')
      .select('game_id')
      .count({ n: '*' })) as { game_id: number; n: number }[];
    const ratedTwice = history.filter((h) => Number(h.n) !== 1);
    if (ratedTwice.length > 0) violations.push(`${ratedTwice.length} games rated more than once`);
    if (history.length !== games.length) violations.push(`${history.length} games rated of ${games.length}`);
    const perPlayer = new Map<number, number>();
    for (const g of games) {
      for (const id of [g.user_1_id, g.user_2_id]) perPlayer.set(id, (perPlayer.get(id) ?? 0) + 1);
    }
    const users = (await knex('users')
      .whereIn(
        'id',
        players.map((p) => p.id),
      )
      .select('id', 'games_played', 'wins', 'losses', 'ties')) as Record<string, number>[];
    for (const u of users) {
      const expected = perPlayer.get(u.id!) ?? 0;
      if (u.games_played !== expected || u.wins! + u.losses! + u.ties! !== expected) {
        violations.push(`player ${u.id}: ${u.games_played} games played, ${expected} final games`);
      }
    }
    const rebuild = await cli(['elo:rebuild', '--dry-run'], { databaseUrl: stack.db.url });
    const summary = rebuild.stdout.trim().split('\n').at(-1) ?? '';
    if (rebuild.code !== 0 || !/0 players differ; nothing to write/.test(summary)) {
      violations.push(`elo:rebuild --dry-run: ${summary || rebuild.stderr}`);
    }

    // Trophies: no move made twice for a game, and the holders consistent with the players' counters.
    const duplicateMoves = (await knex('trophy_moves')
      .whereNotNull('game_id')
      .groupBy('game_id', 'trophy_id', 'kind')
      .having(knex.raw('COUNT(*) > 1'))
      .select('game_id', 'trophy_id', 'kind')) as unknown[];
    if (duplicateMoves.length > 0) violations.push(`${duplicateMoves.length} duplicate trophy moves`);
    const trophyMoves = Number((await knex('trophy_moves').count({ n: '*' }))[0]!.n);
    const [counters] = (await knex.raw(
      `SELECT u.id FROM users u
       WHERE u.unsecured_trophies <> (SELECT COUNT(*) FROM trophies t WHERE t.state = 'held' AND t.holder_user_id = u.id)
          OR u.secured_trophies <> (SELECT COUNT(*) FROM trophies t WHERE t.state = 'secured' AND t.holder_user_id = u.id)`,
    )) as [unknown[]];
    if (counters.length > 0) violations.push(`${counters.length} players' trophy counters differ from the trophies`);

    const sorted = [...resumeTimes].sort((a, b) => a - b);
    return {
      figures: {
        seed,
        players: size.players,
        'games final': games.length - notFinal.length,
        'games scripted': size.matches,
        matches: matchRows.length,
        'matches not accepted': matchRows.filter((m) => m.state !== 'accepted').length,
        'players re-queued': requeued,
        'http calls': httpCalls,
        'play time s': (playMs / 1000).toFixed(1),
        'worker kills': kills.length,
        'kills holding a job': kills.filter((k) => k.held.length > 0).length,
        'jobs held at kills': resumeTimes.length,
        'stalled events': stalled.length,
        'resume ms (min/median/max)': sorted.length
          ? `${sorted[0]}/${sorted[Math.floor(sorted.length / 2)]}/${sorted.at(-1)}`
          : 'none',
        'scheduler recovery ms': schedulerRecoveryMs ?? 'never',
        'elo rebuild': summary,
        'trophy moves': trophyMoves,
        'duplicate trophy moves': duplicateMoves.length,
        'e-mails': emails.length,
        'e-mails sent twice to the outbox (overwritten)': resent.filter((e) => e.attempts > 1).length,
      },
      violations,
    };
  } finally {
    for (const events of listeners) await events.close();
    for (const queue of queues) await queue.close();
    await stack.close();
  }
}

export const suite: Suite = {
  name: 'worker-killed',
  description:
    'scripted matches played over HTTP while a worker is SIGKILLed at seeded moments and restarted, and the job schedulers are deleted once',
  run,
};
