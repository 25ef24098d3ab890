import { CommandRejected, findOperatorSeason, rebuildElo } from '@ecup/db';
import { parse } from '../cli/program.ts';
import { createProgress } from '../cli/progress.ts';
import { CliError } from '../cli/runtime.ts';
import type { RegisterCommands } from './index.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The `elo:*` commands. */
export const registerEloCommands: RegisterCommands = (program, runtime) => {
  program
    .command('elo:rebuild')
    .description(
      'Replay every final game of the season and the earlier ones (in the order they became final, with their ' +
        'current scores) from 1000, report every player whose stored Elo differs, and write the rebuilt ratings ' +
        '(one transaction).',
    )
    .option('--season <id>', 'the season (default: the current season)', parse.positiveInt)
    .option('--dry-run', 'only report; change nothing')
    .action(async (options: { season?: number; dryRun?: boolean }) => {
      const dryRun = options.dryRun === true;
      const report = await runtime.withDatabase(async (knex) => {
        const season = await findOperatorSeason(knex, options.season);
        if (!season) {
          throw new CliError(
            options.season === undefined
              ? 'there is no current season; name one with --season <id>.'
              : `season ${options.season} does not exist.`,
          );
        }
        const bar = createProgress(runtime.io);
        try {
          return await rebuildElo(knex, {
            season_id: season.id,
            dry_run: dryRun,
            progress: { start: (total) => bar.start(total, 'Replaying'), step: () => bar.increment() },
          });
        } catch (error) {
          if (error instanceof CommandRejected) throw new CliError(error.message);
          throw error;
        } finally {
          bar.stop();
        }
      });
      for (const d of report.differences) {
        runtime.print(
          `${d.username} (user ${d.user_id}): stored Elo ${d.stored_elo}, rebuilt ${d.rebuilt_elo}` +
            (d.stored_games === d.rebuilt_games ? '' : `; stored games ${d.stored_games}, rebuilt ${d.rebuilt_games}`),
        );
      }
      const what =
        `${plural(report.differences.length, 'player differs', 'players differ')}` +
        (report.game_differences === 0 ? '' : `, ${plural(report.game_differences, 'game differs', 'games differ')}`);
      const outcome =
        report.differences.length === 0 && report.game_differences === 0
          ? 'nothing to write.'
          : dryRun
            ? 'dry run: nothing written.'
            : 'rebuilt ratings written.';
      runtime.print(
        `season ${report.season_id}: replayed ${plural(report.events, 'final game', 'final games')} ` +
          `(${plural(report.edits, 'edit', 'edits')}) from 1000 over ${plural(report.players, 'player', 'players')}; ` +
          `${what}; ${outcome}`,
      );
    });
};
