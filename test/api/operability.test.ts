import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import test from 'ava';
import { ConfigError, createKnex, createLogger, loadConfig } from '@ecup/db';
import { newToken } from '@ecup/security';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedInUser, openSocket } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { findSecrets, secretKinds } from '../log-secrets.ts';
import { waitFor } from '../helpers/poll.ts';

/** The JSON lines a logger wrote, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const log = createLogger({
    level: 'info',
    destination: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { log, lines, raw };
}

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

let server: TestServer;
let guarded: TestServer;
let api: ReturnType<typeof client>;
const captured = logCapture();

test.before(async () => {
  [server, guarded] = await Promise.all([
    startTestServer({ label: 'ops', log: captured.log }),
    startTestServer({ label: 'opstoken', env: { METRICS_TOKEN }, log: createLogger({ level: 'silent' }) }),
  ]);
  api = client(server.url);
});
test.after.always(async () => {
  await Promise.all([server?.close(), guarded?.close()]);
});

async function metrics(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const until = (check: () => Promise<boolean>, what: string) =>
  waitFor(check, { what, timeoutMs: 5000, intervalMs: 50 });

test("/health answers 200 { status: 'ok' } (liveness, no dependency checks)", async (t) => {
  const res = await api.get('/health');
  t.is(res.status, 200);
  t.deepEqual(res.body, { status: 'ok' });
  t.is(res.headers.get('cache-control'), 'no-store');
});

test('/ready answers 200 with MySQL, Redis and migrations ok', async (t) => {
  const res = await api.get('/ready');
  t.is(res.status, 200);
  t.deepEqual(res.body, { status: 'ready', checks: { mysql: 'ok', redis: 'ok', migrations: 'ok' } });
});

test.serial('/ready answers 503 naming migrations when the database misses the latest migration', async (t) => {
  const latest = (await server.knex('knex_migrations').orderBy('id', 'desc').first()) as { id: number; name: string };
  await server.knex('knex_migrations').where('id', latest.id).delete();
  t.teardown(() => server.knex('knex_migrations').insert(latest));
  const res = await api.get('/ready');
  t.is(res.status, 503);
  t.deepEqual(res.body, {
    status: 'unavailable',
    failed: ['migrations'],
    checks: { mysql: 'ok', redis: 'ok', migrations: 'pending' },
  });
  t.is((await api.get('/health')).status, 200, 'the process itself stays live');
});

test('/ready answers 503 naming mysql, redis and migrations when MySQL and Redis are unreachable', async (t) => {
  const broken = await startTestServer({ label: 'opsdown', log: createLogger({ level: 'silent' }) });
  t.teardown(() => broken.close());
  broken.deps.redis.disconnect(false);
  // The API's pool points at a port where no MySQL listens.
  const nowhere = createKnex({ ...broken.config.database, port: 1 });
  t.teardown(() => nowhere.destroy());
  broken.deps.knex = nowhere;
  const res = await client(broken.url).get('/ready');
  t.is(res.status, 503);
  t.deepEqual(res.body, {
    status: 'unavailable',
    failed: ['mysql', 'redis', 'migrations'],
    checks: { mysql: 'down', redis: 'down', migrations: 'down' },
  });
  t.is((await client(broken.url).get('/health')).status, 200);
});

test('a safe X-Request-Id is echoed and written on the request line with method, route template, status and duration', async (t) => {
  const token = 'ab'.repeat(32);
  const res = await api.get(`/guardian/confirm/12345/${token}`, {
    headers: { 'X-Request-Id': 'lb-trace.42:abc' },
    query: { password: 'hunter2-secret' },
  });
  t.is(res.headers.get('x-request-id'), 'lb-trace.42:abc');
  const line = captured.lines.find((l) => l.request_id === 'lb-trace.42:abc' && l.msg === 'request');
  t.truthy(line, captured.raw.join(''));
  t.like(line, {
    level: 'info',
    method: 'GET',
    route: '/guardian/confirm/:uid/:token',
    status: res.status,
  });
  t.is(typeof line!.duration_ms, 'number');
  t.regex(String(line!.time), /^\d{4}-\d\d-\d\dT/);
  const written = captured.raw.filter((l) => l.includes('lb-trace.42:abc')).join('');
  t.false(written.includes(token), 'no token from the path');
  t.false(written.includes('hunter2'), 'no query string');
  t.false(written.includes('12345'), 'no raw id');
});

test('no link carrying a token, in its path or its query, writes the token or the query into the log', async (t) => {
  const token = newToken();
  const links: [method: 'GET' | 'POST', path: string][] = [
    ['GET', `/resetpassword/41/42/${token}`],
    ['GET', `/user/reset_password?id=41&uid=42&token=${token}`],
    ['GET', `/auth/43/${token}`],
    ['GET', `/guardian/confirm/44/${token}`],
    ['GET', `/guardian/approval/44/${token}`],
    ['POST', `/guardian/approval/44/${token}`],
    ['GET', `/unsubscribe?token=${token}`],
    ['POST', `/unsubscribe?token=${token}`],
    ['GET', `/user/email/confirm/45/${token}`],
    ['GET', `/user/email/confirm?id=45&token=${token}`],
    // A drawn page with a parameter it does not read.
    ['GET', `/ranking?sort=trophies&token=${token}`],
  ];
  for (const [n, [method, path]] of links.entries()) {
    const res = await fetch(`${server.url}${path}`, { method, headers: { 'X-Request-Id': `token-link-${n}` } });
    await res.arrayBuffer();
    const id = `token-link-${n}`;
    t.truthy(
      captured.lines.find((l) => l.request_id === id && l.msg === 'request'),
      `${method} ${path.slice(0, 20)} is logged`,
    );
  }
  t.deepEqual(findSecrets(captured.raw.join(''), 'the API log', secretKinds({})), []);
  t.false(captured.raw.some((line) => line.includes(token.slice(0, 16)) || /[?&]token=/.test(line)));
});

test('a missing or unsafe X-Request-Id is replaced by a new UUID, answered and logged', async (t) => {
  const sent: Record<string, string>[] = [
    {},
    { 'X-Request-Id': 'no spaces <script> allowed' },
    { 'X-Request-Id': 'a'.repeat(200) },
  ];
  for (const headers of sent) {
    const res = await api.get('/season/current', { headers });
    const id = res.headers.get('x-request-id')!;
    t.regex(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    t.like(
      captured.lines.find((l) => l.request_id === id),
      { msg: 'request', route: '/season/current', status: 200 },
    );
  }
});

test.serial(
  'an unexpected error answers 500 and is logged at error with the request id, without the SQL',
  async (t) => {
    await server.knex.schema.renameTable('news', 'news_away');
    t.teardown(() => server.knex.schema.renameTable('news_away', 'news'));
    const res = await api.get('/news/latest', { headers: { 'X-Request-Id': 'failing-request-1' } });
    t.is(res.status, 500);
    t.is(res.headers.get('x-request-id'), 'failing-request-1');
    const error = captured.lines.find((l) => l.request_id === 'failing-request-1' && l.level === 'error');
    t.like(error, { msg: 'unexpected error', method: 'GET' });
    t.regex(String(error!.err), /ER_NO_SUCH_TABLE/);
    t.false(JSON.stringify(error).includes('select'), 'the statement is not logged');
    t.like(
      captured.lines.find((l) => l.request_id === 'failing-request-1' && l.msg === 'request'),
      { route: '/news/latest', status: 500 },
    );
  },
);

test('/metrics shows the request histogram by method, route template and status, never raw ids', async (t) => {
  await api.get('/news/get', { query: { id: 987654 } });
  await api.get('/news/get', { query: { id: 987654 } });
  await api.get('/images/avatars/ab/987654abcdef.jpg');
  await api.get('/ranking/list');
  const text = await metrics();
  const series = (route: string, status: number) =>
    `ecup_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;
  t.is(sample(text, series('/news/get', 404)), 2);
  t.true((sample(text, series('/ranking/list', 200)) ?? 0) >= 1);
  t.true(text.includes('route="/images/:kind/:prefix/:file"'));
  t.false(text.includes('987654'));
  t.regex(text, /^# TYPE ecup_http_request_duration_seconds histogram$/m);
  t.regex(text, /^process_cpu_user_seconds_total /m, 'default Node process metrics');
  t.regex(text, /^nodejs_eventloop_lag_seconds /m);
});

test.serial('/metrics ecup_queue_players counts the queued players', async (t) => {
  const players = await Promise.all([1, 2, 3].map(() => signedInUser(server.knex)));
  t.teardown(() => server.knex('queue_entries').delete());
  for (const { auth } of players) t.is((await api.post('/matchmaking/queue/enter', {}, { auth })).status, 200);
  t.is(sample(await metrics(), 'ecup_queue_players{state="waiting"}'), 3);
  t.is(sample(await metrics(), 'ecup_queue_players{state="matched"}'), 0);
  t.is((await api.post('/matchmaking/queue/leave', {}, { auth: players[0]!.auth })).status, 200);
  t.is(sample(await metrics(), 'ecup_queue_players{state="waiting"}'), 2);
});

test('/metrics ecup_socket_connections goes up when a socket connects and down when it leaves', async (t) => {
  const before = sample(await metrics(), 'ecup_socket_connections')!;
  t.is(typeof before, 'number');
  const { auth } = await signedInUser(server.knex);
  const socket = await openSocket(server.url, auth);
  t.teardown(() => socket.close());
  t.is(sample(await metrics(), 'ecup_socket_connections'), before + 1);
  socket.close();
  t.true(
    await until(async () => sample(await metrics(), 'ecup_socket_connections') === before, 'the connection count back'),
  );
});

test.serial('/metrics shows the heap and resident memory just after the latest full garbage collection', async (t) => {
  // A full collection now, in this process (the test server runs in it).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const before = sample(await metrics(), 'ecup_major_gc')!;
  t.is(typeof before, 'number');
  gc();
  t.true(await until(async () => sample(await metrics(), 'ecup_major_gc')! > before, 'a major collection counted'));
  const text = await metrics();
  const heap = sample(text, 'ecup_memory_after_major_gc_bytes{kind="heap"}')!;
  const rss = sample(text, 'ecup_memory_after_major_gc_bytes{kind="rss"}')!;
  t.true(heap > 1024 * 1024 && rss > heap, `heap ${heap}, rss ${rss}`);
});

test('with METRICS_TOKEN set, /metrics answers 401 without the bearer token or with a wrong one, 200 with it', async (t) => {
  const none = await fetch(`${guarded.url}/metrics`);
  t.is(none.status, 401);
  t.is(none.headers.get('www-authenticate'), 'Bearer realm="metrics"');
  t.false((await none.text()).includes('ecup_'));
  const wrong = await fetch(`${guarded.url}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all' } });
  t.is(wrong.status, 401);
  const right = await fetch(`${guarded.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  t.is(right.status, 200);
  t.regex(await right.text(), /ecup_http_request_duration_seconds/);
  // The probes stay open for load balancers.
  t.is((await fetch(`${guarded.url}/health`)).status, 200);
});

test('bad LOG_LEVEL, METRICS_TOKEN and METRICS_PORT stop the start with a message naming the variable', (t) => {
  t.is(loadConfig({}).logLevel, 'info');
  t.is(loadConfig({}).metricsToken, null);
  t.is(loadConfig({}).metricsPort, null);
  t.is(loadConfig({ LOG_LEVEL: 'silent' }).logLevel, 'silent');
  t.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), { instanceOf: ConfigError, message: /^LOG_LEVEL must be one of/ });
  t.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), { instanceOf: ConfigError, message: /^METRICS_TOKEN must/ });
  t.throws(() => loadConfig({ METRICS_PORT: 'nine' }), { instanceOf: ConfigError, message: /^METRICS_PORT must/ });
  t.is(loadConfig({ METRICS_PORT: '9464' }).metricsPort, 9464);
});
