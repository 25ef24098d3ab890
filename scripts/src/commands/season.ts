import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import {
  createSeason,
  findCurrentSeason,
  findSeason,
  seasonFieldsOf,
  seasonJson,
  updateSeason,
  type SeasonRecord,
  type RatingsSwitch,
} from '@ecup/db';
import {
  applySeasonInput,
  describeWindow,
  formatDateTime,
  formatWeekMinute,
  type SeasonFields,
  type SeasonInput,
  type SeasonInputKey,
} from '@ecup/domain';
import { parse } from '../cli/program.ts';
import { CliError, type CliRuntime } from '../cli/runtime.ts';
import type { RegisterCommands } from './index.ts';

/** The option behind each season input, so an error names what the operator typed. */
const OPTION_OF: Record<SeasonInputKey, string> = {
  name: '--name',
  product_name: '--product-name',
  qualifiers_start: '--qualifiers-start',
  qualifiers_end: '--qualifiers-end',
  time_zone: '--time-zone',
  window_opens: '--window-opens',
  window_closes: '--window-closes',
  finals_date: '--finals-date',
  trophy_hunt_end: '--trophy-hunt-end',
  prizes_text: '--prizes',
  max_games_per_week: '--max-games-per-week',
  start_countdown_at: '--countdown-at',
  chat_mode: '--chat-mode',
};
const label = (key: SeasonInputKey) => OPTION_OF[key];

const FIELD_TITLES: Record<keyof SeasonFields | 'active', string> = {
  name: 'Name',
  product_name: 'Product name',
  qualifiers_start: 'Qualifiers start',
  qualifiers_end: 'Qualifiers end',
  time_zone: 'Time zone',
  window_start_minute: 'Window opens',
  window_end_minute: 'Window closes',
  finals_date: 'Finals',
  trophy_hunt_end: 'Trophy hunt end',
  prizes_text: 'Prizes',
  max_games_per_week: 'Max games/week',
  start_countdown_at: 'Countdown to',
  chat_mode: 'Chat with minors',
  active: 'Active',
};

interface SeasonOptions {
  name?: string;
  productName?: string;
  qualifiersStart?: string;
  qualifiersEnd?: string;
  timeZone?: string;
  windowOpens?: string;
  windowCloses?: string;
  finalsDate?: string;
  trophyHuntEnd?: string;
  prizes?: string;
  prizesFile?: string;
  maxGamesPerWeek?: string;
  countdownAt?: string;
  chatMode?: string;
  dryRun?: boolean;
}

/** Adds the options that set season fields (shared by create and update). */
function fieldOptions(command: Command, create: boolean): Command {
  const dflt = (text: string) => (create ? ` (default ${text})` : '');
  return command
    .option('--name <text>', 'season name, e.g. "eCup 2021"')
    .option('--product-name <text>', `product name shown to players${dflt('eCup')}`)
    .option('--qualifiers-start <date>', 'first instant of the qualifiers (ISO 8601; without a zone: season time)')
    .option('--qualifiers-end <date>', 'end of the qualifiers, exclusive (ISO 8601; without a zone: season time)')
    .option('--time-zone <zone>', `IANA time zone of the weekly window${dflt('Europe/Stockholm')}`)
    .option('--window-opens <when>', `weekly opening, weekday and time${dflt('"Mon 00:00"')}`)
    .option('--window-closes <when>', `weekly closing, weekday and time${dflt('"Sat 00:00"')}`)
    .option('--finals-date <date>', `date of the finals, or "none"${dflt('none')}`)
    .option('--trophy-hunt-end <date>', `end of the trophy hunt${dflt('the qualifiers end')}`)
    .option('--prizes <text>', `prizes text shown in the terms${dflt('empty')}`)
    .option('--prizes-file <path>', 'read the prizes text from a UTF-8 file instead')
    .option('--max-games-per-week <n>', `weekly game cap per player${dflt('30')}`)
    .option(
      '--countdown-at <date>',
      `instant the start button counts down to, or "none"${dflt('the qualifiers start')}`,
    )
    .option(
      '--chat-mode <mode>',
      `game chat between an adult and a minor: presets (quick messages only), filtered (free text, contact ` +
        `details and swearing masked) or off${dflt('presets')}`,
    )
    .option('--dry-run', 'print what would be written and write nothing');
}

