import { ConfigError, bindModels, checkServices, createKnex, loadConfig, migrateLatest } from '@ecup/db';
import { startApi } from './server.ts';

/** `npm run api`: an API process on its own, without a worker (scale-out, decisions §1). */
async function main() {
  const config = loadConfig();
  await checkServices(config);
  const knex = createKnex(config.database);
  bindModels(knex);
  await migrateLatest(knex);
  const api = await startApi({ config, knex });
  console.info(`eCup API listening on port ${config.port}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests…`);
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    await api.close();
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
