import type { Knex } from 'knex';

import { CommandRejected } from '../types.ts';

import { liveRatingsSeasonId } from '../../queries/live-ratings.ts';
import { planEloReplay } from '../../queries/elo-replay.ts';
import { writeEloReplay } from './elo-replay.ts';

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
  /** Final games replayed, of the season and every earlier one. */
  events: number;
  /** Moderators' edits of those games' results (each replayed as the score it set). */
  edits: number;
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

/**
 * `elo:rebuild` (docs/decisions.md#elo: "replay every final game of a season in order and rebuild all ratings; the result
 * must equal the incremental ratings"): replays every final game from 1000 in the order they became final, each
 * with its current score (`planEloReplay`, the worker's `elo-recalculate` job's code), and compares every player's
 * stored Elo and final games played, and every final game's stored before/after, with the replay. The ratings on
 * the player belong to one season (`live_ratings`), so only that season can be rebuilt and its replay
 * rates only its own games; a finished season (its ratings kept in `season_standings`) is refused. Without `dry_run`
 * what differs is written in one transaction that holds every player's row, so no result becomes final meanwhile.
 */
export async function rebuildElo(
  knex: Knex,
  input: { season_id: number; dry_run: boolean; now?: Date; progress?: ReplayProgress },
): Promise<EloRebuildReport> {
  // READ COMMITTED: the games are read after every player's row is locked, and must be the latest committed.
  return knex.transaction(
    async (trx) => {
      const live = await liveRatingsSeasonId(trx);
      if (live !== null && live !== input.season_id) {
        throw new CommandRejected('conflict', {
          operator: `season ${input.season_id} is not the season the ratings belong to (season ${live}); rebuild season ${live}.`,
        });
      }
      const later = (await trx('games')
        .where('state', 'final')
        .where('season_id', '>', input.season_id)
        .min({ season_id: 'season_id' })
        .first()) as { season_id: number | null } | undefined;
      if (later?.season_id != null) {
        throw new CommandRejected('conflict', {
          operator: `season ${input.season_id} has later final games (season ${later.season_id}); ratings carry over, so rebuild season ${later.season_id}.`,
        });
      }
      const plan = await planEloReplay(trx, {
        from: null,
        through_season_id: input.season_id,
        lock: !input.dry_run,
        progress: input.progress,
      });
      const [edits]: { n: number }[] = await trx('elo_history as h')
        .join('games as g', 'g.id', 'h.game_id')
        .where('h.kind', 'edit')
        .where('g.state', 'final')
        .where('g.season_id', '<=', input.season_id)
        .count({ n: '*' });
      const names = new Map((await trx('users').select('id', 'username')).map((row) => [row.id, row.username]));
      const differences: EloDifference[] = [];
      for (const [user_id, player] of [...plan.players].sort((a, b) => a[0] - b[0])) {
        if (player.elo === player.stored_elo && player.games === player.stored_games) continue;
        differences.push({
          user_id,
          username: names.get(user_id) ?? '',
          stored_elo: player.stored_elo,
          rebuilt_elo: player.elo,
          stored_games: player.stored_games,
          rebuilt_games: player.games,
        });
      }
      const write = !input.dry_run && (differences.length > 0 || plan.changed.length > 0);
      if (write) await writeEloReplay(trx, plan, input.now ?? new Date());
      return {
        season_id: input.season_id,
        events: plan.games,
        edits: edits?.n ?? 0,
        players: plan.players.size,
        differences,
        game_differences: plan.changed.length,
        written: write,
      };
    },
    { isolationLevel: 'read committed' },
  );
}
