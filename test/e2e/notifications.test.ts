import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { unsubscribeToken, unsubscribeKeyOf, resolveAppSecret } from '@ecup/security';
import { MESSAGES, type PushSubscriptionRequest } from '@ecup/domain';
import { FIXED_MESSAGES_SV as SPEC_MESSAGES_SV } from '../../player-web/src/i18n/messages-sv.ts';
import { notificationSettings } from '../../player-web/src/features/account/settings/notifications-i18n.ts';
import { newPhonePage } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { buildUser } from '../helpers/factories.ts';
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint.ts';
import { waitFor } from '../helpers/poll.ts';

// The settings page's "Notifications" section in Chromium at 390 px: switches that persist after a reload, Swedish
// labels, and "Turn on notifications in this browser". Headless Chromium here has no push service to reach, so an
// init script replaces the browser's push manager (navigator.serviceWorker.ready's pushManager and the permission
// prompt) with one whose subscription points at the tests' local push service; everything from there on is the app's.

const test = e2eTest('notifications');
const EN = notificationSettings.en;
const SV = notificationSettings.sv;

let push: PushEndpoint;
test.before(async () => {
  push = await startPushEndpoint('unused-in-this-file');
});
test.after.always(async () => push?.close());

async function openSignedIn(page: Page, base: string, path: string, knex: Parameters<typeof buildUser>[0]) {
  const user = await buildUser(knex);
  const { result } = await createSession(knex, { user_id: user.id, ip: null, user_agent: null });
  await page.goto(base);
  await page.evaluate(
    ({ id, token }) => {
      localStorage.setItem('ecup.id', String(id));
      localStorage.setItem('ecup.token', token);
    },
    { id: result.id, token: result.token },
  );
  await page.goto(`${base}${path}`);
  return user;
}

/**
 * Replaces the browser's push manager with one that subscribes at the test push service. The script is a string:
 * a compiled function would carry the test runner's helpers, which the page does not have.
 */
async function fakePushManager(page: Page, subscription: PushSubscriptionRequest) {
  const json = JSON.stringify({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });
  await page.addInitScript(`(() => {
    const json = ${json};
    let subscribed = false;
    const fake = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: () => Promise.resolve(true) };
    const pushManager = {
      getSubscription: () => Promise.resolve(subscribed ? fake : null),
      subscribe: () => { subscribed = true; return Promise.resolve(fake); },
    };
    const registration = { pushManager };
    Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
      configurable: true,
      get: () => Promise.resolve(registration),
    });
    ServiceWorkerContainer.prototype.getRegistration = () => Promise.resolve(registration);
    if (!('PushManager' in window)) window.PushManager = function PushManager() {};
    Notification.requestPermission = () => Promise.resolve('granted');
  })();`);
}

const switchOf = (page: Page, kind: string, channel: string) =>
  page.getByRole('switch', { name: `${kind}: ${channel}` });

test('the switches persist after a reload, at 390 px, and the browser subscribes with the server', async (t) => {
  const { product, browser } = t.context;
  const page = await newPhonePage(browser);
  await page.setViewportSize({ width: 390, height: 800 });
  const subscription = push.subscribe('en');
  await fakePushManager(page, subscription);
  const user = await openSignedIn(page, product.url, '/settings', product.knex);

  const section = page.getByRole('region', { name: EN['account.notifications.title'] });
  await section.waitFor();
  const resultPush = switchOf(
    page,
    EN['account.notifications.kind.result_submitted'],
    EN['account.notifications.push'],
  );
  const forumMail = switchOf(page, EN['account.notifications.kind.forum_reply'], EN['account.notifications.email']);
  t.false(await resultPush.isChecked(), 'every kind starts off');
  await resultPush.check();
  await forumMail.check();
  await page.waitForFunction(() => document.querySelectorAll('input[role="switch"]:checked').length === 2);
  // Saved as flipped: the rows are there before the reload.
  await waitFor(
    async () => (await product.knex('notification_choices').where({ user_id: user.id, enabled: true })).length >= 2,
    { what: 'the switches saved', timeoutMs: 10_000 },
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  t.true(width <= 390, `no sideways scroll at 390 px (${width})`);

  await page.reload();
  await section.waitFor();
  t.true(await resultPush.isChecked());
  t.true(await forumMail.isChecked());
  t.false(
    await switchOf(page, EN['account.notifications.kind.window_open'], EN['account.notifications.push']).isChecked(),
  );

  await section.getByRole('button', { name: EN['account.notifications.turnOn'] }).click();
  await section.getByText(EN['account.notifications.on']).waitFor();
  const rows = await product.knex('push_subscriptions').where({ user_id: user.id });
  t.is(rows.length, 1);
  t.like(rows[0], { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, lang: 'en' });
  await page.context().close();
});

test('in Swedish the section, its switches and the unsubscribe page read in Swedish', async (t) => {
  const { product, browser } = t.context;
  const page = await newPhonePage(browser);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.addInitScript(() => localStorage.setItem('ecup.lang', 'sv'));
  const user = await openSignedIn(page, product.url, '/settings', product.knex);
  const section = page.getByRole('region', { name: SV['account.notifications.title'] });
  await section.waitFor();
  for (const kind of ['result_submitted', 'window_open', 'guardian_approved'] as const) {
    const label = SV[`account.notifications.kind.${kind}`];
    await switchOf(page, label, SV['account.notifications.push']).waitFor({ state: 'attached' });
    await switchOf(page, label, SV['account.notifications.email']).waitFor({ state: 'attached' });
  }
  t.true(await section.getByRole('button', { name: SV['account.notifications.turnOn'] }).isVisible());
  await switchOf(page, SV['account.notifications.kind.window_open'], SV['account.notifications.email']).check();
  await waitFor(
    async () => (await product.knex('notification_choices').where({ user_id: user.id, enabled: true })).length >= 1,
    { what: 'the switch saved', timeoutMs: 10_000 },
  );

  // The e-mail's unsubscribe link (the product signs it with its development APP_SECRET).
  const token = unsubscribeToken(unsubscribeKeyOf(resolveAppSecret()), user.id, 'window_open');
  await page.goto(`${product.url}/unsubscribe?token=${encodeURIComponent(token)}`);
  await page.getByText(SPEC_MESSAGES_SV.unsubscribed).waitFor();
  t.not(SPEC_MESSAGES_SV.unsubscribed, MESSAGES.unsubscribed);
  const choice = await product
    .knex('notification_choices')
    .where({ user_id: user.id, channel: 'email', kind: 'window_open' })
    .first();
  t.false(Boolean(choice!.enabled));
  await page.goto(`${product.url}/unsubscribe?token=forged`);
  await page.getByText(SPEC_MESSAGES_SV.unsubscribeLinkInvalid).waitFor();
  await page.context().close();
});
