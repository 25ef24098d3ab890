/**
 * The final-result transaction against a raw two-row lock: `confirmResult` (db/src/commands/games), the command the
 * API runs in one transaction when the second player verifies a submitted score (the game and both players locked,
 * the trophy hunt read, stats, Elo, the Elo history and the trophy moves written), whose summary is the route's
 * whole answer (the game's page keeps the chat and evidence it shows); on distinct games, back to back and from
 * BENCH_TX_CONCURRENCY lanes at once (default 8), next to a raw mysql2 transaction that locks two users' rows
 * (`SELECT … FOR UPDATE`) and updates both, at the same concurrency on the same database and the same players. Each
 * lane has its own players, so lanes meet only where the product makes them meet (this week's trophy pool). Prints
 * transactions/s of both, the ratio against the goal (≥ 0.5×), and the statements one final result sends: those of
 * its transaction (BEGIN and COMMIT counted, as knex sends them) and any sent after commit (none).
 */
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import { DEFAULT_TIME_ZONE, weekStart } from '@ecup/domain';
import { confirmResult, parseDatabaseUrl, transaction } from '@ecup/db';
import { printVersus, rawTwoRowLock, versus } from './baselines.ts';
import { benchDatabase } from './setup.ts';

const PLAYERS_PER_LANE = 16;
/** Games made ready per lane and run; a run also stops after BENCH_SECONDS. */
const GAMES_PER_LANE_RUN = 800;

interface Game {
  id: number;
  user_1_id: number;
  user_2_id: number;
}

/** A small deterministic PRNG (mulberry32), so every run plays the same scores between the same players. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertPlayers(knex: Knex, count: number, label: string): Promise<number[]> {
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    username: `${label}${i}`.slice(0, 15),
    first_name: 'Bench',
    last_name: 'Player',
    email: `${label}${i}@example.com`,
    password_hash: 'x',
    console: 1,
    gamer_tag: `${label}-${i}`,
    country_id: 0,
    birth_date: new Date(Date.UTC(2000, 0, 1)),
    team_name: 'IFK Göteborg',
    fifa_team_name: 'Real Madrid',
    terms_accepted_at: now,
  }));
  await knex.batchInsert('users', rows, 500);
  const ids = (await knex('users').where('username', 'like', `${label}%`).orderBy('id').pluck('id')) as number[];
  return ids.map(Number);
}

/**
 * `count` games of one lane in state 'submitted' (user 1 submitted a score 13 minutes after the start), between
 * random pairs of the lane's players, a fifth of them draws, as the result form leaves them for the verify.
 */
async function submittedGames(knex: Knex, seasonId: number, players: number[], count: number, seed: number) {
  const random = prng(seed);
  const now = Date.now();
  const created_at = new Date(now - 20 * 60_000);
  const rows = Array.from({ length: count }, () => {
    const one = Math.floor(random() * players.length);
    const two = (one + 1 + Math.floor(random() * (players.length - 1))) % players.length;
    const draw = random() < 0.2;
    const score_1 = Math.floor(random() * 5);
    const score_2 = draw ? score_1 : (score_1 + 1 + Math.floor(random() * 3)) % 6;
    return {
      season_id: seasonId,
      week_start: weekStart(created_at, DEFAULT_TIME_ZONE),
      user_1_id: players[one]!,
      user_2_id: players[two]!,
      state: 'submitted' as const,
      score_1,
      score_2: score_1 === score_2 && !draw ? score_2 + 1 : score_2,
      submitted_user_id: players[one]!,
      submitted_at: new Date(now - 5 * 60_000),
      created_at,
    };
  });
  const [first] = (await knex('games').insert(rows)) as number[];
  // One multi-row INSERT answers the first id; InnoDB hands out the rest in order.
  return rows.map((row, i): Game => ({ id: Number(first) + i, user_1_id: row.user_1_id, user_2_id: row.user_2_id }));
}

