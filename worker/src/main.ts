import { ConfigError, bindModels, checkServices, createKnex, loadConfig, migrateLatest } from '@ecup/db';
import { startWorker } from './server.ts';

/** `npm run worker`: a worker process on its own (scale-out, decisions §1). */
async function main() {
  const config = loadConfig();
  await checkServices(config);
  const knex = createKnex(config.database);
  bindModels(knex);
  await migrateLatest(knex);
  const worker = await startWorker({ config, knex });
  console.info('eCup worker running');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing running jobs…`);
    const timer = setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await worker.close();
    await knex.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
