import { createLogger, openProcess, runMain, stopOnSignals } from '@ecup/db';
import { startWorker } from './server.ts';

/** `npm run worker`: a worker process on its own (scale-out, decisions §1), with its own /metrics on METRICS_PORT. */
runMain(async () => {
  const { config, knex } = await openProcess();
  const log = createLogger({ level: config.logLevel });
  const worker = await startWorker({ config, knex, log, metricsPort: config.metricsPort });
  log.info({ metrics: worker.metricsUrl }, 'eCup worker running');
  stopOnSignals([() => worker.close(), () => knex.destroy()], {
    timeoutMs: config.shutdownTimeoutMs,
    what: 'running jobs',
    log,
  });
});
