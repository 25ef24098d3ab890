import type { Knex } from 'knex';
import {
  CommandRejected,
  bindModels,
  checkDatabase,
  createKnex,
  executeCommand,
  loadConfig,
  migrateLatest,
  type CommandOutcome,
  type Config,
} from '@ecup/db';

/** Where a command writes and what it reads: the real process, or a test's in-memory streams and environment. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal: progress bars are drawn only then. */
  interactive: boolean;
  /** The moment commands act at (a parameter so tests can place a scripted season in time). */
  now: () => Date;
}

/** A refusal a command explains in one line: printed as `error: <message>`, exit code 1, nothing changed. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** What a command's action receives. */
export interface CliRuntime {
  io: CliIo;
  /**
   * Opens the database named by DATABASE_URL (created and migrated when needed, as every process does), runs
   * `work`, and closes the connection whatever happens.
   */
  withDatabase<T>(work: (knex: Knex, config: Config) => Promise<T>): Promise<T>;
  /**
   * Runs one command through the after-commit dispatcher; a refusal becomes the command's one-line error. The CLI
   * has no Redis: e-mails it stores are sent by the worker's reconciler, and it pushes nothing (clients re-read).
   */
  runCommand<T>(knex: Knex, command: (trx: Knex.Transaction) => Promise<CommandOutcome<T>>): Promise<T>;
  /** Prints one line to stdout. */
  print(line: string): void;
}

export function createRuntime(io: CliIo): CliRuntime {
  return {
    io,
    print: (line) => io.stdout(`${line}\n`),
    async runCommand(knex, command) {
      const log = (line: string) => io.stderr(`warning: ${line}\n`);
      try {
        return await executeCommand(knex, command, { log: { warn: log, error: log } });
      } catch (error) {
        if (error instanceof CommandRejected) throw new CliError(error.message);
        throw error;
      }
    },
    async withDatabase(work) {
      const config = loadConfig(io.env);
      await checkDatabase(config);
      const knex = createKnex(config.database);
      try {
        bindModels(knex);
        await migrateLatest(knex);
        return await work(knex, config);
      } finally {
        await knex.destroy();
      }
    },
  };
}
