import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import {
  EMAIL_RECONCILE_SCHEDULER_ID,
  LOGIN_FAILURES_PER_ACCOUNT,
  MESSAGES,
  PLAY_TICK_SCHEDULER_ID,
  QUEUE_NAMES,
  RESULT_ENTRY_DELAY_MS,
  SCHEDULER_CHECK_EVERY_MS,
  type GamePayload,
  type GameReadyEvent,
  type MatchPayload,
  type MatchmakingStatus,
} from '@ecup/domain';
import { buildGame, buildUser } from '../../helpers/factories.ts';
import type { Credentials } from '../../helpers/http.ts';
import type { RunningProcess } from '../../helpers/process.ts';
import { signedInUser } from '../../helpers/sockets.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../../security/suite.ts';
import { startPrivateRedis } from '../private-redis.ts';
import { createFaultStack, seeded, sleep, waitFor } from '../stack.ts';

/** The required bound: matchmaking pairs players again this soon after Redis is back. */
const PAIRING_RESUME_LIMIT_MS = 10_000;
/** The required bound: nobody waits "searching" longer than this once Redis is back, while an opponent waits too. */
const SEARCHING_LIMIT_MS = 60_000;
/** The worker checks its schedulers every SCHEDULER_CHECK_EVERY_MS; a missing one is back well within this. */
const SCHEDULER_LIMIT_MS = SCHEDULER_CHECK_EVERY_MS * 4 + 10_000;
/** A request not answered within this is reported as hanging (an outage must be answered, not waited out). */
const ANSWER_LIMIT_MS = 20_000;
/** A player whose round (enter to final game) takes longer than this is reported stuck. */
const PLAYER_STUCK_MS = 120_000;
/**
 * Real-time pushes are fire and forget (docs/decisions.md#real-time: a client re-reads after a reconnect), so an event emitted while
 * Redis is away, or in the moments its clients take to reconnect, may be lost. Every push made while Redis has been
 * back for at least this long must arrive.
 */
const PUSH_SETTLE_MS = 10_000;

interface Player {
  id: number;
  username: string;
  auth: Credentials;
  socket: Socket | null;
  /** Ids of the `match` and `game` pushes the player's socket received. */
  matchPushes: Set<number>;
  gamePushes: Set<number>;
}

interface Answer<T> {
  status: number;
  body: T & { error?: string };
  ms: number;
}

interface Restart {
  downMs: number;
  queuedAtRecovery: number;
  pairingMs: number | null;
  schedulersMs: number | null;
  tickMs: number | null;
  signInMs: number | null;
  readyMs: number | null;
  emailMs: number | null;
  /** Failed sign-ins answered 401 after recovery before the account's limit answered 429. */
  guessesBeforeLimit: number | null;
}

/** Ids of the newest match and game: pushes are checked for the rows made between two snapshots. */
interface Snapshot {
  match: number;
  game: number;
}

const tail = (text: string, lines = 15) => text.trim().split('\n').slice(-lines).join('\n');
const list = (values: (number | null)[]) => values.map((v) => (v === null ? '∞' : String(v))).join(', ');

/**
 * Fault suite 4 (docs/decisions.md#shape): Redis is a cache and a transport, MySQL the store of record. Simulated
 * players queue, accept and play over HTTP against API processes and workers that share a private redis-server,
 * which is killed and started again empty (several times; once at the CI size). Checked: no API or worker process
 * exits; matchmaking pairs players again within 10 s of Redis being back, with the queue read from MySQL; nobody
 * waits searching more than 60 s once Redis is back while an opponent waits too; every player call keeps working
 * during the outage (queue, accept, results are MySQL rows); sign-in fails closed while the limits cannot count (503
 * or 429, never a password check) and counts again afterwards; the read-only pages answer 200 throughout; /ready
 * says Redis is down and comes back; the API's job producer, the worker's BullMQ workers, its job schedulers and the
 * real-time transport (socket.io adapter and the worker's emitter) reconnect by themselves.
 */
