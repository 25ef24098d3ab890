import type { Knex } from 'knex';
import { ELO_START, replayEloEvents, type EloEvent, type GameElo } from '@ecup/domain';
import { CommandRejected } from '../types.ts';

/** A player whose stored rating is not what the replay gives. */
export interface EloDifference {
  user_id: number;
  username: string;
  stored_elo: number;
  rebuilt_elo: number;
  stored_games: number;
  rebuilt_games: number;
}

export interface EloRebuildReport {
  season_id: number;
  /** Rating events replayed: finals (with the ones from before the Elo history) and edits. */
  events: number;
  edits: number;
  /** Final games replayed at their `final_at` because they have no history row (made before it existed, or seeded). */
  untracked_games: number;
  /** Players compared (every user). */
  players: number;
  differences: EloDifference[];
  /** Final games whose stored before/after is not what the replay gives. */
  game_differences: number;
  /** Whether the rebuilt values were written (false for a dry run, or when nothing differed). */
  written: boolean;
}

/** Counts the replay reports as it goes (the CLI draws a progress bar). */
export interface ReplayProgress {
  start(total: number): void;
  step(): void;
}

/** One row of the Elo history, as the replay reads it. */
export interface HistoryRow {
  id: number;
  game_id: number;
  kind: 'final' | 'edit';
  score_1: number;
  score_2: number;
  previous_score_1: number | null;
  previous_score_2: number | null;
  created_ms: number;
}

/** One final game, as the replay reads it. */
export interface FinalGameRow {
  id: number;
  season_id: number;
  user_1_id: number;
  user_2_id: number;
  score_1: number;
  score_2: number;
  final_ms: number;
  stored: GameElo;
}

/**
 * The rating events to replay, in the order they were applied (docs/rules.md "Elo rebuild"): the Elo history in id
 * order; a final game with no `final` row in the history (made final before the history existed, or seeded) is
 * replayed at its `final_at`, before the first history row written after it (games at the same moment in id order),
 * with the score it had then: the score its first edit replaced, or its score now when it was never edited.
 */
export function eloEventsInOrder(history: readonly HistoryRow[], games: readonly FinalGameRow[]): EloEvent[] {
  const byId = new Map(games.map((game) => [game.id, game]));
  const tracked = new Set(history.filter((row) => row.kind === 'final').map((row) => row.game_id));
  const firstEdit = new Map<number, HistoryRow>();
  for (const row of history) if (row.kind === 'edit' && !firstEdit.has(row.game_id)) firstEdit.set(row.game_id, row);
  const untracked = games
    .filter((game) => !tracked.has(game.id))
    .sort((a, b) => a.final_ms - b.final_ms || a.id - b.id);
  const events: EloEvent[] = [];
  const emitted = new Set<number>();
  const emitUntracked = (game: FinalGameRow) => {
    if (emitted.has(game.id)) return;
    emitted.add(game.id);
    const edit = firstEdit.get(game.id);
    events.push({
      kind: 'final',
      game_id: game.id,
      user_1: game.user_1_id,
      user_2: game.user_2_id,
      score_1: edit?.previous_score_1 ?? game.score_1,
      score_2: edit?.previous_score_2 ?? game.score_2,
    });
  };
  let next = 0;
  for (const row of history) {
    const game = byId.get(row.game_id);
    if (!game) continue;
    while (next < untracked.length && untracked[next]!.final_ms <= row.created_ms) emitUntracked(untracked[next++]!);
    // An edit of an untracked game comes after its final, whatever the clocks say.
    if (row.kind === 'edit' && !tracked.has(game.id)) emitUntracked(game);
    events.push({
      kind: row.kind,
      game_id: game.id,
      user_1: game.user_1_id,
      user_2: game.user_2_id,
      score_1: row.score_1,
      score_2: row.score_2,
    });
  }
  while (next < untracked.length) emitUntracked(untracked[next++]!);
  return events;
}

/**
 * `elo:rebuild` (decisions §6: "replay every final game of a season in order and rebuild all ratings; the result
 * must equal the incremental ratings"): replays the rating history from 1000 (`replayEloEvents`, exactly as
 * `applyFinalResult` and `replaceFinalResult` applied it) and compares every player's stored Elo and final games
 * played, and every final game's stored before/after, with the replay. Ratings live on the player and carry from
 * one season into the next, so the replay covers the season and every earlier one; a season with final games in a
 * later season is refused (its rebuild would undo the later games). Without `dry_run` the rebuilt values of what
 * differs are written in one transaction that holds every player's row, so no result becomes final meanwhile.
 */
