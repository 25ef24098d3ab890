import {
  ConfigError,
  bindModels,
  checkServices,
  createDiskImageStore,
  createKnex,
  loadConfig,
  migrateLatest,
  seedBase,
  seedDemo,
  DEMO_ACCOUNTS,
} from '@ecup/db';
import { startApi } from '@ecup/api';
import { startWorker, type WorkerHandle } from '@ecup/worker';

/**
 * `npm start`: creates the database if needed, migrates, seeds the demo data into an empty database, and serves
 * the API, the player app and the console on one port with an in-process worker unless WORKER=off
 * (decisions §1).
 */
async function main() {
  const config = loadConfig();
  await checkServices(config);
  const knex = createKnex(config.database);
  bindModels(knex);
  const applied = await migrateLatest(knex);
  if (applied.length > 0) console.info(`database: applied ${applied.length} migrations`);
  const now = new Date();
  await seedBase(knex, { now });
  const images = createDiskImageStore(config.uploadDir);
  if (config.seedDemo) {
    const hasPlayers = await knex('users').first('id');
    if (!hasPlayers) {
      console.info('database is empty: adding the demo season, players, news and forum threads…');
      await seedDemo(knex, { now, store: images });
    }
  }
  const worker: WorkerHandle | null = config.worker ? await startWorker({ config, knex }) : null;
  const api = await startApi({ config, knex, images });
  console.info(`eCup is running on ${config.publicUrl} (API, player app at /, console at /admin/)`);
  console.info(`worker: ${worker ? 'in this process' : 'off (WORKER=off); run npm run worker'}`);
  console.info(`e-mails: ${config.smtpUrl ? 'sent by SMTP' : `written to ${config.mailOutbox}`}`);
  console.info(
    `demo logins: ${DEMO_ACCOUNTS.player.username} / ${DEMO_ACCOUNTS.player.password} (player), ` +
      `${DEMO_ACCOUNTS.admin.username} / ${DEMO_ACCOUNTS.admin.password} (admin)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests and jobs…`);
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    await api.close();
    await worker?.close();
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
