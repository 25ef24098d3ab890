import {
  DEMO_ACCOUNTS,
  createLogger,
  hasAnyUser,
  metricsNotice,
  openProcess,
  runMain,
  seedBase,
  seedDemo,
  stopOnSignals,
} from '@ecup/db';
import { createDiskImageStore } from '@ecup/storage';
import { createShiftableClock } from '@ecup/domain';
import { createMetricsRegistry, startApi } from '@ecup/api';
import { startWorker, type WorkerHandle } from '@ecup/worker';

/**
 * `npm start`: creates the database if needed, migrates, seeds the demo data into an empty database (never in
 * production: openProcess refuses a database holding the demo accounts, config SEED_DEMO=on), and serves
 * the API, the player app and the console on one port with an in-process worker unless WORKER=off
 * (docs/decisions.md#shape).
 */
runMain(async () => {
  const { config, knex, migrations, services } = await openProcess();
  const log = createLogger({ level: config.logLevel });
  log.info(services);
  if (migrations.length > 0) log.info(`database: applied ${migrations.length} migrations`);
  const now = new Date();
  await seedBase(knex, { now });
  const images = createDiskImageStore(config.uploadDir);
  if (config.seedDemo) {
    if (!(await hasAnyUser(knex))) {
      log.info('database is empty: adding the demo season, players, news and forum threads…');
      await seedDemo(knex, { now, store: images });
    }
  }
  // TEST_CLOCK=on (never in production): one movable clock shared by the API and the in-process worker.
  const clock = config.testClock ? createShiftableClock(Date.now) : undefined;
  const workerNow = clock ? () => clock.now() : undefined;
  // One registry: the API's /metrics shows the in-process worker's metrics too (no METRICS_PORT server here).
  const metrics = createMetricsRegistry();
  const worker: WorkerHandle | null = config.worker
    ? await startWorker({ config, knex, now: workerNow, log, metrics })
    : null;
  const api = await startApi({ config, knex, images, clock, log, metrics });
  log.info(`eCup is running on ${config.publicUrl} (API, player app at /, console at /admin/)`);
  log.info(`worker: ${worker ? 'in this process' : 'off (WORKER=off); run npm run worker'}`);
  const noMetrics = metricsNotice(config);
  if (noMetrics) log.warn(noMetrics);
  log.info(`e-mails: ${config.smtpUrl ? 'sent by SMTP' : `written to ${config.mailOutbox}`}`);
  // The demo accounts are named only where the demo is seeded (never in production, where SEED_DEMO is refused);
  // no password is ever written to a log, so theirs are in the README.
  if (config.seedDemo) {
    log.info(
      `demo accounts: ${DEMO_ACCOUNTS.player.username} (player) and ${DEMO_ACCOUNTS.admin.username} (admin); ` +
        'their passwords are in the README',
    );
  }
  stopOnSignals([() => api.close(), async () => worker?.close(), () => knex.destroy()], {
    timeoutMs: config.shutdownTimeoutMs,
    what: 'in-flight requests and jobs',
    log,
  });
});
