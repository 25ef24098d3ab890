import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { Queue } from 'bullmq';
import {
  ACCEPT_GRACE_MS,
  OPEN_GAME_STATES,
  QUEUE_KEEPALIVE_MS,
  QUEUE_NAMES,
  gameRoom,
  type ChatMessagePayload,
  type GamePayload,
  type MatchmakingStatus,
} from '@ecup/domain';
import {
  playReducer,
  sidesOf,
  type PlayAction,
  type PlayView,
} from '../../../player-web/src/features/play/play-state.ts';
import {
  SUBSCRIBE_RETRY_MS,
  reconnectsAfter,
  retriesJoin,
  retryAfterRefusalMs,
} from '../../../player-web/src/lib/connection-state.ts';
import { openSocket, type RealtimeSocket } from '../../../player-web/src/lib/socket.ts';
import { client, type Credentials } from '../../helpers/http.ts';
import type { RunningProcess } from '../../helpers/process.ts';
import { signedInUser } from '../../helpers/sockets.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../../security/suite.ts';
import { createFaultStack, seeded, sleep, waitFor } from '../stack.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';

/** The required bound: a player shows what the database says within this of the socket reconnecting. */
const RESYNC_LIMIT_MS = 5_000;
/** How long a socket may take to come back after a drop (an API restart on a loaded machine included). */
const RECONNECT_LIMIT_MS = 60_000;
/** How often the database is read to compare every player's screen with it. */
const MONITOR_EVERY_MS = 100;
/** After the drops, every player is in a game within this. */
const SETTLE_LIMIT_MS = 60_000;
/** A chat line sent after the drops reaches both players of the game within this. */
const CHAT_LIMIT_MS = 5_000;
/** The play screen's re-read while a match is past its deadline (play-page.tsx RECHECK_AFTER_DEADLINE_MS). */
const RECHECK_AFTER_DEADLINE_MS = 3_000;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS_PER_SECOND = 100;

type Http = ReturnType<typeof client>;

/** Where the database says a player stands, as GET /matchmaking/status derives it (db matchmaking-status.ts). */
type Truth =
  | { kind: 'idle' }
  | { kind: 'queued'; queuedAtMs: number }
  | { kind: 'matched'; matchId: number; accepted: [boolean, boolean] }
  | { kind: 'playing'; gameId: number };

/** The hooks the suite listens on. */
interface Hooks {
  connected(app: PlayerApp): void;
  random(): number;
}

/**
 * One player's app, doing what player-web does (the reducer, the socket options and the reconnect rules are
 * imported from it): RealtimeProvider's connection (joins the open game's room again on every connect, and asks
 * again while the connection lasts when a join goes unanswered), PlayScreen
 * (reads /matchmaking/status on load and after every connect, applies `match`, `match-accepted`, `match-declined`
 * and `game` through playReducer, drops a status answer overtaken by an event, keeps the queue alive every 6 s,
 * re-reads past the accept deadline, and a failed call re-reads the status), and the game page's useGame (reads
 * /game/get on load and after every join of the game's room). The simulated player presses Start when idle and
 * Accept when matched, after a short think.
 */
