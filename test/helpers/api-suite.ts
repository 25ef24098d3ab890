import test from 'ava';
import { client, type Credentials } from './http.ts';
import { startTestServer, type TestServer } from './server.ts';

/** The API of one test file and a client for it, both set once the file's before-hook has run. */
export interface ApiSuite {
  server: TestServer;
  api: ReturnType<typeof client>;
}

/**
 * Starts the real API (own database, Redis prefix and folders, see `startTestServer`) before the calling file's
 * tests and closes it after them; `clientDefaults` as `client` takes them. Read `suite.server` and `suite.api` inside tests and hooks, not at import time.
 */
export function apiSuite(
  options: Parameters<typeof startTestServer>[0] = {},
  clientDefaults: Parameters<typeof client>[1] = {},
): ApiSuite {
  const suite = {} as ApiSuite;
  test.before(async () => {
    suite.server = await startTestServer(options);
    suite.api = client(suite.server.url, clientDefaults);
  });
  test.after.always(async () => suite.server?.close());
  return suite;
}

/** The console's API (`/admin/api`) as react-admin's data provider calls it: a GET, and a PUT of JSON. */
export function consoleApi(suite: ApiSuite) {
  return {
    get: <T>(auth: Credentials, path: string) => suite.api.get<T>(`/admin/api${path}`, { auth }),
    async put<T>(auth: Credentials, path: string, body: unknown) {
      const response = await fetch(`${suite.server.url}/admin/api${path}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.id}:${auth.token}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}
