/**
 * Push latency: from the answer to a result's submit (POST /game/submit) to the opponent's notification,
 * median and p95 of BENCH_RUNS results (default 15). Starts the product as the README does (API and worker), a
 * local push service (harness/src/push-endpoint.ts: checks the VAPID signature, decrypts the payload) and Chromium
 * with the app's service worker. Each run: a new opponent submits through the API; measured are the time until the
 * push service has the decrypted message (the worker's notification job: queue, recipients, VAPID, aes128gcm) and
 * the time until the service worker shows the notification, the message handed to it as a push service would
 * (CDP ServiceWorker.deliverPushMessage: headless Chromium reaches no push service).
 */
import os from 'node:os';
import type { PushSubscriptionRequest } from '@ecup/domain';
import { createSession } from '@ecup/db';
import { resolveVapidKeys } from '@ecup/security';
import { launchBrowser } from '../../harness/src/browser.ts';
import { buildGame, buildUser } from '../../harness/src/factories.ts';
import { startProduct, type RunningProduct } from '../../harness/src/product.ts';
import { startPushEndpoint } from '../../harness/src/push-endpoint.ts';
import { percentile } from './goals.ts';

/** The result form opens 12 minutes after a game starts (docs/product.md#states); games are made as if started 13 minutes ago. */
const STARTED_AGO_MS = 13 * 60_000;

async function sessionOf(product: RunningProduct, userId: number): Promise<string> {
  const session = await createSession(product.knex, { user_id: userId, ip: null, user_agent: null });
  return `Bearer ${userId}:${session.result.token}`;
}

async function post(product: RunningProduct, path: string, auth: string, body: URLSearchParams | object) {
  const form = body instanceof URLSearchParams;
  const answer = await fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: auth,
      Accept: 'application/json',
      'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: form ? body : JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
  await answer.arrayBuffer();
}

const line = (name: string, values: number[]) =>
  `${name.padEnd(48)} median ${percentile(values, 0.5).toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms, ` +
  `min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;

export async function run(): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 15));
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (figures measured with other work on the machine when the load is above 1)`,
  );
  const product = await startProduct('pushbench');
  const push = await startPushEndpoint(resolveVapidKeys({}, product.url).publicKey);
  const browser = await launchBrowser();
  try {
    const player = await buildUser(product.knex, { username: 'PushBench' });
    await product.knex('notification_choices').insert({
      user_id: player.id,
      kind: 'result_submitted',
      channel: 'push',
      enabled: true,
    });
    const subscription: PushSubscriptionRequest = push.subscribe('en');
    await post(product, '/user/push-subscription', await sessionOf(product, player.id), subscription);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['notifications'], { origin: product.url });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The registration whose worker version became active: the one that shows what it is given.
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const active = versions.find((v) => v.scriptURL === `${product.url}/sw.js` && v.status === 'activated');
        if (active) resolve(active.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(product.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 60_000,
    });
    const registrationId = await registered;

    const submit: number[] = [];
    const toEndpoint: number[] = [];
    const toShown: number[] = [];
    // One unmeasured result first: the worker's and the API's first queries and compilations are not counted.
    for (let i = -1; i < runs; i++) {
      const opponent = await buildUser(product.knex);
      const gameId = await buildGame(product.knex, {
        user_1_id: opponent.id,
        user_2_id: player.id,
        created_at: new Date(Date.now() - STARTED_AGO_MS),
      });
      const auth = await sessionOf(product, opponent.id);
      const before = push.received.length;
      const sent = performance.now();
      await post(
        product,
        '/game/submit',
        auth,
        new URLSearchParams({ game_id: String(gameId), score_1: '2', score_2: '1' }),
      );
      const answered = performance.now();
      await push.waitFor(before + 1, 30_000);
      const received = push.received[before]!;
      if (push.refused.length > 0) throw new Error(`the push service refused: ${JSON.stringify(push.refused)}`);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: product.url,
        registrationId,
        data: JSON.stringify(received.payload),
      });
      // Waits until the worker shows it (closed again once seen, so each run starts with none), at most 10 s.
      const seen = await page.evaluate(async (tag) => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const shown = (await registration?.getNotifications({ tag })) ?? [];
          if (shown.length > 0) {
            for (const notification of shown) notification.close();
            return true;
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return false;
      }, received.payload.tag);
      if (!seen) throw new Error(`the service worker showed no notification for ${received.payload.tag} within 10 s`);
      const shown = performance.now();
      if (i < 0) continue;
      submit.push(answered - sent);
      toEndpoint.push(received.at - answered);
      toShown.push(shown - answered);
    }
    console.log(`${runs} results, each submitted by a new opponent; Chromium ${browser.version()}`);
    console.log(line('submit: request to answer', submit));
    console.log(line('answer → push service has it (decrypted)', toEndpoint));
    console.log(line('answer → service worker shows the notification', toShown));
    await context.close();
  } finally {
    await browser.close();
    await push.close();
    await product.stop();
  }
}