class PlayerApp {
  readonly socket: RealtimeSocket;
  view: PlayView = { kind: 'loading' };
  page: 'play' | 'game' = 'play';
  gameId: number | null = null;
  game: GamePayload | null = null;
  /** The current connection's number (1: the first) and when it opened. */
  connection = 0;
  connectedAt = 0;
  connected = false;
  /** The connection on which the last re-sync read came back: the status (play page), the room join and game. */
  statusReadOn = 0;
  joinedOn = 0;
  gameReadOn = 0;
  disconnects = 0;
  refusals = 0;
  /** When the current connection's REST re-sync answer came back (status, or the game after the room join). */
  resyncAnsweredAt = 0;
  /** Joins of the game's room that were not acknowledged with `{ ok }`, with why. */
  readonly joinProblems: string[] = [];
  /** A disconnect reason after which the app does not reconnect by itself (player-web connection-state.ts). */
  gaveUp: string | null = null;
  enters = 0;
  failedCalls = 0;
  readonly received = { match: 0, 'match-accepted': 0, 'match-declined': 0, game: 0 };
  readonly chat: ChatMessagePayload[] = [];
  private reads = 0;
  private gameReads = 0;
  private busy = false;
  /** A call and the status read after it both failed: wait for the next read that works before acting again. */
  private waiting = false;
  private planned: ReturnType<typeof setTimeout> | null = null;
  private keepaliveTimer: ReturnType<typeof setInterval> | null = null;
  private deadlineTimer: ReturnType<typeof setTimeout> | null = null;
  private deadlineOf: number | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** The player pressed Start once: from then on they press it again whenever the screen is idle. */
  private wantsToPlay = false;

  constructor(
    readonly id: number,
    private readonly auth: Credentials,
    private readonly http: Http,
    url: string,
    private readonly hooks: Hooks,
  ) {
    this.socket = openSocket(auth, url);
    this.socket.on('connect', () => {
      this.connection += 1;
      this.connectedAt = Date.now();
      this.connected = true;
      this.refusals = 0;
      this.hooks.connected(this);
      // RealtimeProvider: join the subscribed game's room again; PlayScreen (useResync): read the status again.
      if (this.page === 'game') this.join();
      else void this.refresh();
    });
    this.socket.on('disconnect', (reason) => {
      this.connected = false;
      this.disconnects += 1;
      if (!reconnectsAfter(reason)) this.gaveUp = reason;
    });
    this.socket.on('connect_error', () => {
      if (this.socket.active || this.closed) return;
      // Refused by the server: RealtimeProvider tries again quietly after a back-off.
      this.refusals += 1;
      if (this.retry) clearTimeout(this.retry);
      this.retry = setTimeout(() => !this.closed && this.socket.connect(), retryAfterRefusalMs(this.refusals));
    });
    this.socket.on('match', (match) => {
      this.received.match += 1;
      if (this.page !== 'play') return;
      this.reads += 1;
      this.dispatch({ type: 'match', match });
    });
    this.socket.on('match-accepted', (event) => {
      this.received['match-accepted'] += 1;
      if (this.page === 'play') this.dispatch({ type: 'match-accepted', event });
    });
    this.socket.on('match-declined', (event) => {
      this.received['match-declined'] += 1;
      if (this.page !== 'play' || this.view.kind !== 'matched' || this.view.match.id !== event.match_id) return;
      this.reads += 1;
      this.dispatch({ type: 'match-declined', event });
    });
    this.socket.on('game', (event) => {
      this.received.game += 1;
      if (this.page !== 'play') return;
      this.reads += 1;
      this.dispatch({ type: 'game', event });
    });
    this.socket.on('message', (message) => this.chat.push(message));
  }

  get credentials(): Credentials {
    return this.auth;
  }

  /** The player presses Start for the first time. */
  start() {
    this.wantsToPlay = true;
    this.react();
  }

  /** What the player sees equals `truth` (whether or not it has been read again since the last connect). */
  shows(truth: Truth): boolean {
    if (truth.kind === 'playing') return this.page === 'game' && this.game?.id === truth.gameId;
    if (this.page !== 'play') return false;
    const v = this.view;
    switch (truth.kind) {
      case 'idle':
        return v.kind === 'idle';
      case 'queued':
        return v.kind === 'queued' && v.queuedAtMs === truth.queuedAtMs;
      case 'matched':
        return (
          v.kind === 'matched' &&
          v.match.id === truth.matchId &&
          v.match.user_1_accepted === truth.accepted[0] &&
          v.match.user_2_accepted === truth.accepted[1]
        );
    }
  }

