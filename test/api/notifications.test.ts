import test from 'ava';
import {
  NOTIFICATION_KINDS,
  message,
  type MessageName,
  type NotificationSettingsPayload,
  type PushSubscriptionRequest,
} from '@ecup/domain';
import { createSession } from '@ecup/db';
import { unsubscribeToken } from '@ecup/security';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint.ts';
import type { Credentials } from '../helpers/http.ts';

let server: TestServer;
let push: PushEndpoint;
test.before(async () => {
  server = await startTestServer({ label: 'notifyapi' });
  push = await startPushEndpoint(server.config.vapid.publicKey);
});
test.after.always(async () => {
  await server?.close();
  await push?.close();
});

async function withSession() {
  const user = await buildUser(server.knex);
  const { result } = await createSession(server.knex, { user_id: user.id, ip: null, user_agent: null });
  return { user, auth: { id: result.id, token: result.token } };
}

async function call<T = NotificationSettingsPayload>(
  method: string,
  path: string,
  auth: Credentials | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(auth ? { Authorization: `Bearer ${auth.id}:${auth.token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const allOff = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, false]));

test('GET answers every kind off at first, the VAPID public key and no subscription; signed out is 401', async (t) => {
  const { auth } = await withSession();
  const res = await call('GET', '/user/notifications', auth);
  t.is(res.status, 200);
  t.deepEqual(res.body, {
    choices: { push: allOff, email: allOff },
    vapid_public_key: server.config.vapid.publicKey,
    push_subscriptions: 0,
  });
  t.is((await call('GET', '/user/notifications', null)).status, 401);
  t.is((await call('PUT', '/user/notifications', null, { choices: {} })).status, 401);
  t.is((await call('POST', '/user/push-subscription', null, push.subscribe())).status, 401);
});

test('PUT changes the kinds given and keeps the others; GET reads them back', async (t) => {
  const { auth } = await withSession();
  const first = await call('PUT', '/user/notifications', auth, {
    choices: { push: { result_submitted: true, window_open: true }, email: { forum_reply: true } },
  });
  t.is(first.status, 200);
  t.deepEqual(first.body.choices, {
    push: { ...allOff, result_submitted: true, window_open: true },
    email: { ...allOff, forum_reply: true },
  });
  await call('PUT', '/user/notifications', auth, { choices: { push: { window_open: false } } });
  const read = await call('GET', '/user/notifications', auth);
  t.deepEqual(read.body.choices, {
    push: { ...allOff, result_submitted: true },
    email: { ...allOff, forum_reply: true },
  });
});

test('PUT with an unknown channel or kind, or a choice that is not a boolean, is a 400 that changes nothing', async (t) => {
  const { auth } = await withSession();
  const cases: Array<[unknown, MessageName]> = [
    [{ choices: { sms: { forum_reply: true } } }, 'notificationChannelUnknown'],
    [{ choices: { push: { forum_reply: true, birthday: true } } }, 'notificationKindUnknown'],
    [{ choices: { push: { forum_reply: 'yes' } } }, 'notificationChoiceInvalid'],
    [{ choices: { push: [true] } }, 'notificationChoiceInvalid'],
    [{}, 'notificationChoiceInvalid'],
    ['[1,2', 'invalidRequestBody'],
  ];
  for (const [body, name] of cases) {
    const res = await call('PUT', '/user/notifications', auth, body);
    t.is(res.status, 400, JSON.stringify(body));
    t.deepEqual(res.body as unknown, message(name), JSON.stringify(body));
  }
  t.deepEqual((await call('GET', '/user/notifications', auth)).body.choices, { push: allOff, email: allOff });
});

test('a push subscription is stored, updated when sent again, taken over by another player, and removed', async (t) => {
  const a = await withSession();
  const b = await withSession();
  const subscription = push.subscribe('sv');
  const saved = await call('POST', '/user/push-subscription', a.auth, subscription);
  t.is(saved.status, 200);
  t.is(saved.body.push_subscriptions, 1);
  const again: PushSubscriptionRequest = { ...subscription, lang: 'en' };
  t.is((await call('POST', '/user/push-subscription', a.auth, again)).body.push_subscriptions, 1, 'not a second row');
  const rows = await server.knex('push_subscriptions').where('endpoint', subscription.endpoint);
  t.is(rows.length, 1);
  t.like(rows[0], { user_id: a.user.id, lang: 'en', p256dh: subscription.keys.p256dh });

  t.is((await call('POST', '/user/push-subscription', b.auth, subscription)).body.push_subscriptions, 1);
  t.is((await call('GET', '/user/notifications', a.auth)).body.push_subscriptions, 0, 'moved to the other player');

  const notHis = await call('DELETE', '/user/push-subscription', a.auth, { endpoint: subscription.endpoint });
  t.is(notHis.status, 200);
  t.is((await call('GET', '/user/notifications', b.auth)).body.push_subscriptions, 1, "another's stays");
  const removed = await call('POST', '/user/push-subscription/remove', b.auth, { endpoint: subscription.endpoint });
  t.is(removed.body.push_subscriptions, 0);

  const other = push.subscribe();
  await call('POST', '/user/push-subscription', b.auth, other);
  t.is(
    (await call('DELETE', '/user/push-subscription', b.auth, { endpoint: other.endpoint })).body.push_subscriptions,
    0,
  );
});

test('a push subscription with an http:// endpoint other than loopback, or unreadable keys, is a 400', async (t) => {
  const { auth } = await withSession();
  const good = push.subscribe();
  const insecure = await call('POST', '/user/push-subscription', auth, {
    ...good,
    endpoint: 'http://push.example.com/send/1',
  });
  t.is(insecure.status, 400);
  t.deepEqual(insecure.body as unknown, message('pushEndpointInsecure'));
  for (const body of [
    { ...good, endpoint: 'not a url' },
    { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
    { ...good, keys: { p256dh: good.keys.p256dh } },
    { endpoint: good.endpoint },
  ]) {
    const res = await call('POST', '/user/push-subscription', auth, body);
    t.is(res.status, 400, JSON.stringify(body));
    t.deepEqual(res.body as unknown, message('pushSubscriptionInvalid'));
  }
  const removal = await call('DELETE', '/user/push-subscription', auth, {});
  t.is(removal.status, 400);
  t.is((await call('GET', '/user/notifications', auth)).body.push_subscriptions, 0);
});

test('POST /unsubscribe with a valid token turns that e-mail kind off without a session; a forged one is a 400', async (t) => {
  const { user, auth } = await withSession();
  await call('PUT', '/user/notifications', auth, { choices: { email: { forum_reply: true, window_open: true } } });
  const token = unsubscribeToken(server.config.unsubscribeKey, user.id, 'forum_reply');
  const res = await call<Record<string, unknown>>('POST', `/unsubscribe?token=${encodeURIComponent(token)}`, null, {});
  t.is(res.status, 200);
  t.deepEqual(res.body, { unsubscribed: true, kind: 'forum_reply', message: 'You will no longer get these e-mails.' });
  const choices = (await call('GET', '/user/notifications', auth)).body.choices;
  t.false(choices.email.forum_reply);
  t.true(choices.email.window_open, 'other kinds stay');

  const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  for (const bad of [
    forged,
    `${user.id + 1}.forum_reply.${token.split('.')[2]}`,
    `${user.id}.window_open.${token.split('.')[2]}`,
    '',
  ]) {
    const refused = await call('POST', '/unsubscribe', null, { token: bad });
    t.is(refused.status, 400, bad);
    t.deepEqual(refused.body as unknown, message('unsubscribeLinkInvalid'));
  }
  t.true((await call('GET', '/user/notifications', auth)).body.choices.email.window_open);
});
