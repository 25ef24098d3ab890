import { CommandRejected, listSettings, setSetting } from '@ecup/db';
import { CliError } from '../cli/runtime.ts';
import type { RegisterCommands } from './index.ts';

/** A number of milliseconds as people read it: "43200000 (12 hours)". */
function readable(ms: number): string {
  const units: [number, string][] = [
    [24 * 60 * 60 * 1000, 'day'],
    [60 * 60 * 1000, 'hour'],
    [60 * 1000, 'minute'],
    [1000, 'second'],
  ];
  const [size, name] = units.find(([unit]) => ms % unit === 0) ?? [1, 'millisecond'];
  const n = ms / size;
  return `${ms} (${n} ${name}${n === 1 ? '' : 's'})`;
}

/** The `settings:*` commands: the configuration table (the session limits of docs/decisions.md#minors-safety). */
export const registerSettingsCommands: RegisterCommands = (program, runtime) => {
  program
    .command('settings:list')
    .description('List the settings with the value in force (the default when a row is missing or not valid).')
    .action(async () => {
      const settings = await runtime.withDatabase((knex) => listSettings(knex));
      for (const setting of settings) {
        const note =
          setting.stored === null
            ? ' [default: no row]'
            : String(setting.value) !== setting.stored
              ? ` [default: stored '${setting.stored}' is not valid]`
              : setting.value === setting.default
                ? ' [default]'
                : ` [default ${readable(setting.default)}]`;
        runtime.print(`${setting.name} = ${readable(setting.value)}${note}`);
      }
    });

  program
    .command('settings:set')
    .description(
      'Set one setting: a session limit in milliseconds (e.g. console_session_idle_ms 43200000 for 12 hours). ' +
        'Running API processes and workers use it within a few seconds.',
    )
    .argument('<name>', 'the setting (see settings:list)')
    .argument('<value>', 'a whole number of milliseconds, 1 or more')
    .action(async (name: string, value: string) => {
      const changed = await runtime.withDatabase(async (knex) => {
        try {
          return await setSetting(knex, { name, value, now: runtime.io.now() });
        } catch (error) {
          if (error instanceof CommandRejected) throw new CliError(error.message);
          throw error;
        }
      });
      runtime.print(`${changed.name} = ${readable(changed.value)} (was ${readable(changed.before)}).`);
    });
};
