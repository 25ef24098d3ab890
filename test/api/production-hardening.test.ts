import net from 'node:net';
import test from 'ava';
import { ConfigError, checkServices, createLogger, loadConfig } from '@ecup/db';
import { startWorker } from '@ecup/worker';
import { message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../helpers/db.ts';
import { freePort, runEntry, waitForOutput, type RunningProcess } from '../helpers/process.ts';
import { TEST_VAPID_ENV } from '../helpers/vapid.ts';

const HSTS = 'max-age=31536000; includeSubDomains';
const NO_METRICS =
  'metrics: none served (NODE_ENV=production without METRICS_TOKEN); set METRICS_TOKEN to serve /metrics';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const APP_SECRET = 'app-secret-for-production-tests-0123456789';
const quiet = () => createLogger({ level: 'silent' });

let https: TestServer;
let http: TestServer;
let production: TestServer;
let db: TestDatabase;
const processes: RunningProcess[] = [];

test.before(async () => {
  [https, http, production, db] = await Promise.all([
    startTestServer({ label: 'hsts', env: { PUBLIC_URL: 'https://ecup.example.com' }, log: quiet() }),
    startTestServer({ label: 'nohsts', log: quiet() }),
    startTestServer({
      label: 'prodmetrics',
      env: { NODE_ENV: 'production', APP_SECRET, ...TEST_VAPID_ENV },
      log: quiet(),
    }),
    createTestDatabase('prodstart'),
  ]);
});
test.after.always(async () => {
  for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
  await Promise.all(processes.map((proc) => proc.exited));
  await Promise.all([https?.close(), http?.close(), production?.close(), db?.drop()]);
});

/** The answers a browser gets from a site: the API's JSON, the player app, the console and the socket.io transport. */
async function answers(base: string): Promise<Response[]> {
  return Promise.all(
    ['/ranking/list', '/', '/admin/', '/no/such/page.json', '/socket.io/?EIO=4&transport=polling'].map((path) =>
      fetch(`${base}${path}`),
    ),
  );
}

test('with an https PUBLIC_URL every answer carries Strict-Transport-Security for a year, subdomains included', async (t) => {
  for (const res of await answers(https.url)) {
    t.is(res.headers.get('strict-transport-security'), HSTS, res.url);
    t.is(res.headers.get('x-content-type-options'), 'nosniff', res.url);
  }
});

test('with an http PUBLIC_URL no answer carries Strict-Transport-Security', async (t) => {
  for (const res of await answers(http.url)) {
    t.is(res.headers.get('strict-transport-security'), null, res.url);
    t.is(res.headers.get('x-content-type-options'), 'nosniff', res.url);
  }
});

test('in production without METRICS_TOKEN /metrics answers 404 "Not found" and the worker opens no metrics port', async (t) => {
  t.false(production.config.metricsServed);
  const res = await fetch(`${production.url}/metrics`);
  t.is(res.status, 404);
  t.deepEqual(await res.json(), message('notFound'));
  t.is((await fetch(`${production.url}/health`)).status, 200, 'the probes stay open for load balancers');
  const worker = await startWorker({ config: production.config, knex: production.knex, log: quiet(), metricsPort: 0 });
  t.teardown(() => worker.close());
  t.is(worker.metricsUrl, null);
});

test('in production with METRICS_TOKEN, and outside production without it, metrics are served as before', (t) => {
  t.true(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN, APP_SECRET, ...TEST_VAPID_ENV }).metricsServed);
  t.true(loadConfig({}).metricsServed);
  t.false(loadConfig({ NODE_ENV: 'production', APP_SECRET, ...TEST_VAPID_ENV }).metricsServed);
});

