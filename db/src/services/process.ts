import type { Knex } from 'knex';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { bindModels, createKnex } from '../connection.ts';
import { migrateLatest } from '../migrate.ts';
import { demoPresent } from '../seed/remove-demo.ts';
import { checkServices } from './check.ts';

/**
 * The start of every process (API, worker, both): read the configuration, check MySQL and Redis (reachable and new
 * enough; `services` is the line naming their versions), create the database if needed and migrate it. Migrations
 * are safe when several processes start at once. With NODE_ENV=production a database holding the demo accounts
 * (their passwords are in the README) is refused.
 */
export async function openProcess(): Promise<{ config: Config; knex: Knex; migrations: string[]; services: string }> {
  const config = loadConfig();
  const services = await checkServices(config);
  const knex = createKnex(config.database);
  bindModels(knex);
  const migrations = await migrateLatest(knex);
  if (process.env.NODE_ENV === 'production' && (await demoPresent(knex))) {
    await knex.destroy();
    throw new ConfigError(
      'This database holds the demo accounts, whose passwords are in the README: remove them with `npm run cli -- demo:remove` before a production start.',
    );
  }
  return { config, knex, migrations, services };
}

/** Where shutdown lines go: the process's logger, or the console. */
interface LineLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Stops the process in order on SIGTERM or SIGINT (docs/conventions.md#shutdown): each step once, in turn (stop accepting and
 * finish in-flight work first, connections last), with a forced exit when it takes longer than the bound.
 */
export function stopOnSignals(
  steps: Array<() => Promise<unknown>>,
  options: { timeoutMs: number; what: string; log?: LineLog },
) {
  const log: LineLog = options.log ?? console;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing ${options.what}…`);
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, options.timeoutMs).unref();
    for (const step of steps) await step();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Runs a process's main function; a configuration problem is printed as its one line, anything else in full. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
