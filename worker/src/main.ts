import { openProcess, runMain, stopOnSignals } from '@ecup/db';
import { startWorker } from './server.ts';

/** `npm run worker`: a worker process on its own (scale-out, decisions §1). */
runMain(async () => {
  const { config, knex } = await openProcess();
  const worker = await startWorker({ config, knex });
  console.info('eCup worker running');
  stopOnSignals([() => worker.close(), () => knex.destroy()], {
    timeoutMs: config.shutdownTimeoutMs,
    what: 'running jobs',
  });
});