test('a production `npm run api` and `npm run worker` without METRICS_TOKEN start, name the service versions and say in one line that they serve no metrics', async (t) => {
  const [apiPort, metricsPort] = await Promise.all([freePort(), freePort()]);
  const env = {
    NODE_ENV: 'production',
    APP_SECRET,
    ...TEST_VAPID_ENV,
    DATABASE_URL: db.url,
    REDIS_PREFIX: testRedisPrefix('prodstart'),
    PUBLIC_URL: 'https://ecup.example.com',
    METRICS_TOKEN: '',
    LOG_LEVEL: 'info',
  };
  const api = runEntry('api/src/main.ts', { ...env, PORT: String(apiPort) });
  const worker = runEntry('worker/src/main.ts', { ...env, METRICS_PORT: String(metricsPort) });
  processes.push(api, worker);
  await Promise.all([waitForOutput(api, NO_METRICS, 60_000), waitForOutput(worker, NO_METRICS, 60_000)]);
  for (const proc of [api, worker]) {
    const lines = proc
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; level: number; metrics?: unknown });
    t.true(
      lines.some((line) =>
        /^services: (MariaDB|MySQL) \d+\.\d+\.\d+ and Redis \d+\.\d+\.\d+ \(eCup needs MariaDB 10\.6 or newer, or MySQL 8 or newer, and Redis 7 or newer\)$/.test(
          line.msg,
        ),
      ),
    );
    t.is(lines.filter((line) => line.msg === NO_METRICS).length, 1);
  }
  const metrics = await fetch(`http://127.0.0.1:${apiPort}/metrics`);
  t.is(metrics.status, 404);
  t.is(metrics.headers.get('strict-transport-security'), HSTS);
  t.is((await fetch(`http://127.0.0.1:${apiPort}/health`)).status, 200);
  await t.throwsAsync(fetch(`http://127.0.0.1:${metricsPort}/metrics`), undefined, 'no worker metrics port');
});

/** A server that answers every command as a Redis of `version` would answer INFO. */
async function redisReporting(version: string): Promise<{ url: string; close: () => Promise<void> }> {
  const info = `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\nloading:0\r\n`;
  const server = net.createServer((socket) => {
    // One answer per command; several commands may arrive in one chunk (ioredis pipelines its hello).
    socket.on('data', (chunk: Buffer) => {
      for (const _command of chunk.toString().matchAll(/\*\d+\r\n\$/g)) {
        socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a Redis older than 7 stops the start with one line naming the version found and the one needed', async (t) => {
  const old = await redisReporting('6.2.14');
  t.teardown(old.close);
  const config = loadConfig({ DATABASE_URL: db.url, REDIS_URL: old.url });
  await t.throwsAsync(checkServices(config), {
    instanceOf: ConfigError,
    message:
      'Redis 6.2.14 is too old: eCup needs Redis 7 or newer (the rate limits use EXPIRE … NX). ' +
      'Upgrade it or set REDIS_URL to a newer server.',
  });
  const worker = runEntry('worker/src/main.ts', { DATABASE_URL: db.url, REDIS_URL: old.url });
  processes.push(worker);
  t.is(await worker.exited, 1);
  t.is(
    worker.output().trim(),
    'Redis 6.2.14 is too old: eCup needs Redis 7 or newer (the rate limits use EXPIRE … NX). Upgrade it or set REDIS_URL to a newer server.',
  );
});

test('the real MariaDB and Redis pass the version check', async (t) => {
  const line = await checkServices(loadConfig({ DATABASE_URL: db.url }));
  t.regex(line, /^services: MariaDB 1\d\.\d+\.\d+ and Redis [7-9]\.\d+\.\d+ /);
});

test('a TRUSTED_PROXIES entry that is empty or no range stops the start with one line naming it', async (t) => {
  const refusal = (got: string) =>
    `TRUSTED_PROXIES must be a comma-separated list of addresses or CIDR ranges such as 10.0.0.0/8 (got ${got})`;
  const refused: [string, string][] = [
    [',10.0.0.0/8', 'an empty entry in ",10.0.0.0/8"'],
    ['10.0.0.0/8,', 'an empty entry in "10.0.0.0/8,"'],
    ['10.0.0.0/8,,::1', 'an empty entry in "10.0.0.0/8,,::1"'],
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['::1/129', '"::1/129"'],
    ['foo', '"foo"'],
    // An empty prefix read as a number is 0: every address there is would be trusted.
    ['10.0.0.0/', '"10.0.0.0/"'],
    ['10.0.0.0/ 8', '"10.0.0.0/ 8"'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8"'],
    ['10.0.0.0/0x8', '"10.0.0.0/0x8"'],
    ['10.0.0.0/-1', '"10.0.0.0/-1"'],
  ];
  for (const [value, got] of refused) {
    t.throws(() => loadConfig({ TRUSTED_PROXIES: value }), { instanceOf: ConfigError, message: refusal(got) }, value);
  }
  t.deepEqual(
    loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8 , 192.0.2.7, ::1/128' }).trustedProxies.map((range) => range.cidr),
    ['10.0.0.0/8', '192.0.2.7/32', '::1/128'],
  );
  t.is(loadConfig({}).trustedProxies.length, 2, 'unset: loopback');
  const api = runEntry('api/src/main.ts', { DATABASE_URL: db.url, TRUSTED_PROXIES: '10.0.0.0/' });
  processes.push(api);
  t.is(await api.exited, 1);
  t.is(api.output().trim(), refusal('"10.0.0.0/"'));
});