export async function rebuildElo(
  knex: Knex,
  input: { season_id: number; dry_run: boolean; progress?: ReplayProgress },
): Promise<EloRebuildReport> {
  return knex.transaction(async (trx) => {
    const later = (await trx('games')
      .where('state', 'final')
      .where('season_id', '>', input.season_id)
      .min({ season_id: 'season_id' })
      .first()) as { season_id: number | null } | undefined;
    if (later?.season_id != null) {
      throw new CommandRejected(
        'conflict',
        `season ${input.season_id} has later final games (season ${later.season_id}); ratings carry over, so rebuild season ${later.season_id}.`,
      );
    }
    // Every player's row, locked in id order (as results lock them) before the history is read.
    const userQuery = trx('users').orderBy('id').select('id', 'username', 'elo', 'games_played');
    const users = (await (input.dry_run ? userQuery : userQuery.forUpdate())) as Record<string, unknown>[];
    const gameRows = (await trx('games')
      .where('state', 'final')
      .where('season_id', '<=', input.season_id)
      .select(
        'id',
        'season_id',
        'user_1_id',
        'user_2_id',
        'score_1',
        'score_2',
        'final_at',
        'elo_1_before',
        'elo_2_before',
        'elo_1_after',
        'elo_2_after',
      )) as Record<string, unknown>[];
    const games: FinalGameRow[] = gameRows.map((row) => ({
      id: Number(row.id),
      season_id: Number(row.season_id),
      user_1_id: Number(row.user_1_id),
      user_2_id: Number(row.user_2_id),
      score_1: Number(row.score_1),
      score_2: Number(row.score_2),
      final_ms: new Date(row.final_at as Date).getTime(),
      stored: {
        elo_1_before: Number(row.elo_1_before),
        elo_2_before: Number(row.elo_2_before),
        elo_1_after: Number(row.elo_1_after),
        elo_2_after: Number(row.elo_2_after),
      },
    }));
    const historyRows = (await trx('elo_history as h')
      .join('games as g', 'g.id', 'h.game_id')
      .where('g.state', 'final')
      .where('g.season_id', '<=', input.season_id)
      .orderBy('h.id')
      .select(
        'h.id',
        'h.game_id',
        'h.kind',
        'h.score_1',
        'h.score_2',
        'h.previous_score_1',
        'h.previous_score_2',
        'h.created_at',
      )) as Record<string, unknown>[];
    const history: HistoryRow[] = historyRows.map((row) => ({
      id: Number(row.id),
      game_id: Number(row.game_id),
      kind: row.kind as HistoryRow['kind'],
      score_1: Number(row.score_1),
      score_2: Number(row.score_2),
      previous_score_1: row.previous_score_1 === null ? null : Number(row.previous_score_1),
      previous_score_2: row.previous_score_2 === null ? null : Number(row.previous_score_2),
      created_ms: new Date(row.created_at as Date).getTime(),
    }));

    const events = eloEventsInOrder(history, games);
    input.progress?.start(events.length);
    function* counted() {
      for (const event of events) {
        yield event;
        input.progress?.step();
      }
    }
    let replay: ReturnType<typeof replayEloEvents>;
    try {
      replay = replayEloEvents(counted());
    } catch (error) {
      throw new CommandRejected('conflict', `the Elo history cannot be replayed: ${(error as Error).message}.`);
    }

    const differences: EloDifference[] = [];
    for (const row of users) {
      const user_id = Number(row.id);
      const rebuilt = replay.ratings.get(user_id) ?? { elo: ELO_START, games: 0 };
      const stored_elo = Number(row.elo);
      const stored_games = Number(row.games_played);
      if (stored_elo !== rebuilt.elo || stored_games !== rebuilt.games) {
        differences.push({
          user_id,
          username: String(row.username),
          stored_elo,
          rebuilt_elo: rebuilt.elo,
          stored_games,
          rebuilt_games: rebuilt.games,
        });
      }
    }
    const gameFixes: { id: number; elo: GameElo }[] = [];
    for (const game of games) {
      const rebuilt = replay.games.get(game.id)!;
      const same = (Object.keys(rebuilt) as (keyof GameElo)[]).every((key) => rebuilt[key] === game.stored[key]);
      if (!same) gameFixes.push({ id: game.id, elo: rebuilt });
    }

    const write = !input.dry_run && (differences.length > 0 || gameFixes.length > 0);
    if (write) {
      for (const difference of differences) {
        await trx('users')
          .where('id', difference.user_id)
          .update({ elo: difference.rebuilt_elo, games_played: difference.rebuilt_games });
      }
      for (const fix of gameFixes) await trx('games').where('id', fix.id).update(fix.elo);
    }
    return {
      season_id: input.season_id,
      events: events.length,
      edits: events.filter((event) => event.kind === 'edit').length,
      untracked_games: games.length - new Set(history.filter((h) => h.kind === 'final').map((h) => h.game_id)).size,
      players: users.length,
      differences,
      game_differences: gameFixes.length,
      written: write,
    };
  });
}
