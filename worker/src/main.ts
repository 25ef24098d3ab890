import { createLogger, metricsNotice, openProcess, runMain, stopOnSignals } from '@ecup/db';
import { startWorker } from './server.ts';

/** `npm run worker`: a worker process on its own (scale-out, docs/decisions.md#shape), with its own /metrics on METRICS_PORT. */
runMain(async () => {
  const { config, knex, services } = await openProcess();
  const log = createLogger({ level: config.logLevel });
  log.info(services);
  const worker = await startWorker({ config, knex, log, metricsPort: config.metricsPort });
  log.info({ metrics: worker.metricsUrl }, 'eCup worker running');
  const noMetrics = metricsNotice(config);
  if (noMetrics) log.warn(noMetrics);
  stopOnSignals([() => worker.close(), () => knex.destroy()], {
    timeoutMs: config.shutdownTimeoutMs,
    what: 'running jobs',
    log,
  });
});
