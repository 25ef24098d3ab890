import type { Knex } from 'knex';
import { ELO_START, rateGame, type GameElo } from '@ecup/domain';
import type { Game } from '../models/Game.ts';
import { liveRatingsSeasonId } from './live-ratings.ts';

/** Where a replay starts: a final game, in the order games became final (`final_at`, then id). */
export interface ReplayStart {
  final_at: Date;
  id: number;
}

/** A player's rating as stored and as the replay leaves it. */
export interface ReplayedPlayer {
  stored_elo: number;
  stored_games: number;
  elo: number;
  games: number;
}

/** A final game whose stored before/after the replay changed, with the games played K read for each player. */
export interface ReplayedGame {
  id: number;
  score_1: number;
  score_2: number;
  elo: GameElo;
  games_1: number;
  games_2: number;
}

export interface EloReplayPlan {
  /** Final games replayed. */
  games: number;
  /** Of those, the ones whose stored before/after differs from the replay. */
  changed: ReplayedGame[];
  /** Every player the replay covers (every user when it starts from the first game), by id. */
  players: Map<number, ReplayedPlayer>;
}

const GAME_COLUMNS = [
  'id',
  'user_1_id',
  'user_2_id',
  'score_1',
  'score_2',
  'elo_1_before',
  'elo_2_before',
  'elo_1_after',
  'elo_2_after',
] as const;

/** A final game as the replay reads it. */
type ReplayRow = Pick<Game, (typeof GAME_COLUMNS)[number]>;

/** The final games at or after `from` (every final game when null), of the live ratings' season when there is one. */
function finalsFrom(trx: Knex, from: ReplayStart | null, season: number | null) {
  const query = trx('games').where('state', 'final');
  if (season !== null) query.where('season_id', season);
  if (from) {
    query.where((q) =>
      q
        .where('final_at', '>', from.final_at)
        .orWhere((same) => same.where('final_at', from.final_at).where('id', '>=', from.id)),
    );
  }
  return query;
}

/**
 * Each player's rating just before `from`: the rating after their last final game of the live ratings' season
 * before it and the number of those games (every season starts at 1000); 1000 and none for a player without.
 */
async function ratingsBefore(
  trx: Knex,
  from: ReplayStart,
  ids: number[],
  season: number | null,
): Promise<Map<number, { elo: number; games: number }>> {
  const before = (q: Knex.QueryBuilder) =>
    (season === null ? q : q.where('season_id', season))
      .where('state', 'final')
      .where((w) =>
        w
          .where('final_at', '<', from.final_at)
          .orWhere((same) => same.where('final_at', from.final_at).where('id', '<', from.id)),
      );
  const answer = new Map<number, { elo: number; games: number }>();
  for (const id of ids) {
    const mine = (q: Knex.QueryBuilder) => q.where((w) => w.where('user_1_id', id).orWhere('user_2_id', id));
    const last = (await mine(before(trx('games')))
      .orderBy([
        { column: 'final_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('user_1_id', 'elo_1_after', 'elo_2_after')) as
      Pick<Game, 'user_1_id' | 'elo_1_after' | 'elo_2_after'> | undefined;
    const [count]: { n: number }[] = await mine(before(trx('games'))).count({ n: '*' });
    answer.set(id, {
      elo: last ? (last.user_1_id === id ? last.elo_1_after : last.elo_2_after)! : ELO_START,
      games: count?.n ?? 0,
    });
  }
  return answer;
}

/**
 * The Elo replay ("replay every final game in order and rebuild all ratings; the result must equal the
 * incremental ratings"), shared by `elo:rebuild` and the worker's `elo-recalculate` job: rates the final games from
 * `from` on (every one when null) in the order they became final, each with its current score, with `rateGame`
 * from both players' ratings and games played as they stand before it, exactly as `applyFinalResult` rates a new
 * final. Locks the rows of every player it covers, in id order as results lock them, before it reads the games, and
 * reads them again when a game finalised meanwhile brought a player it had not locked. Writes nothing.
 */
export async function planEloReplay(
  trx: Knex,
  input: {
    from: ReplayStart | null;
    through_season_id?: number;
    lock: boolean;
    /** Counts the games as they are rated (the CLI draws a progress bar). */
    progress?: { start(total: number): void; step(): void };
  },
): Promise<EloReplayPlan> {
  const locked = new Set<number>();
  const stored = new Map<number, { elo: number; games: number }>();
  const lockUsers = async (ids: number[] | null) => {
    const query = trx('users').orderBy('id').select('id', 'elo', 'games_played');
    if (ids) query.whereIn('id', ids);
    const rows = await (input.lock ? query.forUpdate() : query);
    for (const row of rows) {
      locked.add(row.id);
      stored.set(row.id, { elo: row.elo, games: row.games_played });
    }
  };
  if (!input.from) await lockUsers(null);
  // The rating columns belong to one season: a replay rates that season's games from 1000.
  const season = await liveRatingsSeasonId(trx);
  let rows: ReplayRow[] = [];
  for (;;) {
    const query = finalsFrom(trx, input.from, season);
    if (input.through_season_id !== undefined) query.where('season_id', '<=', input.through_season_id);
    rows = await query
      .orderBy([
        { column: 'final_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .select(...GAME_COLUMNS);
    const missing = [
      ...new Set(rows.flatMap((row) => [row.user_1_id, row.user_2_id]).filter((id) => !locked.has(id))),
    ].sort((a, b) => a - b);
    if (missing.length === 0) break;
    await lockUsers(missing);
  }

  const start = input.from
    ? await ratingsBefore(trx, input.from, [...locked], season)
    : new Map<number, { elo: number; games: number }>();
  const current = new Map([...locked].map((id) => [id, { ...(start.get(id) ?? { elo: ELO_START, games: 0 }) }]));
  const changed: ReplayedGame[] = [];
  input.progress?.start(rows.length);
  for (const row of rows) {
    input.progress?.step();
    const one = row.user_1_id;
    const two = row.user_2_id;
    const p1 = current.get(one)!;
    const p2 = current.get(two)!;
    // A final game has its score.
    const score_1 = row.score_1!;
    const score_2 = row.score_2!;
    const rated = rateGame({ elo_1: p1.elo, games_1: p1.games, elo_2: p2.elo, games_2: p2.games, score_1, score_2 });
    const elo: GameElo = {
      elo_1_before: p1.elo,
      elo_2_before: p2.elo,
      elo_1_after: rated.elo_1,
      elo_2_after: rated.elo_2,
    };
    if ((Object.keys(elo) as (keyof GameElo)[]).some((key) => row[key] !== elo[key])) {
      changed.push({ id: row.id, score_1, score_2, elo, games_1: p1.games, games_2: p2.games });
    }
    current.set(one, { elo: rated.elo_1, games: p1.games + 1 });
    current.set(two, { elo: rated.elo_2, games: p2.games + 1 });
  }
  const players = new Map<number, ReplayedPlayer>();
  for (const id of locked) {
    const s = stored.get(id)!;
    const r = current.get(id)!;
    players.set(id, { stored_elo: s.elo, stored_games: s.games, elo: r.elo, games: r.games });
  }
  return { games: rows.length, changed, players };
}
