import { openProcess, runMain, stopOnSignals } from '@ecup/db';
import { startApi } from './server.ts';

/** `npm run api`: an API process on its own, without a worker (scale-out, decisions §1). */
runMain(async () => {
  const { config, knex } = await openProcess();
  const api = await startApi({ config, knex });
  console.info(`eCup API listening on port ${config.port}`);
  stopOnSignals([() => api.close(), () => knex.destroy()], {
    timeoutMs: config.shutdownTimeoutMs,
    what: 'in-flight requests',
  });
});
