import test from 'ava';
import { PUSH_SUBSCRIPTIONS_PER_PLAYER, message, type NotificationSettingsPayload } from '@ecup/domain';
import { ConfigError, createSession, loadConfig } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { TEST_VAPID_ENV } from '../helpers/vapid.ts';

// POST /user/push-subscription takes only the browsers' push services (docs/rules.md "Push subscriptions"). This
// server runs as development does, without the tests' loopback override. Nothing here is ever sent: subscribing
// contacts no push service.

let server: TestServer;
test.before(async () => {
  server = await startTestServer({ label: 'pushhosts', env: { PUSH_ENDPOINT_HOSTS_FOR_TESTS: '' } });
});
test.after.always(async () => {
  await server?.close();
});

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

async function withSession() {
  const user = await buildUser(server.knex);
  const { result } = await createSession(server.knex, { user_id: user.id, ip: null, user_agent: null });
  return { user, auth: `Bearer ${result.id}:${result.token}` };
}

async function subscribe(auth: string, endpoint: string) {
  const res = await fetch(`${server.url}/user/push-subscription`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, keys: KEYS, lang: 'en' }),
  });
  return { status: res.status, body: (await res.json()) as NotificationSettingsPayload & Record<string, unknown> };
}

const endpointsOf = async (userId: number) =>
  (await server.knex('push_subscriptions').where('user_id', userId).orderBy('id')).map((row) => row.endpoint);

test("internal addresses and look-alike hosts are a 400 'not a browser's push service' that stores nothing", async (t) => {
  const { user, auth } = await withSession();
  for (const endpoint of [
    'https://127.0.0.1:6379/',
    'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'https://10.0.0.5/',
    'https://[::1]/',
    'https://fcm.googleapis.com.evil.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pass@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com./fcm/send/x',
    'https://localhost/push',
  ]) {
    const res = await subscribe(auth, endpoint);
    t.is(res.status, 400, endpoint);
    t.deepEqual(res.body as unknown, message('pushEndpointNotAllowed'), endpoint);
  }
  const local = await subscribe(auth, 'http://127.0.0.1:6379/');
  t.is(local.status, 400);
  t.deepEqual(local.body as unknown, message('pushEndpointInsecure'), 'no loopback http:// without the test override');
  t.deepEqual(await endpointsOf(user.id), []);
});

test('an FCM, Mozilla, Apple or WNS endpoint is stored (uppercase hosts as the parser writes them too)', async (t) => {
  const { user, auth } = await withSession();
  const endpoints = [
    'https://fcm.googleapis.com/fcm/send/cXc1:APA91bH',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGuQyavXutnMeAJ2',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://FCM.googleapis.com/fcm/send/upper',
  ];
  for (const endpoint of endpoints) {
    const res = await subscribe(auth, endpoint);
    t.is(res.status, 200, endpoint);
  }
  t.deepEqual(await endpointsOf(user.id), endpoints);
  t.is((await subscribe(auth, endpoints[0]!)).body.push_subscriptions, endpoints.length);
});

test('an 11th browser replaces the one subscribed longest ago; sending one again replaces none', async (t) => {
  const { user, auth } = await withSession();
  const endpoint = (n: number) => `https://fcm.googleapis.com/fcm/send/cap-${user.id}-${n}`;
  for (let n = 1; n <= PUSH_SUBSCRIPTIONS_PER_PLAYER; n += 1) {
    server.clock.advance(1000);
    t.is((await subscribe(auth, endpoint(n))).status, 200);
  }
  server.clock.advance(1000);
  t.is((await subscribe(auth, endpoint(1))).body.push_subscriptions, 10, 'the same browser again');
  t.is((await endpointsOf(user.id)).length, 10);

  server.clock.advance(1000);
  const eleventh = await subscribe(auth, endpoint(11));
  t.is(eleventh.status, 200);
  t.is(eleventh.body.push_subscriptions, 10);
  const kept = await endpointsOf(user.id);
  t.false(kept.includes(endpoint(1)), 'the oldest is gone');
  t.true(kept.includes(endpoint(11)));
  t.deepEqual(kept, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(endpoint));
});

test('twelve browsers subscribing at once leave exactly ten', async (t) => {
  const { user, auth } = await withSession();
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, n) => subscribe(auth, `https://web.push.apple.com/race-${user.id}-${n}`)),
  );
  t.deepEqual(
    answers.map((answer) => answer.status),
    Array.from({ length: 12 }, () => 200),
  );
  t.is((await endpointsOf(user.id)).length, PUSH_SUBSCRIPTIONS_PER_PLAYER);
});

test('a browser moving in from another player is kept and the oldest of its new player goes', async (t) => {
  const a = await withSession();
  const b = await withSession();
  const moving = `https://updates.push.services.mozilla.com/wpush/v2/moving-${a.user.id}`;
  t.is((await subscribe(a.auth, moving)).status, 200);
  for (let n = 1; n <= PUSH_SUBSCRIPTIONS_PER_PLAYER; n += 1) {
    server.clock.advance(1000);
    await subscribe(b.auth, `https://fcm.googleapis.com/fcm/send/b-${b.user.id}-${n}`);
  }
  server.clock.advance(1000);
  t.is((await subscribe(b.auth, moving)).body.push_subscriptions, 10);
  const kept = await endpointsOf(b.user.id);
  t.true(kept.includes(moving));
  t.false(kept.includes(`https://fcm.googleapis.com/fcm/send/b-${b.user.id}-1`));
  t.deepEqual(await endpointsOf(a.user.id), []);
});

test('PUSH_ENDPOINT_HOSTS_FOR_TESTS is refused in production and for any host but loopback', (t) => {
  const production = { NODE_ENV: 'production', APP_SECRET: 'app-secret-for-production-tests-0123456789' };
  t.throws(() => loadConfig({ ...production, ...TEST_VAPID_ENV, PUSH_ENDPOINT_HOSTS_FOR_TESTS: '127.0.0.1' }), {
    instanceOf: ConfigError,
    message: /PUSH_ENDPOINT_HOSTS_FOR_TESTS .* refused with NODE_ENV=production/,
  });
  t.deepEqual(loadConfig({ ...production, ...TEST_VAPID_ENV }).pushEndpointHostsForTests, []);
  t.throws(() => loadConfig({ PUSH_ENDPOINT_HOSTS_FOR_TESTS: '10.0.0.5' }), {
    instanceOf: ConfigError,
    message: /PUSH_ENDPOINT_HOSTS_FOR_TESTS must be loopback hosts/,
  });
  t.deepEqual(loadConfig({ PUSH_ENDPOINT_HOSTS_FOR_TESTS: '127.0.0.1:4100' }).pushEndpointHostsForTests, [
    { hostname: '127.0.0.1', port: '4100' },
  ]);
});