async function inputOf(options: SeasonOptions): Promise<SeasonInput> {
  if (options.prizes !== undefined && options.prizesFile !== undefined) {
    throw new CliError('give --prizes or --prizes-file, not both.');
  }
  let prizes = options.prizes;
  if (options.prizesFile !== undefined) {
    try {
      prizes = await readFile(options.prizesFile, 'utf8');
    } catch (error) {
      throw new CliError(
        `--prizes-file: cannot read ${options.prizesFile} (${(error as NodeJS.ErrnoException).code}).`,
      );
    }
  }
  const input: SeasonInput = {
    name: options.name,
    product_name: options.productName,
    qualifiers_start: options.qualifiersStart,
    qualifiers_end: options.qualifiersEnd,
    time_zone: options.timeZone,
    window_opens: options.windowOpens,
    window_closes: options.windowCloses,
    finals_date: options.finalsDate,
    trophy_hunt_end: options.trophyHuntEnd,
    prizes_text: prizes,
    max_games_per_week: options.maxGamesPerWeek,
    start_countdown_at: options.countdownAt,
    chat_mode: options.chatMode,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as SeasonInput;
}

function fieldsOrFail(base: SeasonFields | null, input: SeasonInput): SeasonFields {
  const applied = applySeasonInput(base, input, label);
  if (!applied.ok) throw new CliError(applied.error);
  return applied.value;
}

/** An instant in UTC and in the season's zone: '24 Nov 2019, 23:00 UTC (25 Nov 2019, 00:00 CET)'. */
function when(instant: Date | null, zone: string): string {
  if (!instant) return 'none';
  return `${formatDateTime(instant, 'UTC')} (${formatDateTime(instant, zone)})`;
}

function valueText(key: keyof SeasonFields | 'active', season: SeasonFields & { active: boolean }): string {
  const value = season[key];
  if (value instanceof Date || value === null) return when(value, season.time_zone);
  if (key === 'window_start_minute' || key === 'window_end_minute') return formatWeekMinute(value as number);
  if (key === 'active') return value ? 'yes' : 'no';
  if (key === 'prizes_text') return value === '' ? '(none)' : JSON.stringify(value);
  return String(value);
}

/** The season as `season:show` prints it. */
function seasonLines(
  season: SeasonFields & { id: number | null; active: boolean },
  currentId: number | null,
): string[] {
  const pad = (title: string) => `${title}:`.padEnd(18);
  const status = season.active
    ? season.id === currentId || season.id === null
      ? 'yes, the current season'
      : 'yes'
    : 'no';
  const lines = [
    `Season ${season.id ?? '(new)'}: ${season.name}`,
    `${pad('Product name')}${season.product_name}`,
    `${pad('Active')}${status}`,
    `${pad('Time zone')}${season.time_zone}`,
    `${pad('Qualifiers start')}${when(season.qualifiers_start, season.time_zone)}`,
    `${pad('Qualifiers end')}${when(season.qualifiers_end, season.time_zone)}`,
    `${pad('Weekly window')}${describeWindow(season.window_start_minute, season.window_end_minute)} ${season.time_zone}`,
    `${pad('Finals')}${when(season.finals_date, season.time_zone)}`,
    `${pad('Trophy hunt end')}${when(season.trophy_hunt_end, season.time_zone)}`,
    `${pad('Countdown to')}${when(season.start_countdown_at, season.time_zone)}`,
    `${pad('Max games/week')}${season.max_games_per_week}`,
    `${pad('Chat with minors')}${season.chat_mode}`,
    `${pad('Prizes')}${season.prizes_text === '' ? '(none)' : ''}`,
  ];
  if (season.prizes_text !== '') lines.push(...season.prizes_text.split('\n').map((line) => `  ${line}`));
  return lines;
}

async function seasonOrFail(knex: Parameters<typeof findSeason>[0], id: number | undefined): Promise<SeasonRecord> {
  if (id !== undefined) {
    const season = await findSeason(knex, id);
    if (!season) throw new CliError(`no season with id ${id}.`);
    return season;
  }
  const current = await findCurrentSeason(knex);
  if (!current) throw new CliError('there is no current season: create one with season:create.');
  return current;
}

const NOTE_CACHE = 'Running API processes pick the change up within 5 seconds.';

function registerCreate(program: Command, runtime: CliRuntime): void {
  const command = program
    .command('season:create')
    .description(
      'Create a season (docs/decisions.md#season-and-time). It becomes the current season (the newest active one) and every other ' +
        'season stops being active, unless --inactive. Dates without a zone are read in the season time zone.',
    );
  fieldOptions(command, true)
    .option('--inactive', 'create it without making it the current season')
    .addHelpText(
      'after',
      `
Required: --name, --qualifiers-start, --qualifiers-end. Dates are ISO 8601: 2020-11-23 (00:00 season time),
2020-11-23T18:00 (season time) or 2020-11-23T17:00:00Z / +01:00 (that instant). Weekly times are a weekday and a
time ("Mon 00:00", "Saturday 18:30") or minutes since Monday 00:00; "Mon 00:00" to "Mon 00:00" is the whole week.

Examples:
  $ npm run cli -- season:create --name "eCup 2021" --qualifiers-start 2020-11-23 --qualifiers-end 2020-12-21 \\
      --finals-date 2021-01-09 --prizes-file prizes.txt
  $ npm run cli -- season:create --name "Autumn cup" --qualifiers-start 2021-09-06 --qualifiers-end 2021-10-04 \\
      --window-opens "Mon 18:00" --window-closes "Fri 22:00" --time-zone Europe/Oslo --max-games-per-week 20 --dry-run`,
    )
    .action(async (options: SeasonOptions & { inactive?: boolean }) => {
      const input = await inputOf(options);
      const fields = fieldsOrFail(null, input);
      await runtime.withDatabase(async (knex) => {
        const now = runtime.io.now();
        const result = await runtime.runCommand(knex, (trx) =>
          createSeason(trx, { fields, active: !options.inactive, now, dry_run: options.dryRun, label }),
        );
        const { season, deactivated } = result;
        const others = deactivated.length > 0 ? `; season ${deactivated.join(', ')} stops being active` : '';
        const role = season.active ? `the current season${others}` : 'not active, so not the current season';
        if (options.dryRun) {
          runtime.print(`Dry run: would create season "${season.name}" (${role}). Nothing was written.`);
        } else {
          runtime.print(`Created season ${season.id} "${season.name}" (${role}).`);
        }
        for (const line of seasonLines(season, season.active ? season.id : null)) runtime.print(line);
        if (result.ratings) for (const line of ratingsLines(result.ratings)) runtime.print(line);
        if (!options.dryRun) runtime.print(NOTE_CACHE);
      });
    });
}

/** What a season switch did to the ratings (ratings belong to a season). */
function ratingsLines(ratings: RatingsSwitch): string[] {
  const lines: string[] = [];
  if (ratings.archived_season_id !== null) {
    lines.push(
      `  Season ${ratings.archived_season_id}'s final standings were kept (${ratings.archived_players} players); ` +
        'every player starts this season at 1000.',
    );
  }
  if (ratings.restored_players > 0) {
    lines.push(`  ${ratings.restored_players} players got this season's kept ratings back.`);
  }
  return lines;
}

function registerUpdate(program: Command, runtime: CliRuntime): void {
  const command = program
    .command('season:update')
    .argument('[id]', 'season id (default: the current season)', parse.positiveInt)
    .description(
      'Change a season (docs/decisions.md#season-and-time): only the given options change, and the result is checked as a whole. ' +
        '--activate makes it the current season; --deactivate takes it out of play.',
    );
  fieldOptions(command, false)
    .option('--activate', 'make it the current season (every other season stops being active)')
    .option('--deactivate', 'take it out of play (no current season unless another is activated)')
    .addHelpText(
      'after',
      `
Dates without a zone are read in the season's time zone (the new one when --time-zone is given); stored dates
keep their instant when only the zone changes.

Examples:
  $ npm run cli -- season:update --max-games-per-week 25
  $ npm run cli -- season:update --chat-mode filtered
  $ npm run cli -- season:update 3 --qualifiers-end 2020-12-28 --trophy-hunt-end 2020-12-28 --dry-run
  $ npm run cli -- season:update --window-opens "Mon 00:00" --window-closes "Mon 00:00"   # the whole week
  $ npm run cli -- season:update 2 --activate`,
    )
    .action(async (id: number | undefined, options: SeasonOptions & { activate?: boolean; deactivate?: boolean }) => {
      if (options.activate && options.deactivate) throw new CliError('give --activate or --deactivate, not both.');
      const input = await inputOf(options);
      await runtime.withDatabase(async (knex) => {
        const active = options.activate ? true : options.deactivate ? false : undefined;
        const now = runtime.io.now();
        const result = await runtime.runCommand(knex, async (trx) => {
          const season = await seasonOrFail(trx, id);
          const fields = fieldsOrFail(seasonFieldsOf(season), input);
          return updateSeason(trx, { id: season.id, fields, active, now, dry_run: options.dryRun, label });
        });
        const { before, after, changed, deactivated } = result;
        if (changed.length === 0 && deactivated.length === 0) {
          runtime.print(`Season ${before.id} "${before.name}": nothing to change.`);
          return;
        }
        runtime.print(`${options.dryRun ? 'Dry run: would change' : 'Changed'} season ${before.id} "${before.name}":`);
        for (const key of changed) {
          runtime.print(`  ${FIELD_TITLES[key]}: ${valueText(key, before)} -> ${valueText(key, after)}`);
        }
        if (deactivated.length > 0) {
          runtime.print(
            `  Season ${deactivated.join(', ')} ${options.dryRun ? 'would stop' : 'stopped'} being active.`,
          );
        }
        if (result.ratings) for (const line of ratingsLines(result.ratings)) runtime.print(line);
        if (changed.includes('active') && !after.active) {
          runtime.print('  Note: with no active season, nobody can queue until one is activated.');
        }
        runtime.print(options.dryRun ? 'Nothing was written.' : NOTE_CACHE);
      });
    });
}

function registerShow(program: Command, runtime: CliRuntime): void {
  program
    .command('season:show')
    .argument('[id]', 'season id (default: the current season)', parse.positiveInt)
    .description(
      'Print a season: its dates in UTC and in the season time zone, the weekly window, prizes, product name and ' +
        'weekly game cap. The current season is the newest active one, as the API and matchmaking pick it.',
    )
    .option('--json', 'print one JSON object (dates as ISO 8601 UTC, window in minutes since Monday 00:00)')
    .addHelpText(
      'after',
      `
Examples:
  $ npm run cli -- season:show
  $ npm run cli -- season:show 2
  $ npm run cli -- season:show --json | jq .qualifiers_end`,
    )
    .action(async (id: number | undefined, options: { json?: boolean }) => {
      await runtime.withDatabase(async (knex) => {
        const season = await seasonOrFail(knex, id);
        const current = await findCurrentSeason(knex);
        const isCurrent = current?.id === season.id;
        if (options.json) {
          runtime.print(
            JSON.stringify({
              ...seasonJson(season),
              window_opens: formatWeekMinute(season.window_start_minute),
              window_closes: formatWeekMinute(season.window_end_minute),
              current: isCurrent,
            }),
          );
          return;
        }
        for (const line of seasonLines(season, current?.id ?? null)) runtime.print(line);
      });
    });
}

/** The `season:*` commands (docs/decisions.md#season-and-time: operators create and edit the season with `scripts`). */
export const registerSeasonCommands: RegisterCommands = (program, runtime) => {
  registerCreate(program, runtime);
  registerUpdate(program, runtime);
  registerShow(program, runtime);
};
