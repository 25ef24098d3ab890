/**
 * One pairing pass over 10,000 queued players at spread Elo (docs/decisions.md#matchmaking): first the pure rule (`pairPlayers`),
 * then the worker's whole sweep (`pairQueue`) against MariaDB: reading the waiting players with each one's last
 * opponent (20,000 earlier matches on record), pairing them and creating every match in its own locked
 * transaction. Prints times, pair counts and the plan of the candidate read.
 */
import type { Knex } from 'knex';
import { pairPlayers, type PairingCandidate } from '@ecup/domain';
import { pairQueue, pairingCandidates, pushesOf } from '@ecup/db';
import { mark } from './goals.ts';
import { benchDatabase } from './setup.ts';

const PLAYERS = 10_000;
const PAST_MATCHES = 20_000;
const RUNS = 7;
/** Goal: one pairing pass over 10,000 queued players. */
const PASS_GOAL_MS = 40;

/** A deterministic crowd: Elo 600-1800 (denser in the middle), waits 0-90 s, half with a last opponent. */
function crowd(now: number): PairingCandidate[] {
  let s = 42;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: PLAYERS }, (_, i) => ({
    user_id: i + 1,
    elo: Math.round(600 + 400 * (rand() + rand() + rand())),
    entered_at_ms: now - Math.floor(rand() * 90_000),
    last_opponent_id: rand() < 0.5 ? 1 + Math.floor(rand() * PLAYERS) : null,
  }));
}

const ms = (t0: number) => performance.now() - t0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function benchPure(): void {
  const now = Date.now();
  const players = crowd(now);
  const times: number[] = [];
  const sortTimes: number[] = [];
  let pairs = 0;
  for (let run = 0; run < RUNS; run++) {
    // Baseline, measured beside it: sorting the same players by Elo, the least any closest-Elo pairing does.
    const s0 = performance.now();
    [...players].sort((a, b) => a.elo - b.elo || a.entered_at_ms - b.entered_at_ms);
    sortTimes.push(ms(s0));
    const t0 = performance.now();
    pairs = pairPlayers(players, now).length;
    times.push(ms(t0));
  }
  console.log(
    `pairing pass (pairPlayers), ${PLAYERS} players: ${pairs} pairs, ${PLAYERS - 2 * pairs} left waiting; ` +
      `median ${median(times).toFixed(1)} ms, best ${Math.min(...times).toFixed(1)} ms over ${RUNS} runs; ` +
      `goal < ${PASS_GOAL_MS} ms ${mark(median(times) < PASS_GOAL_MS)}`,
  );
  console.log(
    `  baseline: sorting the same ${PLAYERS} by Elo, median ${median(sortTimes).toFixed(1)} ms ` +
      `(pairing pass = ${(median(times) / median(sortTimes)).toFixed(1)}x a sort)`,
  );
}

/** Players, their queue entries (entered 0-90 s ago) and a history of matches, with set-based statements. */
async function seedQueue(knex: Knex, seasonId: number, now: Date): Promise<void> {
  await knex.raw(
    `INSERT INTO users (username, first_name, last_name, email, password_hash, console, gamer_tag, country_id,
       birth_date, team_name, fifa_team_name, terms_accepted_at, elo)
     SELECT CONCAT('pair', seq), 'Bench', 'Player', CONCAT('pair', seq, '@example.com'), 'x', 1, CONCAT('tag', seq),
       0, '2000-01-01', 'IFK Göteborg', 'Real Madrid', NOW(),
       600 + FLOOR(RAND(seq) * 400) + FLOOR(RAND(seq + 1) * 400) + FLOOR(RAND(seq + 2) * 400)
     FROM seq_1_to_${PLAYERS}`,
  );
  const [[{ u0 }]] = (await knex.raw('SELECT MIN(id) AS u0 FROM users')) as [[{ u0: number }]];
  await knex.raw(
    `INSERT INTO matches (season_id, user_1_id, user_2_id, state, deadline_at, closed_at, created_at)
     SELECT ?, ${u0} + (seq * 7919) % ${PLAYERS}, ${u0} + (seq * 104729 + 1) % ${PLAYERS}, 'accepted',
       ? - INTERVAL seq SECOND, ? - INTERVAL seq SECOND, ? - INTERVAL seq SECOND - INTERVAL 30 SECOND
     FROM seq_1_to_${PAST_MATCHES}`,
    [seasonId, now, now, now],
  );
  await knex.raw(
    `INSERT INTO queue_entries (user_id, season_id, elo, entered_at, keepalive_at)
     SELECT id, ?, elo, ? - INTERVAL (FLOOR(RAND(id) * 90000) * 1000) MICROSECOND, ? FROM users
     WHERE username LIKE 'pair%'`,
    [seasonId, now, now],
  );
  await knex.raw('ANALYZE TABLE users, matches, queue_entries');
}

async function benchSweep(): Promise<void> {
  const db = await benchDatabase({ min: 1, max: 10 });
  try {
    const now = new Date();
    const [season] = (await db.knex('seasons').where('active', true).select('id')) as { id: number }[];
    const seedStarted = performance.now();
    await seedQueue(db.knex, season!.id, now);
    console.log(
      `seeded ${PLAYERS} queued players and ${PAST_MATCHES} earlier matches in ${(ms(seedStarted) / 1000).toFixed(1)} s`,
    );

    const [explained] = (await db.knex.raw(
      `EXPLAIN SELECT e.user_id,
         (SELECT m.id FROM matches m WHERE m.user_1_id = e.user_id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) a
       FROM queue_entries e WHERE e.season_id = ? AND e.match_id IS NULL AND e.keepalive_at > ?`,
      [season!.id, new Date(now.getTime() - 20_000)],
    )) as [Record<string, unknown>[]];
    for (const row of explained) {
      console.log(`  EXPLAIN ${String(row.table).padEnd(14)} type=${row.type} key=${row.key} rows=${row.rows}`);
    }

    const readStarted = performance.now();
    const candidates = await pairingCandidates(db.knex, season!.id, now);
    const readMs = ms(readStarted);
    const withLast = candidates.filter((c) => c.last_opponent_id !== null).length;
    console.log(
      `candidate read: ${candidates.length} players (${withLast} with a last opponent) in ${readMs.toFixed(0)} ms`,
    );

    const sweepStarted = performance.now();
    const events = await pairQueue(db.knex, now);
    const sweepMs = ms(sweepStarted);
    const [[{ matches }]] = (await db.knex.raw("SELECT COUNT(*) AS matches FROM matches WHERE state = 'pending'")) as [
      [{ matches: number }],
    ];
    console.log(
      `pairQueue sweep (not the goal's figure: it also writes every match in its own transaction), ` +
        `${PLAYERS} queued: ${matches} matches created, ${pushesOf(events).length} match events, ` +
        `${PLAYERS - 2 * Number(matches)} left waiting, in ${(sweepMs / 1000).toFixed(2)} s ` +
        `(${((sweepMs * 1000) / Math.max(1, Number(matches))).toFixed(0)} µs per match)`,
    );
    const again = performance.now();
    const second = await pairQueue(db.knex, now);
    console.log(
      `second pass over the ${PLAYERS - 2 * Number(matches)} left: ${pushesOf(second).length / 2} matches in ${ms(again).toFixed(0)} ms`,
    );
  } finally {
    await db.drop();
  }
}

export async function run(): Promise<void> {
  benchPure();
  await benchSweep();
}
