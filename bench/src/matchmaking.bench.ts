/**
 * The play loop end to end on loopback: the API and a worker as their own processes, 200 simulated players with a
 * socket.io connection each, entering the queue at random moments within 10 s (keepalive every 6 s while waiting),
 * accepting their match at once. Prints, per match, the time from the second player's enter to both `match`
 * events, and from the second accept to both `game` events (p50, p99).
 */
import { io as connect, type Socket } from 'socket.io-client';
import { QUEUE_KEEPALIVE_MS, type GameReadyEvent, type MatchPayload } from '@ecup/domain';
import { createSession } from '@ecup/db';
import { mark, percentile } from './goals.ts';
import { startProcess } from './process.ts';
import { benchDatabase, startApiProcess } from './setup.ts';

const PLAYERS = 200;
const ENTER_SPREAD_MS = 10_000;
const GIVE_UP_MS = 60_000;
/** Goals: second player's enter -> both `match` events, and both accepts -> `game`, p99. */
const MATCH_GOAL_MS = 1000;
const GAME_GOAL_MS = 300;

interface Sim {
  id: number;
  token: string;
  socket: Socket;
  enterAt: number;
  matchAt: number;
  acceptAt: number;
  gameAt: number;
  matchId: number;
  gameId: number;
  keepalive?: NodeJS.Timeout;
}

function report(label: string, values: number[], goalMs?: number): void {
  const p99 = percentile(values, 0.99);
  console.log(
    `${label.padEnd(44)} n=${String(values.length).padStart(3)}  p50 ${percentile(values, 0.5).toFixed(1).padStart(7)} ms` +
      `  p99 ${p99.toFixed(1).padStart(7)} ms  max ${Math.max(...values)
        .toFixed(1)
        .padStart(7)} ms` +
      (goalMs === undefined ? '' : `  goal p99 < ${goalMs} ms ${mark(p99 < goalMs)}`),
  );
}

export async function run(): Promise<void> {
  const db = await benchDatabase({ min: 1, max: 4 });
  const api = await startApiProcess(db);
  const worker = await startProcess('worker/src/main.ts', db.env, 'eCup worker running');
  const sims: Sim[] = [];
  try {
    await db.knex.raw(
      `INSERT INTO users (username, first_name, last_name, email, password_hash, console, gamer_tag, country_id,
         birth_date, team_name, fifa_team_name, terms_accepted_at, elo)
       SELECT CONCAT('mm', seq), 'Bench', 'Player', CONCAT('mm', seq, '@example.com'), 'x', 1, CONCAT('tag', seq), 0,
         '2000-01-01', 'IFK Göteborg', 'Real Madrid', NOW(), 1000 + seq % 80
       FROM seq_1_to_${PLAYERS}`,
    );
    const users = (await db.knex('users').where('username', 'like', 'mm%').select('id')) as { id: number }[];
    for (const { id } of users) {
      const { result } = await createSession(db.knex, { user_id: id, ip: null, user_agent: null });
      const socket = connect(api.url, {
        path: '/socket.io',
        auth: { id, token: result.token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      sims.push({
        id,
        token: result.token,
        socket,
        enterAt: 0,
        matchAt: 0,
        acceptAt: 0,
        gameAt: 0,
        matchId: 0,
        gameId: 0,
      });
    }
    console.log(`${PLAYERS} players connected; entering the queue within ${ENTER_SPREAD_MS / 1000} s`);

    const callMs = new Map<string, number[]>();
    const post = (sim: Sim, path: string) => {
      const t0 = performance.now();
      return fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sim.id}:${sim.token}` },
      }).then(async (res) => {
        await res.arrayBuffer();
        callMs.set(path, [...(callMs.get(path) ?? []), performance.now() - t0]);
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      });
    };
    let games = 0;
    let allDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const errors: string[] = [];
    for (const sim of sims) {
      sim.socket.on('match', (match: MatchPayload) => {
        sim.matchAt = performance.now();
        sim.matchId = match.id;
        clearInterval(sim.keepalive);
        sim.acceptAt = performance.now();
        post(sim, '/matchmaking/match/accept').catch((error: Error) => errors.push(error.message));
      });
      sim.socket.on('game', (game: GameReadyEvent) => {
        sim.gameAt = performance.now();
        sim.gameId = game.game_id;
        games++;
        if (games === PLAYERS) allDone();
      });
    }
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const started = performance.now();
    for (const sim of sims) {
      setTimeout(() => {
        sim.enterAt = performance.now();
        post(sim, '/matchmaking/queue/enter').catch((error: Error) => errors.push(error.message));
        sim.keepalive = setInterval(() => {
          post(sim, '/matchmaking/queue/keepalive').catch((error: Error) => errors.push(error.message));
        }, QUEUE_KEEPALIVE_MS);
      }, rand() * ENTER_SPREAD_MS);
    }
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, GIVE_UP_MS))]);
    const elapsed = performance.now() - started;

    const byMatch = new Map<number, Sim[]>();
    for (const sim of sims) if (sim.matchId) byMatch.set(sim.matchId, [...(byMatch.get(sim.matchId) ?? []), sim]);
    const toMatch: number[] = [];
    const toGame: number[] = [];
    for (const pair of byMatch.values()) {
      if (pair.length !== 2) continue;
      const [a, b] = pair as [Sim, Sim];
      toMatch.push(Math.max(a.matchAt, b.matchAt) - Math.max(a.enterAt, b.enterAt));
      if (a.gameAt && b.gameAt) toGame.push(Math.max(a.gameAt, b.gameAt) - Math.max(a.acceptAt, b.acceptAt));
    }
    const gameIds = new Set(sims.filter((s) => s.gameId).map((s) => s.gameId));
    const [[{ rows }]] = (await db.knex.raw('SELECT COUNT(*) AS `rows` FROM games')) as [[{ rows: number }]];
    console.log(
      `${byMatch.size} matches, ${gameIds.size} games (${rows} rows), ${games} game events, ${errors.length} failed calls, ` +
        `all done ${(elapsed / 1000).toFixed(1)} s after the first enter was scheduled`,
    );
    if (errors.length > 0) console.log(`first failure: ${errors[0]}`);
    report("second player's enter -> both `match` events", toMatch, MATCH_GOAL_MS);
    report('  baseline: the enter call itself', callMs.get('/matchmaking/queue/enter') ?? []);
    report('second accept -> both `game` events', toGame, GAME_GOAL_MS);
    report('  baseline: the accept call itself', callMs.get('/matchmaking/match/accept') ?? []);
  } finally {
    for (const sim of sims) {
      clearInterval(sim.keepalive);
      sim.socket.close();
    }
    await worker.stop();
    await api.stopAndReport();
    await db.drop();
  }
}
