import { createLogger, metricsNotice, openProcess, runMain, stopOnSignals } from '@ecup/db';
import { startApi } from './server.ts';

/** `npm run api`: an API process on its own, without a worker (scale-out, docs/decisions.md#shape). */
runMain(async () => {
  const { config, knex, services } = await openProcess();
  const log = createLogger({ level: config.logLevel });
  log.info(services);
  const api = await startApi({ config, knex, log });
  log.info({ port: config.port }, `eCup API listening on port ${config.port}`);
  const noMetrics = metricsNotice(config);
  if (noMetrics) log.warn(noMetrics);
  stopOnSignals([() => api.close(), () => knex.destroy()], {
    timeoutMs: config.shutdownTimeoutMs,
    what: 'in-flight requests',
    log,
  });
});