/** Runs `work` over each lane's items, the lanes at once, until the items or the time run out; answers tx/s. */
async function lanes<T>(items: T[][], seconds: number, work: (item: T) => Promise<void>) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    items.map(async (list) => {
      for (const item of list) {
        if (performance.now() >= deadline) return;
        await work(item);
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { done, seconds: elapsed, perSecond: done / elapsed };
}

export async function run(): Promise<void> {
  const concurrency = Number(process.env.BENCH_TX_CONCURRENCY ?? 8);
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const db = await benchDatabase({ min: 1, max: Math.max(concurrency, 2) });
  const knex = db.knex;
  const target = parseDatabaseUrl(db.env.DATABASE_URL!);
  const pool = mysql.createPool({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
    connectionLimit: Math.max(concurrency, 1),
  });
  try {
    const season = (await knex('seasons').where('active', true).first('id')) as { id: number };
    const laneCount = concurrency + 1;
    const players: number[][] = [];
    for (let lane = 0; lane < laneCount; lane++)
      players.push(await insertPlayers(knex, PLAYERS_PER_LANE, `fr${lane}_`));
    // Every round's runs play fresh games: lane 0 back to back, lanes 1..concurrency at once.
    const gamesOf = async (round: number, lane: number) =>
      submittedGames(knex, season.id, players[lane]!, GAMES_PER_LANE_RUN, 1000 * round + lane);
    console.log(
      `${laneCount} lanes of ${PLAYERS_PER_LANE} players; runs of up to ${seconds} s; concurrency ${concurrency}; ${rounds} rounds; knex pool ${Math.max(concurrency, 2)}, mysql2 pool ${concurrency}`,
    );

    // As POST /game/confirm: the command's transaction, whose summary is the whole answer (VerifyAnswer).
    const confirm = async (game: Game) => {
      const now = new Date();
      const actor = { id: game.user_2_id, permissions: 0 };
      await transaction(knex, (trx) => confirmResult(trx, { game_id: game.id, actor, now }));
    };
    const raw = (game: Game) => rawTwoRowLock(pool, game.user_1_id, game.user_2_id);

    // Warm-up: a few of each, so neither side pays for first compilations or cold connections.
    const warm = await gamesOf(0, 0);
    await lanes([warm.slice(0, 40)], 30, confirm);
    await lanes([warm.slice(40, 240)], 30, raw);

    type Run = { done: number; seconds: number };
    const total = (list: Run[]) =>
      list.reduce((sum, r) => sum + r.done, 0) / list.reduce((sum, r) => sum + r.seconds, 0);
    const runs: Record<'rawSeq' | 'finalSeq' | 'rawConc' | 'finalConc', Run[]> = {
      rawSeq: [],
      finalSeq: [],
      rawConc: [],
      finalConc: [],
    };
    for (let round = 1; round <= rounds; round++) {
      const seq = await gamesOf(round, 0);
      const conc = await Promise.all(Array.from({ length: concurrency }, (_, k) => gamesOf(round, k + 1)));
      const rawSeq = await lanes([seq], seconds, raw);
      const finalSeq = await lanes([seq], seconds, confirm);
      const rawConc = await lanes(conc, seconds, raw);
      const finalConc = await lanes(conc, seconds, confirm);
      runs.rawSeq.push(rawSeq);
      runs.finalSeq.push(finalSeq);
      runs.rawConc.push(rawConc);
      runs.finalConc.push(finalConc);
      console.log(
        `round ${round}: back to back raw ${rawSeq.perSecond.toFixed(0)} tx/s, final result ${finalSeq.perSecond.toFixed(0)} tx/s (${(finalSeq.perSecond / rawSeq.perSecond).toFixed(2)}×); ` +
          `${concurrency} at once raw ${rawConc.perSecond.toFixed(0)} tx/s, final result ${finalConc.perSecond.toFixed(0)} tx/s (${(finalConc.perSecond / rawConc.perSecond).toFixed(2)}×)`,
      );
    }

    const rawSeq = total(runs.rawSeq);
    const finalSeq = total(runs.finalSeq);
    const rawConc = total(runs.rawConc);
    const finalConc = total(runs.finalConc);
    console.log(`\nall ${rounds} rounds (transactions over time of all rounds)`);
    console.log(`${'transaction'.padEnd(44)}${'back to back'.padStart(14)}${`${concurrency} at once`.padStart(14)}`);
    console.log(
      `${'raw mysql2 two-row lock (tx/s)'.padEnd(44)}${rawSeq.toFixed(0).padStart(14)}${rawConc.toFixed(0).padStart(14)}`,
    );
    console.log(
      `${'final result, confirmResult (tx/s)'.padEnd(44)}${finalSeq.toFixed(0).padStart(14)}${finalConc.toFixed(0).padStart(14)}`,
    );
    printVersus(
      [
        versus('final result, back to back', finalSeq, rawSeq, 0.5),
        versus(`final result, ${concurrency} at once`, finalConc, rawConc, 0.5),
      ],
      'raw',
    );

    // What one final result sends: statements per final result by kind and by kind and table, over a counted
    // sample, apart for its transaction (knex tags those with the transaction's id; BEGIN and COMMIT included) and
    // for the answer's read after commit.
    const sample = (await gamesOf(rounds + 1, 0)).slice(0, 100);
    type Profile = { kinds: Map<string, number>; tables: Map<string, number> };
    const inTx: Profile = { kinds: new Map(), tables: new Map() };
    const after: Profile = { kinds: new Map(), tables: new Map() };
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    const count = (query: { sql: string; __knexTxId?: string }) => {
      const profile = query.__knexTxId ? inTx : after;
      const kind = query.sql.trim().split(/\s+/)[0]!.replace(/;$/, '').toUpperCase();
      add(profile.kinds, kind);
      const table = /\b(?:from|update|into)\s+`?(\w+)`?/i.exec(query.sql)?.[1];
      add(profile.tables, table === undefined ? kind : `${kind} ${table}`);
    };
    knex.on('query', count);
    await lanes([sample], 60, confirm);
    knex.off('query', count);
    const per = (n: number) => (n / sample.length).toFixed(1);
    const describe = (label: string, profile: Profile) => {
      const all = [...profile.kinds.values()].reduce((a, b) => a + b, 0);
      const kinds = [...profile.kinds].map(([kind, n]) => `${kind} ${per(n)}`).join(', ');
      const tables = [...profile.tables]
        .sort((a, b) => b[1] - a[1])
        .map(([what, n]) => `${what} ${per(n)}`)
        .join(', ');
      console.log(`${label}: ${per(all)} (${kinds})\n  by table: ${tables}`);
    };
    describe('statements per final result, its transaction', inTx);
    describe('statements per final result, the answer after commit', after);
    console.log('raw two-row lock: 5 (BEGIN, SELECT, UPDATE 2, COMMIT)');
    const [[moves]] = (await knex.raw(
      "SELECT COUNT(*) AS moves, SUM(kind = 'secure') AS secured FROM trophy_moves",
    )) as [[{ moves: number; secured: number }]];
    console.log(`trophy moves written during the run: ${moves.moves} (${Number(moves.secured)} secured)`);
  } finally {
    await pool.end();
    await db.drop();
  }
}