async function run({ fast, log }: SuiteOptions): Promise<SuiteReport> {
  const size = fast
    ? {
        players: 12,
        sockets: 4,
        apis: 1,
        workers: 1,
        restarts: 1,
        warmMs: [4000, 4000],
        downMs: [4000, 4000],
        settleMs: 2000,
        playMs: [300, 1200],
        guesses: 10,
      }
    : {
        players: 40,
        sockets: 8,
        apis: 2,
        workers: 2,
        restarts: 4,
        warmMs: [15_000, 25_000],
        downMs: [4000, 12_000],
        settleMs: 30_000,
        playMs: [3000, 8000],
        guesses: 30,
      };
  const seed = Number(process.env.FAULT_SEED ?? 20261204);
  const random = seeded(seed);
  const between = ([min, max]: number[]) => Math.round(min! + random() * (max! - min!));
  // Violations once each, with how often they happened: a broken process would otherwise repeat one line thousands
  // of times.
  const seen = new Map<string, number>();
  const violate = (line: string) => void seen.set(line, (seen.get(line) ?? 0) + 1);
  const setupStarted = Date.now();
  const redis = await startPrivateRedis();
  const stack = await createFaultStack('faultrr', { REDIS_URL: redis.url }).catch(async (error: unknown) => {
    await redis.destroy();
    throw error;
  });
  const knex: Knex = stack.db.knex;
  const bull = { prefix: `${stack.prefix}bull` };
  // The suite's own view of Redis: it waits out the outages instead of failing (it only reads between them).
  const monitor = new Redis(redis.url, { maxRetriesPerRequest: null });
  monitor.on('error', () => undefined);
  const playQueue = new Queue(QUEUE_NAMES.play, { connection: monitor, ...bull });
  const emailQueue = new Queue(QUEUE_NAMES.email, { connection: monitor, ...bull });
  for (const queue of [playQueue, emailQueue]) queue.on('error', () => undefined);
  const players: Player[] = [];
  let closing = false;
  let finished = false;
  let aborted = false;
  let stopping = false;
  try {
    // Workers start while the API processes do (each process takes seconds to load).
    const workers = Array.from({ length: size.workers }, () => stack.startWorker());
    const apis = await Promise.all(Array.from({ length: size.apis }, () => stack.startApi()));
    const exits: string[] = [];
    const watch = (kind: string, proc: RunningProcess) =>
      void proc.exited.then((code) => {
        if (closing) return;
        exits.push(`${kind} ${proc.child.pid}`);
        // Nothing after a dead process says anything about the product: end the run.
        aborted = true;
        stopping = true;
        violate(
          `${kind} process ${proc.child.pid} exited (${code ?? proc.child.signalCode}) during the run:\n${tail(proc.output())}`,
        );
      });
    for (const api of apis) watch('API', api.proc);
    for (const worker of workers) watch('worker', worker);
    log(`database and processes started in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
    await waitFor(
      `${size.workers} workers registered`,
      async () =>
        Math.min(await playQueue.getWorkersCount(), await emailQueue.getWorkersCount()) >= size.workers &&
        (await playQueue.getJobScheduler(PLAY_TICK_SCHEDULER_ID)),
      60_000,
    );

    let httpCalls = 0;
    let addresses = 0;
    const baseUrl = () => apis[Math.floor(random() * apis.length)]!.url;
    /** One call to an API process; status 0 when it did not answer within ANSWER_LIMIT_MS. */
    async function request<T = Record<string, unknown>>(
      route: string,
      options: { body?: Record<string, unknown>; auth?: Credentials; address?: string; base?: string } = {},
    ): Promise<Answer<T>> {
      httpCalls++;
      const n = addresses++;
      const headers: Record<string, string> = {
        'X-Forwarded-For': options.address ?? `198.18.${(n >> 8) & 255}.${n & 255}`,
      };
      if (options.auth) headers.Authorization = `Bearer ${options.auth.id}:${options.auth.token}`;
      if (options.body) headers['Content-Type'] = 'application/json';
      const started = Date.now();
      try {
        const response = await fetch(new URL(route, options.base ?? baseUrl()), {
          method: options.body ? 'POST' : 'GET',
          headers,
          body: options.body ? JSON.stringify(options.body) : undefined,
          signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
        });
        const text = await response.text();
        let body: unknown;
        try {
          body = text === '' ? {} : JSON.parse(text);
        } catch {
          body = { error: text.slice(0, 200) };
        }
        return { status: response.status, body: body as T & { error?: string }, ms: Date.now() - started };
      } catch (error) {
        return {
          status: 0,
          body: { error: (error as Error).message } as T & { error?: string },
          ms: Date.now() - started,
        };
      }
    }

    // Content for the read-only pages: a news article, a forum thread, a final game between two readers.
    const { user: reader, auth: readerAuth } = await signedInUser(knex, { elo: 1000 });
    const { user: other } = await signedInUser(knex, { elo: 1000 });
    const [newsId] = await knex('news').insert({
      title: 'Redis restart',
      excerpt: 'The pages stay up',
      content: '<p>Read while Redis is away.</p>',
      category_id: 0,
      publisher_user_id: reader.id,
      published_at: new Date(Date.now() - 60_000),
    });
    const thread = await request<{ id: number }>('/forums/new_thread', {
      body: { category_id: 3, title: 'Still here?', message: 'Reading during an outage.' },
      auth: readerAuth,
    });
    if (thread.status !== 200) throw new Error(`new_thread answered ${thread.status} ${JSON.stringify(thread.body)}`);
    const readerGame = await buildGame(knex, {
      user_1_id: reader.id,
      user_2_id: other.id,
      state: 'final',
      score_1: 2,
      score_2: 1,
      submitted_user_id: reader.id,
    });
    const pages: { route: string; auth?: Credentials }[] = [
      { route: '/ranking/list?sorting=0' },
      { route: '/ranking/list?sorting=1' },
      { route: '/news/latest' },
      { route: '/news/get' },
      { route: `/news/get?id=${Number(newsId)}` },
      { route: '/forums/category_threads' },
      { route: '/forums/threads?category_id=3' },
      { route: `/forums/posts?thread_id=${thread.body.id}` },
      { route: '/trophy/holders' },
      { route: `/game/get?id=${readerGame}`, auth: readerAuth },
      { route: '/game/get_active', auth: readerAuth },
      { route: '/user/auth', auth: readerAuth },
      { route: '/trophy/get_stats', auth: readerAuth },
      { route: '/conflicts/list', auth: readerAuth },
      { route: '/matchmaking/status', auth: readerAuth },
    ];
    // Accounts whose sign-in is tried during and after each outage, and accounts asking for a reset after it.
    const signInAccounts = await Promise.all(Array.from({ length: size.restarts }, () => buildUser(knex)));
    const resetAccounts = await Promise.all(Array.from({ length: size.restarts * size.apis }, () => buildUser(knex)));

    for (let i = 0; i < size.players; i++) {
      const { user, auth } = await signedInUser(knex, { elo: 1000 });
      players.push({
        id: user.id,
        username: user.username,
        auth,
        socket: null,
        matchPushes: new Set(),
        gamePushes: new Set(),
      });
    }
    // Some players keep a socket on the first API process, as the player app does (reconnecting on its own): their
    // pushes come from the worker's emitter and, with two API processes, from the other process, through Redis.
    let socketDrops = 0;
    for (const p of players.slice(0, size.sockets)) {
      const socket = connect(apis[0]!.url, {
        path: '/socket.io',
        auth: { id: p.auth.id, token: p.auth.token },
        transports: ['websocket'],
      });
      socket.on('match', (payload: MatchPayload) => p.matchPushes.add(payload.id));
      socket.on('game', (payload: GameReadyEvent) => p.gamePushes.add(payload.game_id));
      socket.on('disconnect', () => socketDrops++);
      p.socket = socket;
      await waitFor(`socket of player ${p.id} connected`, async () => socket.connected, 15_000);
    }
    log(
      `${size.players} players (${size.sockets} with sockets), ${size.apis} API and ${size.workers} worker processes, ` +
        `${size.restarts} Redis restarts, seed ${seed}; set up in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const snapshot = async (): Promise<Snapshot> => {
      const [m] = (await knex('matches').max({ id: 'id' })) as { id: number | null }[];
      const [g] = (await knex('games').max({ id: 'id' })) as { id: number | null }[];
      return { match: Number(m?.id ?? 0), game: Number(g?.id ?? 0) };
    };
    // Push windows: rows made between an opening snapshot (Redis up long enough) and a closing one (before it goes).
    const windows: { from: Snapshot; to: Snapshot }[] = [];
    let windowFrom: Snapshot | null = await snapshot();

    let upSince = Date.now();
    let outageCalls = 0;
    let outageCallsRefused = 0;
    let dropped = 0;
    const refusal = (what: string, answer: Answer<unknown>) =>
      `${what} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}${redis.running() ? '' : ' (Redis down)'}`;

    /** A player call: every one of them is MySQL work and must answer 200 whether Redis is up or not. */
    async function play<T = MatchmakingStatus>(p: Player, route: string, body: Record<string, unknown> = {}) {
      const down = !redis.running();
      const answer = await request<T>(route, { body, auth: p.auth });
      if (down) {
        outageCalls++;
        if (answer.status !== 200) outageCallsRefused++;
      }
      return answer;
    }
    const status = async (p: Player) => {
      const answer = await play(p, '/matchmaking/status');
      if (answer.status !== 200) throw new Error(refusal(`player ${p.id}: /matchmaking/status`, answer));
      return answer.body;
    };

    async function readGame(p: Player, id: number): Promise<GamePayload> {
      const answer = await request<GamePayload>(`/game/get?id=${id}`, { auth: p.auth });
      if (answer.status !== 200) throw new Error(refusal(`player ${p.id}: /game/get ${id}`, answer));
      return answer.body;
    }

    async function playGame(p: Player, gameId: number, started: number): Promise<void> {
      let game = await readGame(p, gameId);
      if (game.user_1.id === p.id) {
        await sleep(between(size.playMs));
        // The result form opens 12 minutes after the game started (docs/product.md#states): the game is moved back in time.
        await knex('games')
          .where({ id: gameId, state: 'playing' })
          .update({ created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 1000) });
        const score = seeded(seed ^ gameId);
        const submitted = await play<GamePayload>(p, '/game/submit', {
          game_id: gameId,
          score_1: Math.floor(score() * 5),
          score_2: Math.floor(score() * 5),
        });
        if (submitted.status !== 200) violate(refusal(`game ${gameId}: submit`, submitted));
      } else {
        while (game.state === 'playing' && Date.now() - started < PLAYER_STUCK_MS) {
          await sleep(300 + random() * 400);
          game = await readGame(p, gameId);
        }
        if (game.state === 'submitted') {
          const confirmed = await play<GamePayload>(p, '/game/confirm', { game_id: gameId });
          if (confirmed.status !== 200) violate(refusal(`game ${gameId}: confirm`, confirmed));
        }
      }
      while (game.state !== 'final') {
        if (Date.now() - started > PLAYER_STUCK_MS) {
          violate(`game ${gameId}: still ${game.state} ${PLAYER_STUCK_MS / 1000} s into the round`);
          return;
        }
        await sleep(300 + random() * 400);
        game = await readGame(p, gameId);
      }
    }

    /** One round: enter the queue, keep alive, accept, play to a final result (or leave when the run stops). */
    async function round(p: Player): Promise<void> {
      const started = Date.now();
      const entered = await play(p, '/matchmaking/queue/enter');
      if (entered.status !== 200) {
        violate(refusal(`player ${p.id}: enter`, entered));
        await sleep(1000);
        return;
      }
      let state = entered.body;
      let accepted: number | null = null;
      while (state.state !== 'playing') {
        if (Date.now() - started > PLAYER_STUCK_MS) {
          violate(`player ${p.id}: still ${state.state} ${PLAYER_STUCK_MS / 1000} s after entering`);
          return;
        }
        if (state.state === 'idle') {
          // Once the run stops, an opponent who left declined the match: out of the queue is where the player goes.
          if (stopping) return;
          // Out of the queue without a game: the entry was lost or expired although the player kept it alive.
          dropped++;
          violate(`player ${p.id}: out of the queue without a game${redis.running() ? '' : ' (Redis down)'}`);
          return;
        }
        if (stopping && state.state === 'queued') {
          const left = await play(p, '/matchmaking/queue/leave');
          if (left.status === 200 && left.body.state === 'idle') return;
          state = await status(p);
          continue;
        }
        if (state.state === 'matched' && state.match && accepted !== state.match.id) {
          await sleep(150 + random() * 600);
          const answer = await play(p, '/matchmaking/match/accept');
          if (answer.status !== 200) {
            // Once the run stops, the opponent may have left (declined) first: 409.
            if (!stopping || answer.status !== 409) {
              violate(refusal(`player ${p.id}: accept of match ${state.match.id}`, answer));
            }
            state = await status(p);
            continue;
          }
          accepted = state.match.id;
          state = answer.body;
          continue;
        }
        await sleep(800 + random() * 1200);
        if (state.state === 'queued') {
          const answer = await play(p, '/matchmaking/queue/keepalive');
          // 409 'not in the queue': paired and already in a game since the last read.
          if (answer.status === 200) state = answer.body;
          else if (answer.status === 409 && answer.body.error === MESSAGES.notInQueue) state = await status(p);
          else {
            violate(refusal(`player ${p.id}: keepalive`, answer));
            state = await status(p);
          }
        } else state = await status(p);
      }
      await playGame(p, state.game_id!, started);
    }

    async function playerLoop(p: Player) {
      while (!stopping) {
        try {
          await round(p);
        } catch (error) {
          violate((error as Error).message);
          await sleep(1000);
        }
        if (!stopping) await sleep(500 + random() * 1500);
      }
    }

    // The queue as MySQL holds it: nobody searching longer than the bound once Redis is back, while others search too.
    let longestSearchMs = 0;
    const reportedSearching = new Set<number>();
    const searching = (async () => {
      while (!finished) {
        await sleep(500);
        if (!redis.running()) continue;
        const rows = (await knex('queue_entries')
          .whereNull('match_id')
          .select('user_id', 'entered_at')
          .catch(() => [])) as { user_id: number; entered_at: Date }[];
        const now = Date.now();
        for (const row of rows) {
          const waited = now - Math.max(new Date(row.entered_at).getTime(), upSince);
          longestSearchMs = Math.max(longestSearchMs, waited);
          if (waited > SEARCHING_LIMIT_MS && rows.length >= 2 && !reportedSearching.has(row.user_id)) {
            reportedSearching.add(row.user_id);
            violate(
              `player ${row.user_id}: searching ${Math.round(waited / 1000)} s since Redis was back, with ${rows.length - 1} others searching`,
            );
          }
        }
      }
    })();

    // During an outage: the read-only pages answer 200, and sign-in fails closed.
    let pageCalls = 0;
    let pageMaxMs = 0;
    let signIns = 0;
    let signIns503 = 0;
    let signIns429 = 0;
    let guessesChecked = 0;
    let readyDuringOutage = 'not asked';

    async function readPages(until: number) {
      while (Date.now() < until) {
        for (const page of pages) {
          if (Date.now() >= until) return;
          const answer = await request(page.route, { auth: page.auth });
          pageCalls++;
          pageMaxMs = Math.max(pageMaxMs, answer.ms);
          if (answer.status !== 200) violate(refusal(`read-only ${page.route} during the outage`, answer));
        }
      }
    }

    async function signInDuringOutage(k: number, until: number) {
      const account = signInAccounts[k]!;
      const address = `198.51.100.${k + 1}`;
      for (let n = 0; n < size.guesses && Date.now() < until; n++) {
        // The right password first: a sign-in the limits cannot count is refused even when it would succeed.
        const password = n === 0 ? account.password : `wrong guess ${n}`;
        const answer = await request<{ id?: number }>('/user/login', {
          body: { username: account.username, password },
          address,
        });
        signIns++;
        if (answer.status === 503 && answer.body.error === MESSAGES.serviceUnavailable) signIns503++;
        else if (answer.status === 429 && typeof answer.body.error === 'string') signIns429++;
        else {
          if (answer.status === 401 || answer.status === 200) guessesChecked++;
          violate(refusal(`sign-in of ${account.username} while Redis is down`, answer));
        }
        await sleep(50 + random() * 100);
      }
    }

    async function signInAfterRecovery(
      k: number,
      upAt: number,
      ready: Promise<unknown>,
    ): Promise<[number | null, number | null]> {
      const account = signInAccounts[k]!;
      const address = `198.51.100.${k + 1}`;
      // Each API process reconnects on its own schedule (ioredis backs off up to 2 s): until one has, its sign-ins
      // are refused (503), so the limits are tried once every process says it is ready.
      await ready;
      const back = await waitFor(
        `sign-in of ${account.username} answered 200 again`,
        async () => {
          const answer = await request('/user/login', {
            body: { username: account.username, password: account.password },
            address,
          });
          if (answer.status !== 200 && answer.status !== 503) violate(refusal('sign-in after recovery', answer));
          return answer.status === 200 ? Date.now() : false;
        },
        30_000,
      ).catch(() => null);
      if (back === null) {
        violate(`sign-in of ${account.username} did not answer 200 within 30 s of Redis being back`);
        return [null, null];
      }
      // The limits count again: the account's wrong guesses are refused with 429 after the limit. A guess the API
      // answers "many players are signing in" (503 with Retry-After: its hashing line is full on a machine busy with
      // other work) was not checked and is tried again, as a player would, within a minute.
      let checked = 0;
      const tryUntil = Date.now() + 60_000;
      for (let n = 0; n < LOGIN_FAILURES_PER_ACCOUNT + 3; n++) {
        let answer = await request('/user/login', {
          body: { username: account.username, password: `after guess ${n}` },
          address,
        });
        while (answer.status === 503 && answer.body.error === MESSAGES.hashingBusy && Date.now() < tryUntil) {
          await sleep(1_000);
          answer = await request('/user/login', {
            body: { username: account.username, password: `after guess ${n}` },
            address,
          });
        }
        if (answer.status === 429) {
          if (checked > LOGIN_FAILURES_PER_ACCOUNT) {
            violate(`after recovery, ${checked} wrong passwords for ${account.username} were checked before a 429`);
          }
          return [back - upAt, checked];
        }
        if (answer.status === 401) checked++;
        else violate(refusal('wrong sign-in after recovery', answer));
      }
      violate(`after recovery, ${checked} wrong passwords for ${account.username} were checked and none refused`);
      return [back - upAt, checked];
    }

    /**
     * The job producer of every API process works again: a reset e-mail asked of each is queued by that process (its
     * log says nothing was left for the reconciler) and sent. Answers the slowest, from asking to sent.
     */
    async function emailsAfterRecovery(k: number): Promise<number | null> {
      let slowest = 0;
      for (const [i, api] of apis.entries()) {
        const account = resetAccounts[k * apis.length + i]!;
        const answer = await request('/user/forgot_password', {
          body: { username: account.username, email: account.email },
          base: api.url,
        });
        const asked = Date.now();
        if (answer.status !== 200) {
          violate(refusal(`forgot_password ${PUSH_SETTLE_MS / 1000} s after Redis was back`, answer));
          return null;
        }
        const row = (await knex('emails').where('to_address', account.email).orderBy('id', 'desc').first('id')) as
          { id: number } | undefined;
        if (!row) {
          violate(`no e-mail row for ${account.username}'s reset`);
          return null;
        }
        const sent = await waitFor(
          `e-mail ${row.id} sent`,
          async () => {
            const email = (await knex('emails').where('id', row.id).first('sent_at')) as { sent_at: Date | null };
            return email.sent_at ? Date.now() : false;
          },
          30_000,
        ).catch(() => null);
        const left = new RegExp(`e-mails (?:\\d+, )*${row.id}(?:, \\d+)* left for the reconciler`);
        if (left.test(api.proc.output())) {
          violate(
            `API ${api.url} could not queue e-mail ${row.id} after Redis was back (its producer did not reconnect)`,
          );
        }
        if (sent === null) {
          violate(`e-mail ${row.id} asked for after Redis was back was not sent within 30 s`);
          return null;
        }
        slowest = Math.max(slowest, sent - asked);
      }
      return slowest;
    }

    /** The worker's schedulers exist again and the play tick runs (its next run moves on). */
    async function schedulersAfterRecovery(upAt: number): Promise<[number | null, number | null]> {
      const back = await waitFor(
        'job schedulers registered again',
        async () =>
          (await playQueue.getJobScheduler(PLAY_TICK_SCHEDULER_ID)) &&
          (await emailQueue.getJobScheduler(EMAIL_RECONCILE_SCHEDULER_ID))
            ? Date.now()
            : false,
        SCHEDULER_LIMIT_MS,
      ).catch(() => null);
      if (back === null) {
        violate(`the job schedulers were not registered again within ${SCHEDULER_LIMIT_MS} ms of Redis being back`);
        return [null, null];
      }
      const first = (await playQueue.getJobScheduler(PLAY_TICK_SCHEDULER_ID))?.next;
      const ticking = await waitFor(
        'play tick running',
        async () => {
          const next = (await playQueue.getJobScheduler(PLAY_TICK_SCHEDULER_ID))?.next;
          return next !== undefined && next !== first ? Date.now() : false;
        },
        15_000,
      ).catch(() => null);
      if (ticking === null) violate('the play tick did not run after its scheduler was registered again');
      return [back - upAt, ticking === null ? null : ticking - upAt];
    }

    const restarts: Restart[] = [];
    async function restart(k: number) {
      const downMs = between(size.downMs);
      // Close the push window a moment before the outage, so that every push of its rows had time to go out.
      windows.push({ from: windowFrom!, to: await snapshot() });
      windowFrom = null;
      await sleep(500);
      const beforeDown = await snapshot();
      await redis.stop();
      const downAt = Date.now();
      log(`restart ${k + 1}: Redis killed; down for ${downMs} ms`);
      const until = downAt + downMs;
      const ready = await request<{ failed?: string[] }>('/ready');
      readyDuringOutage = `${ready.status} ${(ready.body.failed ?? []).join(',')}`;
      if (ready.status !== 503 || !ready.body.failed?.includes('redis')) {
        violate(refusal('/ready while Redis is down', ready));
      }
      // A push made while Redis is away (a chat line: MySQL work whose `message` goes out through the socket.io
      // adapter) must be lost quietly, not take the process down.
      const chat = await request<{ message: unknown }>('/game/chat/send_message', {
        body: { game_id: readerGame, message: `Redis restart ${k + 1}` },
        auth: readerAuth,
      });
      if (chat.status !== 200 || !chat.body.message) violate(refusal('a chat line while Redis is down', chat));
      await Promise.all([readPages(until), signInDuringOutage(k, until), sleep(until - Date.now())]);

      const beforeUp = await snapshot();
      if (beforeUp.match !== beforeDown.match) {
        log(`restart ${k + 1}: ${beforeUp.match - beforeDown.match} matches made while Redis was down`);
      }
      const queuedAtRecovery = Number((await knex('queue_entries').whereNull('match_id').count({ n: '*' }))[0]!.n);
      await redis.start();
      const upAt = Date.now();
      upSince = upAt;
      const opening = (async () => {
        await sleep(PUSH_SETTLE_MS);
        if (!stopping) windowFrom = await snapshot();
      })();
      // Pairing needs two players waiting: timed from Redis being back, or from the second player entering after it.
      let twoWaitingAt: number | null = queuedAtRecovery >= 2 ? upAt : null;
      const pairing = waitFor(
        'a match made after Redis is back',
        async () => {
          if ((await snapshot()).match > beforeUp.match) return Date.now() - (twoWaitingAt ?? upAt);
          if (twoWaitingAt === null) {
            const waiting = Number((await knex('queue_entries').whereNull('match_id').count({ n: '*' }))[0]!.n);
            if (waiting >= 2) twoWaitingAt = Date.now();
          }
          return false;
        },
        60_000,
      ).catch(() => null);
      const readyBack = waitFor(
        '/ready answered 200 again by every API process',
        async () => {
          for (const api of apis) if ((await request('/ready', { base: api.url })).status !== 200) return false;
          return Date.now() - upAt;
        },
        30_000,
      ).catch(() => null);
      const [pairingMs, [schedulersMs, tickMs], [signInMs, guessesBeforeLimit], readyMs] = await Promise.all([
        pairing,
        schedulersAfterRecovery(upAt),
        signInAfterRecovery(k, upAt, readyBack),
        readyBack,
      ]);
      // By the time pushes are checked again, every client of every process must have reconnected, producers too.
      await opening;
      const emailMs = await emailsAfterRecovery(k);
      if (pairingMs === null || pairingMs > PAIRING_RESUME_LIMIT_MS) {
        violate(
          `restart ${k + 1}: matchmaking paired again ${pairingMs === null ? 'never' : `after ${pairingMs} ms`} ` +
            `(${queuedAtRecovery} players queued when Redis came back; limit ${PAIRING_RESUME_LIMIT_MS} ms)`,
        );
      }
      if (readyMs === null) violate(`restart ${k + 1}: /ready did not answer 200 again on every API within 30 s`);
      const result: Restart = {
        downMs,
        queuedAtRecovery,
        pairingMs,
        schedulersMs,
        tickMs,
        signInMs,
        readyMs,
        emailMs,
        guessesBeforeLimit,
      };
      restarts.push(result);
      log(`restart ${k + 1}: ${JSON.stringify(result)}`);
    }

    const started = Date.now();
    const loops = players.map(playerLoop);
    const chaos = (async () => {
      try {
        for (let k = 0; k < size.restarts && !aborted; k++) {
          await sleep(between(size.warmMs));
          if (!aborted) await restart(k);
        }
        if (!aborted) await sleep(size.settleMs);
      } finally {
        stopping = true;
      }
    })();
    // Players stop once the chaos ends, also when it failed; its error is thrown once they have.
    for (const outcome of await Promise.allSettled([chaos, ...loops])) {
      if (outcome.status === 'rejected') throw outcome.reason;
    }
    const playMs = Date.now() - started;
    log(`played in ${(playMs / 1000).toFixed(1)} s`);

    // The run's end: nothing pending, nobody queued, every game final.
    await waitFor(
      'no match pending',
      async () => Number((await knex('matches').where('state', 'pending').count({ n: '*' }))[0]!.n) === 0,
      40_000,
    ).catch(() => violate('matches still pending 40 s after the players stopped'));
    const leftQueued = Number((await knex('queue_entries').count({ n: '*' }))[0]!.n);
    if (leftQueued > 0) violate(`${leftQueued} players left in the queue`);
    const games = (await knex('games').select('id', 'state', 'user_1_id', 'user_2_id')) as {
      id: number;
      state: string;
      user_1_id: number;
      user_2_id: number;
    }[];
    const notFinal = games.filter((g) => g.state !== 'final');
    if (notFinal.length > 0) violate(`${notFinal.length} games not final: ${notFinal.map((g) => g.id).join(', ')}`);
    const matches = (await knex('matches').select('id', 'state', 'user_1_id', 'user_2_id')) as {
      id: number;
      state: string;
      user_1_id: number;
      user_2_id: number;
    }[];

    // Pushes: every `match` (worker's emitter) and `game` (API, through the adapter) made while Redis had been back
    // long enough reached the players' sockets.
    if (windowFrom) windows.push({ from: windowFrom, to: await snapshot() });
    await sleep(1000);
    const socketPlayers = new Map(players.filter((p) => p.socket).map((p) => [p.id, p]));
    let pushesChecked = 0;
    let pushesMissed = 0;
    const inWindow = (id: number, key: keyof Snapshot) => windows.some((w) => id > w.from[key] && id <= w.to[key]);
    for (const m of matches.filter((row) => inWindow(row.id, 'match'))) {
      for (const userId of [m.user_1_id, m.user_2_id]) {
        const p = socketPlayers.get(userId);
        if (!p) continue;
        pushesChecked++;
        if (!p.matchPushes.has(m.id)) {
          pushesMissed++;
          violate(`player ${p.id}'s socket never got 'match' for match ${m.id}`);
        }
      }
    }
    for (const g of games.filter((row) => inWindow(row.id, 'game'))) {
      for (const userId of [g.user_1_id, g.user_2_id]) {
        const p = socketPlayers.get(userId);
        if (!p) continue;
        pushesChecked++;
        if (!p.gamePushes.has(g.id)) {
          pushesMissed++;
          violate(`player ${p.id}'s socket never got 'game' for game ${g.id}`);
        }
      }
    }
    for (const p of socketPlayers.values()) {
      if (!p.socket!.connected) violate(`player ${p.id}'s socket is not connected at the end`);
    }

    finished = true;
    await searching;
    const running = [...apis.map((a) => a.proc), ...workers].filter(
      (proc) => proc.child.exitCode === null && proc.child.signalCode === null,
    ).length;
    if (running !== size.apis + size.workers) {
      violate(`${size.apis + size.workers - running} processes not running at the end`);
    }

    // Pushes refused while Redis was away, as the processes reported them instead of dying of them.
    const lost = (procs: RunningProcess[]) =>
      procs.reduce((n, proc) => n + (proc.output().match(/push lost while Redis is away/g)?.length ?? 0), 0);

    return {
      figures: {
        seed,
        players: size.players,
        'players with sockets': size.sockets,
        'API processes': size.apis,
        'worker processes': size.workers,
        'Redis restarts': restarts.length,
        'outage ms (each)': list(restarts.map((r) => r.downMs)),
        'players queued when Redis came back (each)': list(restarts.map((r) => r.queuedAtRecovery)),
        'matchmaking paired again after ms (each)': list(restarts.map((r) => r.pairingMs)),
        'job schedulers back after ms (each)': list(restarts.map((r) => r.schedulersMs)),
        'play tick running after ms (each)': list(restarts.map((r) => r.tickMs)),
        'sign-in answered 200 after ms (each)': list(restarts.map((r) => r.signInMs)),
        '/ready answered 200 after ms (each)': list(restarts.map((r) => r.readyMs)),
        'reset e-mail asked of each API 10 s after recovery, sent after ms (each)': list(
          restarts.map((r) => r.emailMs),
        ),
        'wrong passwords checked before 429 after recovery (each)': list(restarts.map((r) => r.guessesBeforeLimit)),
        'sign-ins while Redis down': signIns,
        'sign-ins refused 503': signIns503,
        'sign-ins refused 429': signIns429,
        'passwords checked while Redis down': guessesChecked,
        '/ready while Redis down': readyDuringOutage,
        'read-only requests while Redis down': pageCalls,
        'read-only slowest ms': pageMaxMs,
        'player calls while Redis down': outageCalls,
        'player calls refused while Redis down': outageCallsRefused,
        'players dropped from the queue': dropped,
        'longest search while Redis up ms': longestSearchMs,
        games: games.length,
        'games final': games.length - notFinal.length,
        matches: matches.length,
        'matches not accepted': matches.filter((m) => m.state !== 'accepted').length,
        'socket pushes checked': pushesChecked,
        'socket pushes missed': pushesMissed,
        'socket disconnects': socketDrops,
        'pushes lost while Redis down (API logs)': lost(apis.map((a) => a.proc)),
        'pushes lost while Redis down (worker logs)': lost(workers),
        'process exits': exits.length,
        'http calls': httpCalls,
        'play time s': (playMs / 1000).toFixed(1),
      },
      violations: [...seen].map(([line, n]) => (n > 1 ? `${line} (${n} times)` : line)),
    };
  } finally {
    finished = true;
    closing = true;
    for (const p of players) p.socket?.close();
    if (!redis.running()) await redis.start().catch(() => undefined);
    await playQueue.close().catch(() => undefined);
    await emailQueue.close().catch(() => undefined);
    monitor.disconnect();
    await stack.close();
    await redis.destroy();
  }
}

export const suite: Suite = {
  name: 'redis-restart',
  description:
    'players queue and play while the Redis of API and worker processes is killed and started again empty; matchmaking resumes from MySQL, sign-in fails closed, read-only pages keep answering',
  run,
};
