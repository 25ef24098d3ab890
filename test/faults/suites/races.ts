import type { Knex } from 'knex';
import { ACCEPT_GRACE_MS, RESULT_ENTRY_DELAY_MS, type GameActor } from '@ecup/domain';
import {
  CommandRejected,
  acceptMatch,
  confirmResult,
  enterQueue,
  expireMatch,
  expireTrophies,
  pairQueue,
  rebuildElo,
  resetTrophyPools,
  seedBase,
  submitResult,
  transaction,
} from '@ecup/db';
import { createTestDatabase } from '../../helpers/db.ts';
import { buildGame, buildUser } from '../../helpers/factories.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../../security/suite.ts';
import { seeded } from '../stack.ts';

type Outcome = 'ok' | 'conflict' | 'refused' | 'error';

/** Runs one command in its own transaction, as the API's route does, and says how it ended. */
async function attempt(knex: Knex, work: (trx: Knex) => Promise<unknown>, errors: string[]): Promise<Outcome> {
  try {
    await transaction(knex, work);
    return 'ok';
  } catch (error) {
    if (error instanceof CommandRejected) return error.kind === 'conflict' ? 'conflict' : 'refused';
    errors.push((error as Error).message.slice(0, 300));
    return 'error';
  }
}

/**
 * Runs `work` over `items`, `width` at a time: each item's own race stays all-at-once, while the number of
 * transactions waiting for one of the pool's 20 connections stays bounded (a queue of thousands would time out
 * acquiring a connection, which is load, not a race).
 */
async function inLanes<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

const actor = (id: number): GameActor => ({ id, permissions: 0 });
const count = (outcomes: Outcome[], kind: Outcome) => outcomes.filter((o) => o === kind).length;

/** The trophy hunt's invariant (docs/decisions.md#trophy-hunt), read in one statement each: empty when it holds. */
async function trophyInvariant(knex: Knex): Promise<string[]> {
  const found: string[] = [];
  const [[row]] = (await knex.raw(
    `SELECT
       (SELECT COUNT(*) FROM trophies WHERE state = 'held' AND holder_user_id IS NULL) AS held_without_holder,
       (SELECT COUNT(*) FROM trophies WHERE state = 'pool' AND holder_user_id IS NOT NULL) AS pool_with_holder,
       (SELECT COUNT(*) FROM (SELECT holder_user_id FROM trophies WHERE state = 'held'
          GROUP BY holder_user_id HAVING COUNT(*) > 1) x) AS players_holding_two,
       (SELECT COUNT(*) FROM users u WHERE u.unsecured_trophies <>
          (SELECT COUNT(*) FROM trophies t WHERE t.state = 'held' AND t.holder_user_id = u.id)) AS unsecured_counters_off`,
  )) as [[Record<string, number | string>]];
  for (const [key, value] of Object.entries(row)) if (Number(value) !== 0) found.push(`${key}: ${value}`);
  return found;
}

/**
 * Fault suite 2 (docs/decisions.md#api-contract, docs/decisions.md#matchmaking, docs/decisions.md#trophy-hunt): races settled in the database, run with the db commands the API
 * and worker use, each in its own transaction, all at once with Promise.all against a real MariaDB.
 */