  /** Re-synced on the current connection: its REST re-sync came back and the screen equals `truth`. */
  syncedWith(truth: Truth): boolean {
    if (!this.connected || !this.shows(truth)) return false;
    if (this.page === 'game') return this.joinedOn === this.connection && this.gameReadOn === this.connection;
    return this.statusReadOn === this.connection;
  }

  close() {
    this.closed = true;
    for (const timer of [this.planned, this.deadlineTimer, this.retry]) if (timer) clearTimeout(timer);
    if (this.keepaliveTimer) clearInterval(this.keepaliveTimer);
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private dispatch(action: PlayAction) {
    this.view = playReducer(this.view, action);
    this.react();
  }

  /** GET /matchmaking/status; an answer overtaken by an event or a later call is dropped (PlayScreen.refresh). */
  private async refresh() {
    const read = ++this.reads;
    const on = this.connected ? this.connection : -1;
    try {
      const answer = await this.http.get<MatchmakingStatus>('/matchmaking/status', { auth: this.auth });
      if (answer.status !== 200) throw new Error(`status answered ${answer.status}`);
      if (on === this.connection && this.connected && this.statusReadOn !== on) {
        this.statusReadOn = on;
        this.resyncAnsweredAt = Date.now();
      }
      this.waiting = false;
      if (read !== this.reads) return;
      this.dispatch({ type: 'status', status: answer.body });
    } catch {
      // The app keeps what it shows; the next connect or event reads again.
    }
  }

  /** One /matchmaking call whose answer is the new status; a failure re-reads the status (PlayScreen.act). */
  private async act(path: string) {
    if (this.busy || this.closed) return;
    this.busy = true;
    try {
      const answer = await this.http.postJson<MatchmakingStatus>(path, {}, { auth: this.auth });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      this.reads += 1;
      this.view = playReducer(this.view, { type: 'status', status: answer.body });
    } catch {
      this.failedCalls += 1;
      this.waiting = true;
      await this.refresh();
    } finally {
      this.busy = false;
    }
    this.react();
  }

  /** What the player does next, given the screen. */
  private react() {
    if (this.closed || this.page !== 'play') return;
    const v = this.view;
    if (v.kind === 'playing') return this.openGame(v.gameId);
    this.keepQueueAlive(v.kind === 'queued');
    this.watchDeadline(v.kind === 'matched' ? v.match.deadline_ms - v.match.server_time_ms + Date.now() : null);
    if (this.busy || this.waiting || this.planned) return;
    if (v.kind === 'idle' && this.wantsToPlay) {
      this.plan(() => this.view.kind === 'idle', '/matchmaking/queue/enter');
    } else if (v.kind === 'matched' && !sidesOf(v.match, this.id).meAccepted) {
      const matchId = v.match.id;
      this.plan(
        () =>
          this.view.kind === 'matched' &&
          this.view.match.id === matchId &&
          !sidesOf(this.view.match, this.id).meAccepted,
        '/matchmaking/match/accept',
      );
    }
  }

  /** The player presses a button after 0.3 to 2.5 s, if the screen still shows it. */
  private plan(still: () => boolean, path: string) {
    this.planned = setTimeout(
      () => {
        this.planned = null;
        if (this.closed || this.page !== 'play' || !still()) return this.react();
        if (path.endsWith('/enter')) this.enters += 1;
        void this.act(path);
      },
      300 + this.hooks.random() * 2200,
    );
  }

  /** PlayScreen: a keepalive every 6 s while queued; its answer applies while still queued, a refusal re-reads. */
  private keepQueueAlive(on: boolean) {
    if (!on) {
      if (this.keepaliveTimer) clearInterval(this.keepaliveTimer);
      this.keepaliveTimer = null;
      return;
    }
    if (this.keepaliveTimer) return;
    this.keepaliveTimer = setInterval(() => {
      void this.http
        .postJson<MatchmakingStatus>('/matchmaking/queue/keepalive', {}, { auth: this.auth })
        .then((answer) => {
          if (answer.status !== 200) throw new Error(`keepalive answered ${answer.status}`);
          if (this.view.kind !== 'queued') return;
          this.reads += 1;
          this.dispatch({ type: 'status', status: answer.body });
        })
        .catch(() => this.refresh());
    }, QUEUE_KEEPALIVE_MS);
  }

  /** PlayScreen: past the deadline plus the grace with no `game`, read the status, then every 3 s. */
  private watchDeadline(deadlineAt: number | null) {
    if (deadlineAt === this.deadlineOf) return;
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    this.deadlineOf = deadlineAt;
    if (deadlineAt === null) return;
    const check = () => {
      const wait = deadlineAt + ACCEPT_GRACE_MS - Date.now();
      if (wait > 0) {
        this.deadlineTimer = setTimeout(check, wait + 100);
        return;
      }
      void this.refresh();
      this.deadlineTimer = setTimeout(check, RECHECK_AFTER_DEADLINE_MS);
    };
    check();
  }

  /** The play screen navigates to the game; useGame reads it and subscribes to its room. */
  private openGame(gameId: number) {
    this.page = 'game';
    this.gameId = gameId;
    this.keepQueueAlive(false);
    this.watchDeadline(null);
    void this.readGame(null);
    if (this.connected) this.join();
  }

  /** RealtimeProvider.join: `subscribe` with an acknowledgement; useGame reads the game after each join. */
  private join() {
    const on = this.connection;
    this.socket.timeout(10_000).emit('subscribe', { channel: gameRoom(this.gameId!) }, (error, answer) => {
      if (error || !('ok' in answer)) {
        this.joinProblems.push(error ? error.message : 'error' in answer ? answer.error : 'no answer');
        // RealtimeProvider asks again while the same connection lasts.
        if (!retriesJoin(error ? null : answer)) return;
        setTimeout(() => {
          if (!this.closed && this.connected && this.connection === on) this.join();
        }, SUBSCRIBE_RETRY_MS);
        return;
      }
      if (on !== this.connection) return;
      this.joinedOn = on;
      void this.readGame(on);
    });
  }

  private async readGame(joinedOn: number | null) {
    const read = ++this.gameReads;
    try {
      const answer = await this.http.get<GamePayload>('/game/get', { auth: this.auth, query: { id: this.gameId! } });
      if (answer.status !== 200) throw new Error(`/game/get answered ${answer.status}`);
      if (read !== this.gameReads) return;
      this.game = answer.body;
      if (joinedOn !== null && joinedOn === this.connection && this.gameReadOn !== joinedOn) {
        this.gameReadOn = joinedOn;
        this.resyncAnsweredAt = Date.now();
      }
    } catch {
      // useGame keeps what it shows; the next join reads again.
    }
  }
}

/** Every player's place in one consistent snapshot of the database (REPEATABLE READ). */
async function readTruth(knex: Knex): Promise<Map<number, Truth>> {
  return knex.transaction(async (trx) => {
    const entries = (await trx('queue_entries').select('user_id', 'entered_at', 'match_id')) as {
      user_id: number;
      entered_at: Date;
      match_id: number | null;
    }[];
    const pending = (await trx('matches')
      .where('state', 'pending')
      .select('id', 'user_1_id', 'user_1_accepted_at', 'user_2_accepted_at')) as {
      id: number;
      user_1_id: number;
      user_1_accepted_at: Date | null;
      user_2_accepted_at: Date | null;
    }[];
    const games = (await trx('games')
      .whereIn('state', OPEN_GAME_STATES)
      .orderBy('id')
      .select('id', 'user_1_id', 'user_2_id')) as { id: number; user_1_id: number; user_2_id: number }[];
    const truth = new Map<number, Truth>();
    for (const g of games) {
      truth.set(g.user_1_id, { kind: 'playing', gameId: g.id });
      truth.set(g.user_2_id, { kind: 'playing', gameId: g.id });
    }
    const matches = new Map(pending.map((m) => [m.id, m]));
    for (const e of entries) {
      const match = e.match_id === null ? undefined : matches.get(e.match_id);
      truth.set(
        e.user_id,
        match
          ? {
              kind: 'matched',
              matchId: match.id,
              accepted: [match.user_1_accepted_at !== null, match.user_2_accepted_at !== null],
            }
          : { kind: 'queued', queuedAtMs: new Date(e.entered_at).getTime() },
      );
    }
    return truth;
  });
}

interface Drop {
  kind: string;
  at: number;
  /** When each player's socket opened again after the drop, and when its screen equalled the database. */
  reconnected: Map<number, number>;
  synced: Map<number, number>;
  /** When each player's REST re-sync answers came back on the new connection. */
  answered: Map<number, number>;
  /** Players whose screen no longer matched the database when their socket came back (they missed events). */
  stale: number;
  disconnectsBefore: Map<number, number>;
  pendingMatches: number;
  queued: number;
  gamesBefore: number;
  /** CPU seconds used by the API process serving the players from the drop to the last re-sync, and the wall time. */
  apiCpu: { cpuS: number; wallS: number } | null;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Fault suite 5 (docs/decisions.md#real-time): players with the player app's real-time connection queue and are paired
 * into matches by the worker while every socket is dropped twice, each time while `match`, `match-accepted` and
 * `game` notifications are being emitted: once by the network (a relay standing for the load balancer cuts every
 * connection; the API keeps running) and once by the API process itself (SIGKILLed; the relay sends the reconnecting
 * clients to a second API process, which never saw them, as a load balancer does). Each player's app reconnects and
 * re-reads its state over REST as player-web does. Checked: every socket dropped and came back by itself, and every
 * player showed what the database says (the right match to accept with the right accepted flags, or the right game,
 * its room joined again) within 5 s of reconnecting; in the end every player is in their game and a chat line in each
 * game reaches both players over the new connections.
 */
async function run({ fast, log }: SuiteOptions): Promise<SuiteReport> {
  const size = fast ? { players: 20, enterOverMs: 5_000 } : { players: 200, enterOverMs: 12_000 };
  const matchesWanted = size.players / 2;
  const seed = Number(process.env.FAULT_SEED ?? 20261121);
  const random = seeded(seed);
  const violations: string[] = [];
  const stack = await createFaultStack('faultrt');
  const knex: Knex = stack.db.knex;
  const apps: PlayerApp[] = [];
  let proxy: TcpProxy | null = null;
  let monitor: Promise<void> | null = null;
  let stopMonitor = false;
  const queues: Queue[] = [];
  // The players' apps all run in this process: its event-loop delay says whether the client side kept up.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  try {
    // Two API processes behind the relay (README "Running at scale"): every client on the first until it dies.
    stack.startWorker();
    const [api, standby] = await Promise.all([stack.startApi(), stack.startApi()]);
    const portOf = (url: string) => Number(new URL(url).port);
    proxy = await startTcpProxy(portOf(api.url));
    const http = client(proxy.url, { spreadAddresses: true });
    const playQueue = new Queue(QUEUE_NAMES.play, { connection: stack.redis(), prefix: `${stack.prefix}bull` });
    queues.push(playQueue);
    await waitFor('worker registered', async () => (await playQueue.getWorkersCount()) >= 1, 60_000);

    const drops: Drop[] = [];
    let current: Drop | null = null;
    let truth = new Map<number, Truth>();
    const hooks: Hooks = {
      random,
      connected(app) {
        if (!current || app.connection < 2 || current.reconnected.has(app.id)) return;
        current.reconnected.set(app.id, Date.now());
        const t = truth.get(app.id) ?? { kind: 'idle' };
        if (!app.shows(t)) current.stale += 1;
      },
    };

    for (let i = 0; i < size.players; i++) {
      const { user, auth } = await signedInUser(knex, { elo: 1000 });
      apps.push(new PlayerApp(user.id, auth, http, proxy.url, hooks));
    }
    await waitFor(
      'every player connected',
      async () => apps.every((a) => a.connected && a.view.kind === 'idle'),
      60_000,
    );
    log(`${size.players} players connected through the relay ${proxy.url}; seed ${seed}`);

    // The monitor: one snapshot of the database every 100 ms, each re-syncing player's screen compared with it.
    monitor = (async () => {
      while (!stopMonitor) {
        const read = await readTruth(knex).catch(() => null);
        if (read) {
          truth = read;
          const now = Date.now();
          for (const drop of drops) {
            for (const [id] of drop.reconnected) {
              if (drop.synced.has(id)) continue;
              const app = apps.find((a) => a.id === id)!;
              if (!app.syncedWith(truth.get(id) ?? { kind: 'idle' })) continue;
              drop.synced.set(id, now);
              drop.answered.set(id, app.resyncAnsweredAt);
            }
          }
        }
        await sleep(MONITOR_EVERY_MS);
      }
    })();

    const gamesCount = async () => Number((await knex('games').count({ n: '*' }))[0]!.n);
    const pendingCount = async () => Number((await knex('matches').where('state', 'pending').count({ n: '*' }))[0]!.n);
    const queuedCount = async () => Number((await knex('queue_entries').count({ n: '*' }))[0]!.n);

    async function drop(kind: string, atGames: number, serving: RunningProcess, act: (d: Drop) => Promise<void>) {
      // Drop while notifications are on their way: once enough games exist, at a moment a match is pending.
      await waitFor(`${atGames} games before the ${kind}`, async () => (await gamesCount()) >= atGames, 120_000);
      await waitFor(`a pending match for the ${kind}`, async () => (await pendingCount()) > 0, 10_000).catch(() => 0);
      const d: Drop = {
        kind,
        at: Date.now(),
        reconnected: new Map(),
        synced: new Map(),
        answered: new Map(),
        stale: 0,
        disconnectsBefore: new Map(apps.map((a) => [a.id, a.disconnects])),
        pendingMatches: await pendingCount(),
        queued: await queuedCount(),
        gamesBefore: await gamesCount(),
        apiCpu: null,
      };
      const cpuBefore = cpuSeconds(serving.child.pid);
      d.at = Date.now();
      drops.push(d);
      current = d;
      await act(d);
      log(`${kind}: ${d.gamesBefore} games, ${d.pendingMatches} matches pending, ${d.queued} players queued`);
      await waitFor(
        `every socket back after the ${kind}`,
        async () => apps.every((a) => d.reconnected.has(a.id) || a.gaveUp !== null),
        RECONNECT_LIMIT_MS,
      ).catch(() => null);
      const lastBack = Math.max(...d.reconnected.values());
      await waitFor(
        `every player re-synced after the ${kind}`,
        async () => apps.every((a) => d.synced.has(a.id)),
        Math.max(0, lastBack + RESYNC_LIMIT_MS + 1000 - Date.now()),
      ).catch(() => null);
      const cpuAfter = cpuSeconds(serving.child.pid);
      if (cpuBefore !== null && cpuAfter !== null)
        d.apiCpu = { cpuS: cpuAfter - cpuBefore, wallS: (Math.max(...d.synced.values(), d.at) - d.at) / 1000 };
      current = null;
      for (const a of apps) {
        if (a.disconnects === d.disconnectsBefore.get(a.id))
          violations.push(`${kind}: player ${a.id}'s socket did not drop`);
        if (a.gaveUp !== null) violations.push(`${kind}: player ${a.id}'s app stopped reconnecting (${a.gaveUp})`);
        const back = d.reconnected.get(a.id);
        const synced = d.synced.get(a.id);
        if (back === undefined) {
          violations.push(`${kind}: player ${a.id}'s socket not back within ${RECONNECT_LIMIT_MS / 1000} s`);
        } else if (synced === undefined) {
          violations.push(
            `${kind}: player ${a.id} never showed the database's state after reconnecting ` +
              `(shows ${JSON.stringify(describe(a))}, database ${JSON.stringify(truth.get(a.id) ?? { kind: 'idle' })})`,
          );
        } else if (synced - back > RESYNC_LIMIT_MS) {
          violations.push(
            `${kind}: player ${a.id} re-synced ${synced - back} ms after reconnecting ` +
              `(its REST re-sync answered after ${d.answered.get(a.id)! - back} ms)`,
          );
        }
      }
    }

    // Two cohorts press Start at seeded moments, the second after the first drop, so each drop lands while matches
    // are being made and answered: pairing, accepts and games follow by themselves.
    const started = Date.now();
    loop.enable();
    const half = Math.floor(size.players / 4) * 2;
    const enter = (cohort: PlayerApp[]) =>
      Promise.all(cohort.map((app) => sleep(random() * size.enterOverMs).then(() => app.start())));
    const first = enter(apps.slice(0, half));
    await drop('network cut', Math.ceil(half / 2 / 4), api.proc, async () => {
      const cut = proxy!.cut();
      log(`network cut: ${cut} connections cut`);
    });
    await first;
    const gamesBetween = await gamesCount();
    const second = enter(apps.slice(half));
    await drop(
      'API process killed',
      gamesBetween + Math.ceil((size.players - half) / 2 / 4),
      standby.proc,
      async () => {
        // The relay sends new connections to the other process; the killed one takes its sockets and calls with it.
        proxy!.retarget(portOf(standby.url));
        api.proc.child.kill('SIGKILL');
        await api.proc.exited;
        proxy!.cut();
      },
    );
    await second;

    // In the end: every player in the game the database gives them, its room joined on the current connection.
    await waitFor(
      'every player in their game',
      async () => apps.every((a) => a.syncedWith(truth.get(a.id) ?? { kind: 'idle' }) && a.page === 'game'),
      SETTLE_LIMIT_MS,
    ).catch(() => null);
    const playMs = Date.now() - started;
    const games = (await knex('games').select('id', 'user_1_id', 'user_2_id', 'state')) as {
      id: number;
      user_1_id: number;
      user_2_id: number;
    }[];
    if (games.length !== matchesWanted) violations.push(`${games.length} games for ${size.players} players`);
    const finalTruth = await readTruth(knex);
    for (const a of apps) {
      const t = finalTruth.get(a.id) ?? { kind: 'idle' };
      if (t.kind !== 'playing') violations.push(`player ${a.id}: not in a game at the end (database: ${t.kind})`);
      else if (!a.syncedWith(t))
        violations.push(`player ${a.id}: shows ${JSON.stringify(describe(a))}, database game ${t.gameId}`);
    }

    // Real-time after the drops: a chat line in every game reaches both players through the rooms they re-joined.
    const byId = new Map(apps.map((a) => [a.id, a]));
    let chatDelivered = 0;
    await Promise.all(
      games.map(async (g) => {
        const sender = byId.get(g.user_1_id);
        const other = byId.get(g.user_2_id);
        if (!sender || !other) return;
        const text = `after the drops ${g.id}`;
        const sent = await http.postJson(
          '/game/chat/send_message',
          { game_id: g.id, message: text },
          {
            auth: sender.credentials,
          },
        );
        if (sent.status !== 200) {
          violations.push(`game ${g.id}: chat line answered ${sent.status}`);
          return;
        }
        const both = await waitFor(
          `game ${g.id}: chat line at both players`,
          async () => [sender, other].every((a) => a.chat.some((m) => m.content === text)),
          CHAT_LIMIT_MS,
        ).catch(() => false);
        if (both) chatDelivered++;
        else violations.push(`game ${g.id}: the chat line did not reach both players within ${CHAT_LIMIT_MS / 1000} s`);
      }),
    );

    const figures: Record<string, number | string> = {
      seed,
      players: size.players,
      'games (one per pair)': `${games.length} of ${matchesWanted}`,
      'play time s': (playMs / 1000).toFixed(1),
      'queue entries (Start presses that reached the API)': apps.reduce((n, a) => n + a.enters, 0),
      'calls that failed (re-read the status)': apps.reduce((n, a) => n + a.failedCalls, 0),
    };
    for (const event of ['match', 'match-accepted', 'match-declined', 'game'] as const) {
      figures[`'${event}' events received`] = apps.reduce((n, a) => n + a.received[event], 0);
    }
    for (const d of drops) {
      const times = [...d.synced.entries()].map(([id, at]) => at - d.reconnected.get(id)!).sort((a, b) => a - b);
      const dropped = apps.filter((a) => a.disconnects > d.disconnectsBefore.get(a.id)!).length;
      figures[`${d.kind}: at`] =
        `${d.gamesBefore} games, ${d.pendingMatches} matches pending, ${d.queued} players queued`;
      figures[`${d.kind}: sockets dropped / back / re-synced`] =
        `${dropped} / ${d.reconnected.size} / ${d.synced.size} of ${size.players}`;
      figures[`${d.kind}: screens out of date at reconnect`] = d.stale;
      figures[`${d.kind}: API process CPU s / wall s from the drop to the last re-sync`] = d.apiCpu
        ? `${d.apiCpu.cpuS.toFixed(1)} / ${d.apiCpu.wallS.toFixed(1)}`
        : 'not measured';
      figures[`${d.kind}: re-sync ms p50/p99/max`] = times.length
        ? `${percentile(times, 50)}/${percentile(times, 99)}/${times.at(-1)}`
        : 'none';
      const answers = [...d.answered.entries()].map(([id, at]) => at - d.reconnected.get(id)!).sort((a, b) => a - b);
      figures[`${d.kind}: of which REST answers ms p50/p99/max`] = answers.length
        ? `${percentile(answers, 50)}/${percentile(answers, 99)}/${answers.at(-1)}`
        : 'none';
      const back = [...d.reconnected.values()].map((t) => t - d.at).sort((a, b) => a - b);
      figures[`${d.kind}: reconnect after drop ms p50/max`] = back.length
        ? `${percentile(back, 50)}/${back.at(-1)}`
        : 'none';
    }
    figures['game-room joins not acknowledged with { ok } (timed out or refused)'] = apps.reduce(
      (n, a) => n + a.joinProblems.length,
      0,
    );
    figures['chat lines delivered to both players after the drops'] = `${chatDelivered} of ${games.length}`;
    loop.disable();
    figures["players' process event-loop delay ms p99/max"] =
      `${(loop.percentile(99) / 1e6).toFixed(0)}/${(loop.max / 1e6).toFixed(0)}`;
    return { figures, violations };
  } finally {
    stopMonitor = true;
    await monitor;
    for (const app of apps) app.close();
    await proxy?.close();
    for (const queue of queues) await queue.close();
    await stack.close();
  }
}

/** A player's screen in a line, for violation messages. */
function describe(app: PlayerApp) {
  return app.page === 'game'
    ? {
        page: 'game',
        game: app.game?.id ?? null,
        connection: app.connection,
        joinedOn: app.joinedOn,
        readOn: app.gameReadOn,
        joinProblems: app.joinProblems,
      }
    : {
        page: 'play',
        view: app.view.kind,
        match: app.view.kind === 'matched' ? app.view.match.id : null,
        connection: app.connection,
        readOn: app.statusReadOn,
      };
}

export const suite: Suite = {
  name: 'realtime-loss',
  description:
    'players paired into matches while every socket is dropped twice (network cut, API process killed): each re-syncs over REST within 5 s of reconnecting',
  run,
};
