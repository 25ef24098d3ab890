import test from 'ava';
import { client } from './http.ts';
import { startTestServer, type TestServer } from './server.ts';

/** The API of one test file and a client for it, both set once the file's before-hook has run. */
export interface ApiSuite {
  server: TestServer;
  api: ReturnType<typeof client>;
}

/**
 * Starts the real API (own database, Redis prefix and folders, see `startTestServer`) before the calling file's
 * tests and closes it after them. Read `suite.server` and `suite.api` inside tests and hooks, not at import time.
 */
export function apiSuite(options: Parameters<typeof startTestServer>[0] = {}): ApiSuite {
  const suite = {} as ApiSuite;
  test.before(async () => {
    suite.server = await startTestServer(options);
    suite.api = client(suite.server.url);
  });
  test.after.always(async () => suite.server?.close());
  return suite;
}
