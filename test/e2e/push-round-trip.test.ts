import type { Browser, CDPSession, Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { resolveVapidKeys } from '@ecup/security';
import { MESSAGES, notificationPayload, type PushPayload, type PushSubscriptionRequest } from '@ecup/domain';
import { FIXED_MESSAGES_SV } from '../../player-web/src/i18n/messages-sv.ts';
import { notificationSettings } from '../../player-web/src/features/account/settings/notifications-i18n.ts';
import { activeWorkerRegistration } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { startPushEndpoint } from '../helpers/push-endpoint.ts';
import { waitFor } from '../helpers/poll.ts';

/**
 * Notifications end to end against the whole product: a player turns push on in the settings (Chromium grants the
 * permission), the opponent submits a result through the API, the worker's notification job signs and encrypts a
 * Web Push message to the local test push service (which checks the VAPID signature and decrypts it with the
 * subscription's keys), the decrypted message is handed to the player's service worker (CDP
 * ServiceWorker.deliverPushMessage: headless Chromium has no push service of its own) and the worker shows the
 * notification in the player's language; its page is the game. The notification e-mail's unsubscribe link, opened
 * in Chromium, turns the e-mail off, in English and in Swedish.
 */
const test = e2eTest('pushtrip');

/** The result form opens 12 minutes after a game starts (docs/product.md#states); games are made as if started 13 minutes ago. */
const STARTED_AGO_MS = 13 * 60_000;

type Lang = 'en' | 'sv';

/** A page 390 px wide with the app's service worker allowed, in a browser whose language is `lang`. */
async function phoneWithWorker(browser: Browser, product: RunningProduct, lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: lang === 'sv' ? 'sv-SE' : 'en-GB',
  });
  await context.grantPermissions(['notifications'], { origin: product.url });
  return context.newPage();
}

/** Signs the page in as `userId` (the session the sign-in form would store) and opens `path`. */
async function signIn(page: Page, product: RunningProduct, userId: number, path: string) {
  const session = await createSession(product.knex, { user_id: userId, ip: null, user_agent: null });
  await page.goto(product.url);
  await page.evaluate(
    ({ id, token }) => {
      localStorage.setItem('ecup.id', String(id));
      localStorage.setItem('ecup.token', token);
    },
    { id: userId, token: session.result.token },
  );
  await page.goto(`${product.url}${path}`);
}

/**
 * The browser's push manager subscribes at the test push service: headless Chromium reaches no real one. Only
 * `subscribe` and `getSubscription` are replaced; the service worker registration, the permission and the
 * notifications stay Chromium's own.
 */
async function pushManagerAt(page: Page, subscription: PushSubscriptionRequest) {
  const json = JSON.stringify({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });
  await page.addInitScript(`(() => {
    const json = ${json};
    let subscribed = false;
    const fake = {
      endpoint: json.endpoint,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => json,
      unsubscribe: () => { subscribed = false; return Promise.resolve(true); },
    };
    PushManager.prototype.getSubscription = function () { return Promise.resolve(subscribed ? fake : null); };
    PushManager.prototype.subscribe = function () { subscribed = true; return Promise.resolve(fake); };
  })();`);
}

/** The app's service worker registration id, once the worker controls the page. */
async function controlledBy(page: Page, product: RunningProduct): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await page.context().newCDPSession(page);
  const registered = await activeWorkerRegistration(cdp, product.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
  return { cdp, registrationId: await registered };
}

/** The notifications the service worker shows, polled until there is one (for at most 10 s). */
async function shownNotifications(page: Page) {
  const read = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return ((await registration?.getNotifications()) ?? []).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        data: notification.data as { url?: string } | null,
      }));
    });
  return waitFor(
    async () => {
      const shown = await read();
      return shown.length > 0 && shown;
    },
    { what: 'a notification shown by the service worker', timeoutMs: 10_000 },
  );
}