async function run({ fast, log }: SuiteOptions): Promise<SuiteReport> {
  const size = fast
    ? { matches: 20, accepts: 10, timeouts: 20, games: 20, rounds: 3, trophyRounds: 3, challengers: 20 }
    : { matches: 100, accepts: 50, timeouts: 100, games: 100, rounds: 10, trophyRounds: 10, challengers: 50 };
  const random = seeded(Number(process.env.FAULT_SEED ?? 20261121));
  const violations: string[] = [];
  const errors: string[] = [];
  const figures: Record<string, number | string> = {};
  const db = await createTestDatabase('faultrace');
  const knex = db.knex;
  try {
    const { season_id } = await seedBase(knex, { now: new Date() });
    const users = async (n: number) => {
      const made: number[] = [];
      for (let i = 0; i < n; i++) made.push((await buildUser(knex, { elo: 1000 })).id);
      return made;
    };

    /** Queues `n` players and pairs them with the worker's pairing pass: n / 2 pending matches. */
    const pendingMatches = async (n: number, now: Date) => {
      const ids = await users(n);
      for (const user_id of ids) await transaction(knex, (trx) => enterQueue(trx, { user_id, now }));
      await pairQueue(knex, now);
      const rows = (await knex('matches')
        .whereIn('user_1_id', ids)
        .where('state', 'pending')
        .select('id', 'user_1_id', 'user_2_id', 'deadline_at')) as {
        id: number;
        user_1_id: number;
        user_2_id: number;
        deadline_at: Date;
      }[];
      if (rows.length !== n / 2) throw new Error(`pairing made ${rows.length} matches of ${n} players`);
      return rows;
    };

    // 1. Many accepts of each match at once: per player exactly one is taken, the match becomes one game.
    {
      const now = new Date();
      const matches = await pendingMatches(size.matches * 2, now);
      const at = new Date(now.getTime() + 1000);
      const outcomes = await inLanes(matches, 4, async (m) => {
        const tries = Array.from({ length: size.accepts }, (_, i) => (i % 2 === 0 ? m.user_1_id : m.user_2_id));
        const answers = await Promise.all(
          tries.map((user_id) => attempt(knex, (trx) => acceptMatch(trx, { user_id, now: at }), errors)),
        );
        const ok1 = answers.filter((o, i) => o === 'ok' && tries[i] === m.user_1_id).length;
        const ok2 = answers.filter((o, i) => o === 'ok' && tries[i] === m.user_2_id).length;
        const games = Number((await knex('games').where('match_id', m.id).count({ n: '*' }))[0]!.n);
        const state = (await knex('matches').where('id', m.id).first('state'))!.state as string;
        if (ok1 !== 1 || ok2 !== 1 || games !== 1 || state !== 'accepted') {
          violations.push(`match ${m.id}: accepts taken ${ok1}+${ok2}, ${games} games, state ${state}`);
        }
        return answers;
      });
      const all = outcomes.flat();
      figures['accept race'] =
        `${matches.length} matches × ${size.accepts} accepts: ${count(all, 'ok')} taken, ${count(all, 'conflict')} 409`;
      log(String(figures['accept race']));
    }

    // 2. The second accept against the timeout at the same instant: the last millisecond an accept is allowed
    // (deadline + grace) and the first one the timeout may close, both at once. Never both: a game and an expired
    // match, or neither (the match left pending).
    {
      const now = new Date();
      const matches = await pendingMatches(size.timeouts * 2, now);
      for (const m of matches) {
        await transaction(knex, (trx) => acceptMatch(trx, { user_id: m.user_1_id, now }));
      }
      let accepted = 0;
      let expired = 0;
      await inLanes(matches, 10, async (m) => {
        const last = new Date(new Date(m.deadline_at).getTime() + ACCEPT_GRACE_MS);
        const first = new Date(last.getTime() + 1);
        let expiredNow = false;
        // A seeded head start of up to 3 ms for one side or the other, so each side wins some of the races.
        const lead = (random() - 0.5) * 6;
        const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
        const [accept] = await Promise.all([
          after(lead).then(() => attempt(knex, (trx) => acceptMatch(trx, { user_id: m.user_2_id, now: last }), errors)),
          after(-lead).then(() =>
            attempt(
              knex,
              async (trx) => {
                expiredNow = (await expireMatch(trx, m.id, first)) !== null;
              },
              errors,
            ),
          ),
        ]);
        const state = (await knex('matches').where('id', m.id).first('state'))!.state as string;
        const games = Number((await knex('games').where('match_id', m.id).count({ n: '*' }))[0]!.n);
        const gameWon = accept === 'ok' && state === 'accepted' && games === 1 && !expiredNow;
        const timeoutWon = accept === 'conflict' && state === 'expired' && games === 0 && expiredNow;
        if (gameWon) accepted++;
        else if (timeoutWon) expired++;
        else violations.push(`match ${m.id}: accept ${accept}, timeout ${expiredNow}, state ${state}, ${games} games`);
      });
      figures['accept vs timeout'] = `${matches.length} matches: accept won ${accepted}, timeout won ${expired}`;
      log(String(figures['accept vs timeout']));
    }

    // 3. Both players submit at once, then the opponent verifies twice while the submitter tries to verify too:
    // one submission, one final result, rated once, round after round between shuffled pairs.
    {
      const players = await users(size.games * 2);
      let submits = 0;
      let finals = 0;
      for (let round = 0; round < size.rounds; round++) {
        const order = [...players].sort(() => random() - 0.5);
        const now = new Date();
        const started = new Date(now.getTime() - RESULT_ENTRY_DELAY_MS - 60_000);
        const games = await Promise.all(
          Array.from({ length: size.games }, async (_, i) => {
            const [user_1_id, user_2_id] = [order[2 * i]!, order[2 * i + 1]!];
            return {
              id: await buildGame(knex, { user_1_id, user_2_id, created_at: started, season_id }),
              user_1_id,
              user_2_id,
            };
          }),
        );
        await inLanes(games, 10, async (g) => {
          const s1 = Math.floor(random() * 5);
          const s2 = Math.floor(random() * 5);
          const submitted = await Promise.all(
            [g.user_1_id, g.user_2_id].map((id, k) =>
              attempt(
                knex,
                (trx) =>
                  submitResult(trx, {
                    game_id: g.id,
                    actor: actor(id),
                    score_1: k === 0 ? s1 : s2,
                    score_2: k === 0 ? s2 : s1,
                    now,
                  }),
                errors,
              ),
            ),
          );
          submits += count(submitted, 'ok');
          const row = await knex('games').where('id', g.id).first('submitted_user_id');
          const submitter = Number(row!.submitted_user_id);
          const opponent = submitter === g.user_1_id ? g.user_2_id : g.user_1_id;
          const confirmed = await Promise.all(
            [opponent, opponent, submitter].map((id) =>
              attempt(knex, (trx) => confirmResult(trx, { game_id: g.id, actor: actor(id), now }), errors),
            ),
          );
          const after = await knex('games').where('id', g.id).first('state');
          const rated = Number((await knex('elo_history').where('game_id', g.id).count({ n: '*' }))[0]!.n);
          if (after!.state === 'final') finals++;
          if (count(submitted, 'ok') !== 1 || count(confirmed, 'ok') !== 1 || after!.state !== 'final' || rated !== 1) {
            violations.push(
              `game ${g.id}: submits ${submitted.join('/')}, verifies ${confirmed.join('/')}, state ${after!.state}, rated ${rated}×`,
            );
          }
        });
      }
      const rebuild = await rebuildElo(knex, { season_id, dry_run: true });
      if (rebuild.differences.length > 0 || rebuild.game_differences > 0) {
        violations.push(
          `Elo replay: ${rebuild.differences.length} players and ${rebuild.game_differences} games differ`,
        );
      }
      const stats = (await knex('users').whereIn('id', players).sum({ games: 'games_played' }).first()) as {
        games: number | string;
      };
      if (Number(stats.games) !== 2 * size.games * size.rounds) {
        violations.push(`${stats.games} games played counted for ${2 * size.games * size.rounds} seats`);
      }
      figures['double submits'] =
        `${size.games} games × ${size.rounds} rounds: ${submits} submissions taken, ${finals} final, ` +
        `Elo replay ${rebuild.differences.length} differences over ${rebuild.events} events`;
      log(String(figures['double submits']));
    }

    // 4. Trophy challengers: a holder's results against many challengers (each a win for the challenger) are made
    // final at once, while the trophy sweeps run; the invariant is read continuously and after each round.
    {
      const now = new Date();
      // The first defender beats a current holder (the trophy passes), or takes one from the pool when none is held:
      // the earlier sections may have emptied this week's pool.
      const [first, fresh] = await users(2);
      const held = (await knex('trophies').where('state', 'held').first('holder_user_id')) as
        { holder_user_id: number } | undefined;
      const dummy = held ? Number(held.holder_user_id) : fresh;
      const opening = await buildGame(knex, {
        user_1_id: first!,
        user_2_id: dummy!,
        created_at: new Date(now.getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
        state: 'submitted',
        score_1: 3,
        score_2: 0,
        submitted_user_id: first!,
        submitted_at: now,
        season_id,
      });
      await transaction(knex, (trx) => confirmResult(trx, { game_id: opening, actor: actor(dummy!), now }));
      let holder = first!;
      let samples = 0;
      let passes = 0;
      let sampledViolations = 0;
      for (let round = 0; round < size.trophyRounds; round++) {
        const trophy = await knex('trophies').where({ state: 'held', holder_user_id: holder }).first('id');
        if (!trophy) {
          violations.push(`round ${round + 1}: player ${holder} holds no trophy to defend`);
          break;
        }
        const challengers = await users(size.challengers);
        const at = new Date();
        const games = await Promise.all(
          challengers.map((c) =>
            buildGame(knex, {
              user_1_id: c,
              user_2_id: holder,
              created_at: new Date(at.getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
              state: 'submitted',
              score_1: 2,
              score_2: 1,
              submitted_user_id: c,
              submitted_at: at,
              season_id,
            }),
          ),
        );
        let racing = true;
        const sampler = (async () => {
          while (racing) {
            const found = await trophyInvariant(knex);
            samples++;
            if (found.length > 0) {
              sampledViolations++;
              violations.push(`round ${round + 1}, mid-race: ${found.join(', ')}`);
            }
          }
        })();
        const sweeps = (async () => {
          for (let i = 0; i < 5; i++) {
            await expireTrophies(knex, new Date()).catch((e: Error) => errors.push(e.message));
            await resetTrophyPools(knex, new Date()).catch((e: Error) => errors.push(e.message));
          }
        })();
        const outcomes = await Promise.all(
          games.map((game_id) =>
            attempt(knex, (trx) => confirmResult(trx, { game_id, actor: actor(holder), now: at }), errors),
          ),
        );
        await sweeps;
        racing = false;
        await sampler;
        if (count(outcomes, 'ok') !== games.length) {
          violations.push(`round ${round + 1}: ${count(outcomes, 'ok')} of ${games.length} results made final`);
        }
        const after = await trophyInvariant(knex);
        if (after.length > 0) violations.push(`round ${round + 1}, after: ${after.join(', ')}`);
        const moves = (await knex('trophy_moves')
          .where('trophy_id', trophy.id)
          .whereIn('game_id', games)
          .whereIn('kind', ['pass', 'return'])
          .select('kind', 'to_user_id')) as { kind: string; to_user_id: number | null }[];
        const now_ = await knex('trophies').where('id', trophy.id).first('state', 'holder_user_id');
        if (moves.length !== 1 || moves[0]!.kind !== 'pass' || Number(now_!.holder_user_id) !== moves[0]!.to_user_id) {
          violations.push(
            `round ${round + 1}: trophy ${trophy.id} moved ${JSON.stringify(moves)}, now ${JSON.stringify(now_)}`,
          );
          break;
        }
        passes++;
        holder = moves[0]!.to_user_id!;
      }
      figures['trophy challengers'] =
        `${size.trophyRounds} rounds × ${size.challengers} challengers: ${passes} passes of the defended trophy, ` +
        `${samples} invariant samples mid-race (${sampledViolations} broken)`;
      log(String(figures['trophy challengers']));
    }

    for (const error of errors.slice(0, 20)) violations.push(`unexpected error: ${error}`);
    figures['unexpected errors'] = errors.length;
    return { figures, violations };
  } finally {
    await db.drop();
  }
}

export const suite: Suite = {
  name: 'races',
  description:
    'concurrent accepts, accept against timeout, double submissions and trophy challengers, settled in MariaDB',
  run,
};
