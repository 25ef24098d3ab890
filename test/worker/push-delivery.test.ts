import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { endpointHash } from '@ecup/db';
import { sendNotification, type NotificationJobDeps } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';

// The worker's Web Push sending against push services that misbehave (docs/rules.md "Push subscriptions"): each is
// a local HTTP server on 127.0.0.1, let in by the tests' loopback override. A redirect is never followed, an
// answer's body is not read beyond its first kilobyte, and a push service that never answers is given up on.

const MiB = 1024 * 1024;

let server: TestServer;
const servers: http.Server[] = [];
test.before(async () => {
  server = await startTestServer({ label: 'pushsend' });
});
test.after.always(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await server?.close();
});

/** A local server answering every request with `handle`; answers its URL and how many requests it had. */
async function serve(handle: http.RequestListener) {
  const hits = { count: 0 };
  const s = http.createServer((req, res) => {
    hits.count += 1;
    handle(req, res);
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits };
}

/** A player who wants `guardian_approved` by push, with one browser subscribed at `endpoint`. */
async function subscriber(endpoint: string) {
  const user = await buildUser(server.knex);
  await server.knex('notification_choices').insert({
    user_id: user.id,
    channel: 'push',
    kind: 'guardian_approved',
    enabled: true,
  });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const [id] = await server.knex('push_subscriptions').insert({
    user_id: user.id,
    endpoint,
    endpoint_hash: endpointHash(endpoint),
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    lang: 'en',
  });
  return { user, id: id! };
}

function deps(overrides: Partial<NotificationJobDeps> = {}) {
  const warnings: string[] = [];
  const built: NotificationJobDeps = {
    knex: server.knex,
    now: () => new Date(),
    config: server.config,
    log: { warn: (line: string) => void warnings.push(line) },
    sendEmails: async () => undefined,
    ...overrides,
  };
  return { deps: built, warnings };
}

const send = (d: NotificationJobDeps, userId: number) =>
  sendNotification(d, { kind: 'guardian_approved', user_ids: [userId], subject_id: null });

const stillThere = async (id: number) => (await server.knex('push_subscriptions').where('id', id)).length === 1;

test.serial('a redirect from the push service is a failed delivery and its target is never contacted', async (t) => {
  const target = await serve((_req, res) => res.writeHead(201).end());
  for (const status of [301, 302, 303, 307, 308]) {
    const push = await serve((req, res) => {
      req.resume();
      res.writeHead(status, { Location: `${target.url}/internal/${status}` }).end();
    });
    const { id, user } = await subscriber(`${push.url}/push/${status}`);
    const { deps: d, warnings } = deps();
    t.like(await send(d, user.id), { pushed: 0, removed: 0, failed: 1 }, String(status));
    t.is(push.hits.count, 1);
    t.regex(warnings.join('\n'), new RegExp(`answered ${status}`));
    t.true(await stillThere(id), 'a redirect does not remove the subscription');
  }
  t.is(target.hits.count, 0, 'the redirect target was never contacted');
});

/** A push service answering `status` with a body of 400 MiB, made as it is read; counts what it wrote. */
async function hugeAnswer(status: number) {
  const size = 400 * MiB;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const written = { bytes: 0 };
  const push = await serve((req, res) => {
    req.resume();
    res.writeHead(status, { 'Content-Type': 'text/plain', 'Content-Length': String(size) });
    const pump = () => {
      while (written.bytes < size) {
        written.bytes += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
  return { push, written };
}

/** Runs `work` while sampling this process's memory; answers the largest growth of the heap and buffers, and of RSS. */
async function peakGrowth(work: () => Promise<unknown>) {
  const usage = () => {
    const m = process.memoryUsage();
    return { live: m.heapUsed + m.arrayBuffers, rss: m.rss };
  };
  const before = usage();
  let peak = before;
  const sampler = setInterval(() => {
    const now = usage();
    peak = { live: Math.max(peak.live, now.live), rss: Math.max(peak.rss, now.rss) };
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const after = usage();
  return {
    live: Math.max(peak.live, after.live) - before.live,
    rss: Math.max(peak.rss, after.rss) - before.rss,
    ms: performance.now() - started,
  };
}

for (const status of [201, 500]) {
  test.serial(`a 400 MiB answer (${status}) is not read: the send ends at once and memory barely grows`, async (t) => {
    const { push, written } = await hugeAnswer(status);
    const { id, user } = await subscriber(`${push.url}/push/huge-${status}`);
    const { deps: d, warnings } = deps();
    let outcome: Awaited<ReturnType<typeof send>> | undefined;
    const growth = await peakGrowth(async () => {
      outcome = await send(d, user.id);
    });
    t.like(outcome, status === 201 ? { pushed: 1, failed: 0 } : { pushed: 0, failed: 1 });
    t.true(await stillThere(id));
    t.log(
      `${(written.bytes / MiB).toFixed(1)} MiB written by the push service; grew ${(growth.live / MiB).toFixed(1)} MiB live, ${(growth.rss / MiB).toFixed(1)} MiB RSS in ${growth.ms.toFixed(0)} ms`,
    );
    t.true(growth.ms < 3000, `the send took ${growth.ms} ms`);
    t.true(growth.live < 8 * MiB, `heap and buffers grew ${(growth.live / MiB).toFixed(1)} MiB`);
    t.true(growth.rss < 32 * MiB, `RSS grew ${(growth.rss / MiB).toFixed(1)} MiB`);
    // What the push service could write before the connection closed: socket buffers, not the body.
    await new Promise((resolve) => setTimeout(resolve, 200));
    t.true(written.bytes < 32 * MiB, `the push service wrote ${(written.bytes / MiB).toFixed(1)} MiB`);
    if (status === 500) t.regex(warnings.join('\n'), /answered 500 \(x{200}\)/, 'the start of the refusal is logged');
  });
}

test.serial('a push service that never answers, or stops in the middle of its answer, is given up on', async (t) => {
  const silent = await serve((req) => req.resume());
  const stalled = await serve((req, res) => {
    req.resume();
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.write('partial');
  });
  for (const push of [silent, stalled]) {
    const { id, user } = await subscriber(`${push.url}/push/slow`);
    const { deps: d, warnings } = deps({ pushTimeoutMs: 500 });
    const started = performance.now();
    t.like(await send(d, user.id), { pushed: 0, failed: 1 });
    const ms = performance.now() - started;
    t.true(ms >= 450 && ms < 2500, `gave up after ${ms} ms`);
    t.is(warnings.length, 1);
    t.true(await stillThere(id));
  }
});

test.serial('a 404 or 410 removes the subscription', async (t) => {
  for (const status of [404, 410]) {
    const push = await serve((req, res) => {
      req.resume();
      res.writeHead(status).end('gone');
    });
    const { id, user } = await subscriber(`${push.url}/push/gone`);
    const { deps: d } = deps();
    t.like(await send(d, user.id), { pushed: 0, removed: 1, failed: 0 });
    t.false(await stillThere(id));
  }
});

test.serial('a stored endpoint that is not a push service is removed without being contacted', async (t) => {
  const push = await serve((req, res) => {
    req.resume();
    res.writeHead(201).end();
  });
  const { id, user } = await subscriber(`${push.url}/push/old`);
  // The worker as it runs outside the tests: no loopback push service allowed.
  const { deps: d, warnings } = deps({ config: { ...server.config, pushEndpointHostsForTests: [] } });
  t.like(await send(d, user.id), { pushed: 0, removed: 1, failed: 0 });
  t.is(push.hits.count, 0);
  t.false(await stillThere(id));
  t.regex(warnings.join('\n'), /not a browser's push service/);
});