/** A game between `submitter` (seat 1) and `opponent` that reached the result form, and a 2–1 submitted by seat 1. */
async function submitResult(product: RunningProduct, submitter: number, opponent: number): Promise<number> {
  const game_id = await buildGame(product.knex, {
    user_1_id: submitter,
    user_2_id: opponent,
    created_at: new Date(Date.now() - STARTED_AGO_MS),
  });
  const session = await createSession(product.knex, { user_id: submitter, ip: null, user_agent: null });
  const answer = await client(product.url).post(
    '/game/submit',
    { game_id: String(game_id), score_1: '2', score_2: '1' },
    { auth: { id: submitter, token: session.result.token } },
  );
  if (answer.status !== 200) throw new Error(`/game/submit answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return game_id;
}

const switchOf = (page: Page, lang: Lang, channel: 'push' | 'email') => {
  const words = notificationSettings[lang];
  return page.getByRole('switch', {
    name: `${words['account.notifications.kind.result_submitted']}: ${words[`account.notifications.${channel}`]}`,
  });
};

async function waitForRows(what: () => Promise<unknown[]>, count: number, label: string) {
  await waitFor(async () => (await what()).length >= count, { what: `${label} saved`, timeoutMs: 10_000 });
}

test('a result submitted by the opponent reaches the player as a push in Swedish that opens the game', async (t) => {
  const { product, browser } = t.context;
  // The product and this test read one development key pair (.data/vapid.json of the checkout).
  const push = await startPushEndpoint(resolveVapidKeys({}, product.url).publicKey);
  t.teardown(() => push.close());
  const anna = await buildUser(product.knex, { username: 'TripAnna' });
  const bo = await buildUser(product.knex, { username: 'TripBo' });

  const page = await phoneWithWorker(browser, product, 'sv');
  t.teardown(() => page.context().close());
  const subscription = push.subscribe('sv');
  await pushManagerAt(page, subscription);
  await signIn(page, product, bo.id, '/settings');
  const { cdp, registrationId } = await controlledBy(page, product);

  const words = notificationSettings.sv;
  const section = page.getByRole('region', { name: words['account.notifications.title'] });
  await section.waitFor();
  await switchOf(page, 'sv', 'push').check();
  await switchOf(page, 'sv', 'email').check();
  await waitForRows(
    () => product.knex('notification_choices').where({ user_id: bo.id, kind: 'result_submitted', enabled: true }),
    2,
    'the push and e-mail switches',
  );
  await section.getByRole('button', { name: words['account.notifications.turnOn'] }).click();
  await section.getByText(words['account.notifications.on']).waitFor();
  const rows = await product.knex('push_subscriptions').where({ user_id: bo.id });
  t.like(rows[0], { endpoint: subscription.endpoint, lang: 'sv' });

  const gameId = await submitResult(product, anna.id, bo.id);
  await push.waitFor(1, 15_000);
  t.deepEqual(push.refused, [], 'the VAPID signature held and the payload decrypted');
  const [received] = push.receivedBy(subscription.endpoint);
  const expected: PushPayload = notificationPayload('result_submitted', { game_id: gameId }, 'sv');
  t.deepEqual(received, expected);
  t.not(expected.title, notificationPayload('result_submitted', { game_id: gameId }, 'en').title);

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: product.url,
    registrationId,
    data: JSON.stringify(received),
  });
  const shown = await shownNotifications(page);
  t.deepEqual(shown, [{ title: expected.title, body: expected.body, tag: expected.tag, data: { url: expected.url } }]);

  await page.goto(`${product.url}${shown[0]!.data!.url}`);
  await page.locator('[data-player="TripAnna"]').waitFor();
  t.is(new URL(page.url()).pathname, `/game/${gameId}`);

  // The same result's e-mail, in the language of the browser that subscribed, with its one-click unsubscribe link.
  const mail = await waitForMail(product.outbox, bo.email);
  t.true(mail.includes('Vill du inte längre få de här e-breven?'));
  await page.goto(linkIn(mail, `${product.url}/unsubscribe?token=`));
  await page.getByText(FIXED_MESSAGES_SV.unsubscribed).waitFor();
  const choices = await product.knex('notification_choices').where({ user_id: bo.id, kind: 'result_submitted' });
  t.deepEqual(Object.fromEntries(choices.map((choice) => [choice.channel, Boolean(choice.enabled)])), {
    email: false,
    push: true,
  });
  await page.goto(`${product.url}/settings`);
  await section.waitFor();
  t.false(await switchOf(page, 'sv', 'email').isChecked());
  t.true(await switchOf(page, 'sv', 'push').isChecked());
});

test('the unsubscribe link of an English notification e-mail turns that e-mail off', async (t) => {
  const { product, browser } = t.context;
  const carl = await buildUser(product.knex, { username: 'TripCarl' });
  const dana = await buildUser(product.knex, { username: 'TripDana' });
  await product.knex('notification_choices').insert({
    user_id: dana.id,
    kind: 'result_submitted',
    channel: 'email',
    enabled: true,
  });
  await submitResult(product, carl.id, dana.id);
  const mail = await waitForMail(product.outbox, dana.email);
  t.true(mail.includes('Verify the result'));

  const page = await phoneWithWorker(browser, product, 'en');
  t.teardown(() => page.context().close());
  await page.goto(linkIn(mail, `${product.url}/unsubscribe?token=`));
  await page.getByText(MESSAGES.unsubscribed).waitFor();
  const choice = await product
    .knex('notification_choices')
    .where({ user_id: dana.id, kind: 'result_submitted', channel: 'email' })
    .first();
  t.false(Boolean(choice!.enabled));

  await signIn(page, product, dana.id, '/settings');
  await page.getByRole('region', { name: notificationSettings.en['account.notifications.title'] }).waitFor();
  t.false(await switchOf(page, 'en', 'email').isChecked());
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  t.true(width <= 390, `no sideways scroll at 390 px (${width})`);
});
