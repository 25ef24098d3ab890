import test from 'ava';
import { NOTIFICATION_KINDS } from './contract/notifications.ts';
import { message } from './messages.ts';
import {
  notificationMail,
  notificationPayload,
  validateNotificationSettings,
  validatePushRemoval,
  validatePushSubscription,
} from './notifications.ts';

const subject = { game_id: 7, thread: { id: 3, title: 'Tactics', category_slug: 'general' } };
const P256DH = 'B'.repeat(87);
const AUTH = 'A'.repeat(22);

test('every kind has a short title and body in English and Swedish, a player-app path and a tag', (t) => {
  for (const kind of NOTIFICATION_KINDS) {
    const en = notificationPayload(kind, subject, 'en');
    const sv = notificationPayload(kind, subject, 'sv');
    t.is(en.kind, kind);
    t.not(en.title, sv.title, kind);
    t.not(en.body, sv.body, kind);
    t.true(en.title.length <= 40 && en.body.length <= 120, kind);
    t.regex(en.url, /^\/[a-z]/, kind);
    t.is(en.url, sv.url);
    t.is(en.tag, sv.tag);
  }
  t.like(notificationPayload('result_submitted', subject, 'en'), { url: '/game/7', tag: 'game-7' });
  t.like(notificationPayload('forum_reply', subject, 'sv'), {
    url: '/forums/general/3',
    body: 'Någon har svarat i "Tactics".',
  });
});

test('a notification e-mail has the title as subject, the link and the unsubscribe link', (t) => {
  const payload = notificationPayload('window_open', {}, 'en');
  const mail = notificationMail(payload, 'en', {
    open: 'https://x.test/play',
    unsubscribe: 'https://x.test/unsubscribe?token=1',
    product: 'eCup',
  });
  t.is(mail.subject, 'eCup: The window is open');
  t.true(mail.text.includes('https://x.test/play'));
  t.true(mail.text.endsWith('https://x.test/unsubscribe?token=1'));
});

test('settings requests: known channels and kinds with booleans only', (t) => {
  t.deepEqual(validateNotificationSettings({ choices: { push: { forum_reply: true }, email: {} } }), {
    ok: true,
    value: { choices: { push: { forum_reply: true }, email: {} } },
  });
  t.deepEqual(validateNotificationSettings({ choices: { sms: {} } }), {
    ok: false,
    ...message('notificationChannelUnknown'),
  });
  t.deepEqual(validateNotificationSettings({ choices: { email: { spam: true } } }), {
    ok: false,
    ...message('notificationKindUnknown'),
  });
  t.deepEqual(validateNotificationSettings({ choices: { email: { forum_reply: 1 } } }), {
    ok: false,
    ...message('notificationChoiceInvalid'),
  });
  t.deepEqual(validateNotificationSettings(null), { ok: false, ...message('notificationChoiceInvalid') });
});

test("push subscriptions: a browser's push service, the tests' loopback one only when named, readable keys", (t) => {
  const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys: { p256dh: P256DH, auth: AUTH }, lang: 'sv' };
  t.deepEqual(validatePushSubscription(body), { ok: true, value: body });
  t.like(validatePushSubscription({ ...body, lang: 'de' }), { ok: true, value: { lang: 'en' } });
  const loopback = { ...body, endpoint: 'http://127.0.0.1:9/push/a' };
  t.true(validatePushSubscription(loopback, [{ hostname: '127.0.0.1', port: null }]).ok);
  t.deepEqual(validatePushSubscription(loopback), { ok: false, ...message('pushEndpointInsecure') });
  t.deepEqual(
    validatePushSubscription({ ...body, endpoint: 'http://evil.test/' }, [{ hostname: '127.0.0.1', port: null }]),
    {
      ok: false,
      ...message('pushEndpointInsecure'),
    },
  );
  t.deepEqual(validatePushSubscription({ ...body, endpoint: 'https://169.254.169.254/latest' }), {
    ok: false,
    ...message('pushEndpointNotAllowed'),
  });
  t.deepEqual(validatePushSubscription({ ...body, keys: { p256dh: 'x', auth: AUTH } }), {
    ok: false,
    ...message('pushSubscriptionInvalid'),
  });
  t.deepEqual(validatePushRemoval({ endpoint: '' }), { ok: false, ...message('pushSubscriptionInvalid') });
  t.deepEqual(validatePushRemoval({ endpoint: body.endpoint }), { ok: true, value: { endpoint: body.endpoint } });
});
