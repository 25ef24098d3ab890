import test from 'ava';
import { Queue } from 'bullmq';
import { QUEUE_NAMES } from '@ecup/domain';
import { createBullConnection, createLogger } from '@ecup/db';
import { startWorker, type WorkerHandle } from '@ecup/worker';
import { deleteRedisPrefix, startTestServer, type TestServer } from '../helpers/server.ts';
import { testRedisPrefix } from '../helpers/db.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { waitFor } from '../helpers/poll.ts';

const METRICS_TOKEN = 'worker-metrics-token-0123456789';

// The API with an in-process worker sharing its registry (as `npm start`), and a second, scale-out worker on the
// same database with its own scrape endpoint (as `npm run worker` with METRICS_PORT). The second has a Redis prefix
// of its own, so the jobs added to it are its alone; both run the pairing sweep on the shared database.
const prefix = testRedisPrefix('wmetrics2');
let server: TestServer;
let standalone: WorkerHandle;
const lines: Record<string, unknown>[] = [];

test.before(async () => {
  server = await startTestServer({ label: 'wmetrics', worker: true });
  standalone = await startWorker({
    config: { ...server.config, redisPrefix: prefix, metricsToken: METRICS_TOKEN },
    knex: server.knex,
    now: () => server.clock.now(),
    metricsPort: 0,
    log: createLogger({
      level: 'warn',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    }),
  });
});
test.after.always(async () => {
  await standalone?.close();
  await server?.close();
  await deleteRedisPrefix(server.config.redisUrl, prefix);
});

async function scrape(url: string, token?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
}

function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const until = (check: () => Promise<boolean>, what: string) => waitFor(check, { what, timeoutMs: 10_000 });

test.serial('two queued players become a match and ecup_matches_made_total counts it', async (t) => {
  const api = client(server.url);
  const read = async () => {
    const both = await Promise.all([
      scrape(`${server.url}/metrics`).then((r) => sample(r.text, 'ecup_matches_made_total')),
      scrape(standalone.metricsUrl!, METRICS_TOKEN).then((r) => sample(r.text, 'ecup_matches_made_total')),
    ]);
    return both[0] + both[1];
  };
  const before = await read();
  const [a, b] = await Promise.all([signedInUser(server.knex), signedInUser(server.knex)]);
  t.teardown(async () => {
    await server.knex('queue_entries').delete();
    await server.knex('matches').where('state', 'pending').update({ state: 'expired', closed_at: server.clock.now() });
  });
  t.is((await api.post('/matchmaking/queue/enter', {}, { auth: a.auth })).status, 200);
  t.is((await api.post('/matchmaking/queue/enter', {}, { auth: b.auth })).status, 200);
  t.true(
    await until(async () => (await read()) === before + 1, 'one more match counted'),
    'one match counted by one of the two workers',
  );
  const matches = await server.knex('matches').whereIn('user_1_id', [a.user.id, b.user.id]).count({ n: '*' });
  t.is(Number(matches[0]!.n), 1);
  // The API's /metrics shows the in-process worker's metrics from the shared registry.
  t.regex((await scrape(`${server.url}/metrics`)).text, /^# TYPE ecup_matches_made_total counter$/m);
});

test.serial(
  'a failing job counts in ecup_job_failures_total by queue and job name and is logged with its id',
  async (t) => {
    const connection = createBullConnection(server.config.redisUrl, 'producer');
    const queue = new Queue(QUEUE_NAMES.email, { connection, prefix: `${prefix}bull` });
    t.teardown(async () => {
      await queue.close();
      connection.disconnect();
    });
    const series = `ecup_job_failures_total{queue="${QUEUE_NAMES.email}",job="no-such-job"}`;
    const read = async () => sample((await scrape(standalone.metricsUrl!, METRICS_TOKEN)).text, series);
    t.is(await read(), 0);
    const job = await queue.add('no-such-job', {}, { jobId: 'metrics-failing-job' });
    t.true(await until(async () => (await read()) === 1, 'one failure counted'), 'the failure is counted once');
    t.like(
      lines.find((l) => l.job_id === job.id),
      { level: 'error', queue: QUEUE_NAMES.email, job_name: 'no-such-job' },
    );
    t.is((await queue.getJob(job.id!))?.failedReason, 'unknown job no-such-job');
  },
);

test("the worker's own /metrics answers 401 without METRICS_TOKEN, 404 elsewhere, and Node process metrics with it", async (t) => {
  t.regex(standalone.metricsUrl!, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const none = await scrape(standalone.metricsUrl!);
  t.is(none.status, 401);
  t.false(none.text.includes('ecup_'));
  t.is((await scrape(standalone.metricsUrl!, 'wrong-token-wrong-token')).status, 401);
  t.is((await scrape(standalone.metricsUrl!.replace('/metrics', '/other'), METRICS_TOKEN)).status, 404);
  const ok = await scrape(standalone.metricsUrl!, METRICS_TOKEN);
  t.is(ok.status, 200);
  t.regex(ok.text, /^# TYPE ecup_job_failures_total counter$/m);
  t.regex(ok.text, /^process_resident_memory_bytes /m);
});
