import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { ConfigError } from '@ecup/db';
import { COMMAND_GROUPS } from '../commands/index.ts';
import { CliError, createRuntime, type CliIo } from './runtime.ts';

/**
 * The operator CLI (`npm run cli -- <command>`): one program, one file per command group under `commands/`, each a
 * thin wrapper over `db` commands. Runs in-process so tests can call it with their own environment and streams.
 * Returns the exit code: 0 done, 1 refused (the reason on stderr as `error: …`), 2 bad usage.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const runtime = createRuntime(io);
  const program = new Command('ecup')
    .description('eCup operator commands. `<command> --help` explains each.')
    .exitOverride()
    .showHelpAfterError('(add --help for the usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .helpCommand(true);
  for (const register of COMMAND_GROUPS) register(program, runtime);
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
    command.showHelpAfterError('(add --help for the usage)');
  }
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end with exit code 0; every usage error has already been printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof CliError) {
      io.stderr(`error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.stderr(`error: ${error.message}\n`);
      return 1;
    }
    io.stderr(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

/** Option parsers that refuse bad values with a clear message (commander prints it and exits 2). */
export const parse = {
  positiveInt(value: string): number {
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new InvalidArgumentError('must be a whole number of 1 or more.');
    return Number(value);
  },
  nonNegativeInt(value: string): number {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of 0 or more.');
    return Number(value);
  },
};
