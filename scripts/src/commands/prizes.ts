import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Option } from 'commander';
import { toCsv } from '@ecup/domain';
import { PRIZE_CSV_COLUMNS, findOperatorSeason, prizeExport, type PrizeExport } from '@ecup/db';
import { parse } from '../cli/program.ts';
import { CliError } from '../cli/runtime.ts';
import type { RegisterCommands } from './index.ts';

const JSON_FILE = 'prizes.json';

/** Makes sure `--out` is a folder we can write in (created when missing), before anything is read. */
async function prepareOut(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'it is not a folder'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'permission denied'
          : (error as Error).message;
    throw new CliError(`cannot write to ${dir}: ${why}.`);
  }
}

/** The files of one export: name and text. */
function files(result: PrizeExport, format: 'csv' | 'json'): [string, string][] {
  if (format === 'json') return [[JSON_FILE, `${JSON.stringify(result, null, 2)}\n`]];
  return [
    ['weekly-round-winners.csv', toCsv(PRIZE_CSV_COLUMNS.weekly_round_winners, result.weekly_round_winners)],
    ['trophy-hunt-winners.csv', toCsv(PRIZE_CSV_COLUMNS.trophy_hunt_winners, result.trophy_hunt_winners)],
    ['final-standings.csv', toCsv(PRIZE_CSV_COLUMNS.final_standings, result.final_standings)],
  ];
}

/** The stderr summary: what was listed, who is not eligible, and the one-win-per-tournament check. */
function summary(result: PrizeExport): string[] {
  const rows = [...result.weekly_round_winners, ...result.trophy_hunt_winners, ...result.final_standings];
  const notEligible = rows.filter((row) => !row.eligible).length;
  const lines = [
    `season ${result.season.id} (${result.season.name}): ${result.weekly_round_winners.length} weekly round winners, ` +
      `${result.trophy_hunt_winners.length} trophy-hunt rows, ${result.final_standings.length} finalists; ` +
      `${notEligible} not eligible.`,
  ];
  const repeats = result.trophy_repeats;
  lines.push(
    repeats.length === 0
      ? 'trophy hunt: nobody wins the prize twice (one win per tournament).'
      : `trophy hunt: ${repeats.length} repeat ${repeats.length === 1 ? 'winner' : 'winners'} flagged not eligible ` +
          `(one win per tournament): ${repeats
            .map((r) => `${r.username} (round ${r.round}, already won in round ${r.first_round})`)
            .join(', ')}.`,
  );
  return lines;
}

/** The `prizes:*` commands. */
export const registerPrizesCommands: RegisterCommands = (program, runtime) => {
  program
    .command('prizes:export')
    .description(
      'List the prize winners of a season (weekly round winners, trophy-hunt weekly winners, the 16 finalists) with ' +
        'contact details and eligibility (age, parental approval, one trophy-hunt win per tournament). Read-only.',
    )
    .option('--season <id>', 'the season (default: the current season)', parse.positiveInt)
    .addOption(
      new Option('--format <format>', 'csv (three files) or json (one document)')
        .choices(['csv', 'json'])
        .default('csv'),
    )
    .option('--out <dir>', 'write the files into this folder (created when missing) instead of printing them')
    .action(async (options: { season?: number; format: 'csv' | 'json'; out?: string }) => {
      if (options.out !== undefined) await prepareOut(options.out);
      const result = await runtime.withDatabase(async (knex) => {
        const season = await findOperatorSeason(knex, options.season);
        if (!season) {
          throw new CliError(
            options.season === undefined
              ? 'there is no current season; name one with --season <id>.'
              : `season ${options.season} does not exist.`,
          );
        }
        return prizeExport(knex, season, runtime.io.now());
      });
      const output = files(result, options.format);
      if (options.out === undefined) {
        if (options.format === 'json') runtime.io.stdout(output[0]![1]);
        else runtime.io.stdout(output.map(([name, text]) => `# ${name}\r\n${text}`).join('\r\n'));
      } else {
        for (const [name, text] of output) {
          const path = join(options.out, name);
          try {
            await writeFile(path, text);
          } catch (error) {
            throw new CliError(`cannot write ${path}: ${(error as Error).message}.`);
          }
          runtime.print(`wrote ${path}`);
        }
      }
      for (const line of summary(result)) runtime.io.stderr(`${line}\n`);
    });
};
