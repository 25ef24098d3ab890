import type { Command } from 'commander';
import { changeStaffFlags, resetTwoFactor, type Config } from '@ecup/db';
import { ENROLMENT_LINK_TTL_MINUTES, PERMISSIONS, PERMISSION_NAMES, describeFlags, parseFlags } from '@ecup/domain';
import { CliError, type CliRuntime } from '../cli/runtime.ts';
import type { RegisterCommands } from './index.ts';

const FLAG_LIST = [
  ...PERMISSION_NAMES.map((name) => `  ${name.padEnd(20)} ${PERMISSIONS[name]}`),
  `  ${'all'.padEnd(20)} 127`,
].join('\n');

/** The console's enrolment page for a one-time token (the token after `#`, so it reaches no server log). */
export function enrolmentUrl(config: Config, token: string): string {
  return `${config.publicUrl}/admin/enrol#token=${token}`;
}

const linkLine = (config: Config, token: string) =>
  `Enrolment link (valid ${ENROLMENT_LINK_TTL_MINUTES} minutes, once): ${enrolmentUrl(config, token)}`;

function registerFlagCommand(program: Command, runtime: CliRuntime, change: 'grant' | 'revoke'): void {
  const grant = change === 'grant';
  program
    .command(`admin:${change}`)
    .argument('<user>', 'username, or numeric user id')
    .argument('<flags...>', 'flag names (any case), numbers (a bit such as 32, or a total such as 127), or all')
    .description(
      grant
        ? 'Give a user permission flags (docs/product.md#roles, docs/decisions.md#permissions); flags they hold stay. This is how the first admin ' +
            'is made: grant "all" (127), and that user can then edit flags in the console.'
        : 'Take permission flags from a user (docs/product.md#roles, docs/decisions.md#permissions); the other flags stay.',
    )
    .option('--dry-run', 'print the flags before and after and write nothing')
    .addHelpText(
      'after',
      `
Flags (docs/product.md#roles):
${FLAG_LIST}
An all-digit <user> is a user id. The change is written to the audit log (action user.permissions,
no actor, source cli), as the console's changes are.${
        grant
          ? `
A user who then holds every flag must use two-factor sign-in (docs/decisions.md#permissions). Without it on, the
command prints a one-time console enrolment link (valid ${ENROLMENT_LINK_TTL_MINUTES} minutes, once; a newer link
spends older ones): give it to that person only. Signing in with the password alone says
"Ask an operator for an enrolment link."`
          : ''
      }

Examples:
${
  grant
    ? `  $ npm run cli -- admin:grant sara all                      # the first admin
  $ npm run cli -- admin:grant 42 canResolveConflicts canBanUsers
  $ npm run cli -- admin:grant mod_kim 34 --dry-run`
    : `  $ npm run cli -- admin:revoke mod_kim canbanusers
  $ npm run cli -- admin:revoke 42 all                      # back to a plain player`
}`,
    )
    .action(async (user: string, flags: string[], options: { dryRun?: boolean }) => {
      const parsed = parseFlags(flags.join(' '));
      if (!parsed.ok) throw new CliError(parsed.error);
      if (parsed.value === 0) {
        throw new CliError(`no permission flag given: name one or more of ${PERMISSION_NAMES.join(', ')}, or all.`);
      }
      await runtime.withDatabase(async (knex, config) => {
        const now = runtime.io.now();
        const result = await runtime.runCommand(knex, (trx) =>
          changeStaffFlags(trx, { user, bits: parsed.value, change, now, dry_run: options.dryRun }),
        );
        const who = `${result.user.username} (id ${result.user.id})`;
        runtime.print(`User ${who}`);
        runtime.print(`  before: ${describeFlags(result.before)}`);
        runtime.print(`  after:  ${describeFlags(result.after)}`);
        if (!result.changed) runtime.print(`Nothing to change: ${grant ? 'already held' : 'not held'}.`);
        else runtime.print(options.dryRun ? 'Dry run: nothing was written.' : 'Saved, and written to the audit log.');
        if (result.enrolment) runtime.print(linkLine(config, result.enrolment.token));
        if (result.full_admins === 0) {
          runtime.print('Note: no user holds every flag now, so nobody can edit flags in the console.');
        }
      });
    });
}

function registerResetTwoFactor(program: Command, runtime: CliRuntime): void {
  program
    .command('admin:reset-2fa')
    .argument('<user>', 'username, or numeric user id')
    .description(
      'A lost phone (docs/decisions.md#permissions): turn two-factor sign-in off for a user, forget their recovery codes, end their ' +
        'console sessions, and print a fresh one-time enrolment link.',
    )
    .addHelpText(
      'after',
      `
The user's player-app sessions stay. The link is valid ${ENROLMENT_LINK_TTL_MINUTES} minutes and works once; give it to
that person only. Written to the audit log (actions totp.reset and enrolment.link_issued, no actor,
source cli).

Example:
  $ npm run cli -- admin:reset-2fa sara`,
    )
    .action(async (user: string) => {
      await runtime.withDatabase(async (knex, config) => {
        const result = await runtime.runCommand(knex, (trx) => resetTwoFactor(trx, { user, now: runtime.io.now() }));
        runtime.print(`User ${result.user.username} (id ${result.user.id})`);
        runtime.print(result.was_enabled ? '  two-factor sign-in: turned off' : '  two-factor sign-in: was not on');
        runtime.print(`  console sessions ended: ${result.sessions_ended}`);
        runtime.print(linkLine(config, result.enrolment.token));
        runtime.print('Written to the audit log.');
      });
    });
}

/** The `admin:*` commands: staff permission flags and two-factor resets from the command line (docs/decisions.md#permissions). */
export const registerAdminCommands: RegisterCommands = (program, runtime) => {
  registerFlagCommand(program, runtime, 'grant');
  registerFlagCommand(program, runtime, 'revoke');
  registerResetTwoFactor(program, runtime);
};
