import test from 'ava';
import { parsePushTestHosts, pushEndpointRefusal } from './push-endpoints.ts';

test("the browsers' push services are accepted: FCM, Mozilla's autopush, WNS and Apple's", (t) => {
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
    'https://fcm.googleapis.com/wp/cX1',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://updates-autopush.stage.push.services.mozilla.com/wpush/v1/x',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGuQyavXutnMeAJ2',
    'https://api.push.apple.com/3/device/abc',
    'https://FCM.GoogleAPIs.com/fcm/send/upper',
    'https://fcm.googleapis.com:443/fcm/send/default-port',
  ]) {
    t.is(pushEndpointRefusal(endpoint), null, endpoint);
  }
});

test('loopback, private and cloud-metadata addresses are refused, and so is any address or other host', (t) => {
  for (const endpoint of [
    'https://127.0.0.1:6379/',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.5/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://2130706433/',
    'https://0x7f.0.0.1/',
    'https://localhost/',
    'https://push.example.com/a',
    'https://googleapis.com/fcm/send/x',
    'https://android.googleapis.com/gcm/send/legacy',
    'https://fcm.googleapis.com.evil.com/fcm/send/x',
    'https://evilfcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com./fcm/send/trailing-dot',
    'https://apple.com/',
    'https://notwindows.com/',
    'https://xn--fcm-googleapis-com-xyz.evil/',
    'https://fcm.googleapis.cοm/fcm/send/greek-omicron',
  ]) {
    t.is(pushEndpointRefusal(endpoint), 'pushEndpointNotAllowed', endpoint);
  }
});

test('a port, a user name or a password in the address is refused, even at a push service', (t) => {
  for (const endpoint of [
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://fcm.googleapis.com:80/fcm/send/x',
    'https://user@fcm.googleapis.com/fcm/send/x',
    'https://user:pass@updates.push.services.mozilla.com/wpush/v2/x',
    'https://fcm.googleapis.com@169.254.169.254/',
  ]) {
    t.is(pushEndpointRefusal(endpoint), 'pushEndpointNotAllowed', endpoint);
  }
});

test('anything but https:// is insecure, and what is no URL cannot be read', (t) => {
  t.is(pushEndpointRefusal('http://fcm.googleapis.com/fcm/send/x'), 'pushEndpointInsecure');
  t.is(pushEndpointRefusal('ftp://fcm.googleapis.com/x'), 'pushEndpointInsecure');
  t.is(pushEndpointRefusal('javascript:alert(1)'), 'pushEndpointInsecure');
  t.is(pushEndpointRefusal('http://127.0.0.1:9/push/a'), 'pushEndpointInsecure');
  t.is(pushEndpointRefusal('not a url'), 'pushSubscriptionInvalid');
  t.is(pushEndpointRefusal(''), 'pushSubscriptionInvalid');
});

test('the test-only hosts let a loopback push service in, on its port or any, and nothing else', (t) => {
  const anyPort = parsePushTestHosts('127.0.0.1')!;
  t.deepEqual(anyPort, [{ hostname: '127.0.0.1', port: null }]);
  t.is(pushEndpointRefusal('http://127.0.0.1:9/push/a', anyPort), null);
  t.is(pushEndpointRefusal('https://127.0.0.1:6379/', anyPort), null, 'the override is for tests only');
  t.is(pushEndpointRefusal('http://user:pw@127.0.0.1:9/push/a', anyPort), 'pushEndpointNotAllowed');
  t.is(pushEndpointRefusal('http://10.0.0.5/', anyPort), 'pushEndpointInsecure');
  t.is(pushEndpointRefusal('https://10.0.0.5/', anyPort), 'pushEndpointNotAllowed');
  t.is(pushEndpointRefusal('https://fcm.googleapis.com/fcm/send/x', anyPort), null, 'the real ones stay');

  const onePort = parsePushTestHosts(' 127.0.0.1:4100 , [::1]:4200')!;
  t.deepEqual(onePort, [
    { hostname: '127.0.0.1', port: '4100' },
    { hostname: '[::1]', port: '4200' },
  ]);
  t.is(pushEndpointRefusal('http://127.0.0.1:4100/push/a', onePort), null);
  t.is(pushEndpointRefusal('http://[::1]:4200/push/a', onePort), null);
  t.is(pushEndpointRefusal('https://127.0.0.1:6379/', onePort), 'pushEndpointNotAllowed');
  t.is(pushEndpointRefusal('http://127.0.0.1:6379/', onePort), 'pushEndpointInsecure');
  t.is(pushEndpointRefusal('https://[::1]/', onePort), 'pushEndpointNotAllowed');

  t.deepEqual(parsePushTestHosts(''), []);
  t.deepEqual(parsePushTestHosts('localhost:80'), [{ hostname: 'localhost', port: '80' }]);
  for (const bad of ['10.0.0.5', '169.254.169.254:80', 'fcm.googleapis.com', '127.0.0.1/x', 'a@127.0.0.1', '[::2]']) {
    t.is(parsePushTestHosts(bad), null, bad);
  }
});
