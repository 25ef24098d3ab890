import test from 'ava';
import { browserName, shortAddress } from './devices.ts';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/129.0.6668.69 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 Edg/129.0.2792.79',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  operaLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 OPR/114.0.0.0',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/131.0 Mobile/15E148 Safari/605.1.15',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/129.0.0.0 Safari/537.36',
};

test('names the common browsers with their system', (t) => {
  t.is(browserName(UA.chromeAndroid), 'Chrome on Android');
  t.is(browserName(UA.firefoxWindows), 'Firefox on Windows');
  t.is(browserName(UA.safariIphone), 'Safari on iPhone');
  t.is(browserName(UA.chromeIphone), 'Chrome on iPhone');
  t.is(browserName(UA.safariMac), 'Safari on Mac');
  t.is(browserName(UA.firefoxIpad), 'Firefox on iPad');
});

test('browsers built on Chrome are named as themselves', (t) => {
  t.is(browserName(UA.edgeWindows), 'Edge on Windows');
  t.is(browserName(UA.samsung), 'Samsung Internet on Android');
  t.is(browserName(UA.operaLinux), 'Opera on Linux');
  t.is(browserName(UA.headlessLinux), 'Chrome on Linux');
});

test('an unknown or missing User-Agent is an unknown browser', (t) => {
  t.is(browserName(null), 'Unknown browser');
  t.is(browserName(''), 'Unknown browser');
  t.is(browserName('curl/8.5.0'), 'Unknown browser');
  t.is(browserName('SomeBot (Windows NT 10.0)'), 'A browser on Windows');
});

test('an IPv4 address keeps its first three numbers', (t) => {
  t.is(shortAddress('192.168.1.77'), '192.168.1.x');
  t.is(shortAddress('::ffff:203.0.113.9'), '203.0.113.x');
  t.is(shortAddress('10.0.0.300'), null);
});

test('an IPv6 address keeps its first four groups, written out in full', (t) => {
  t.is(shortAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348'), '2001:db8:85a3:8d3::x');
  t.is(shortAddress('2001:0db8::1'), '2001:db8:0:0::x');
  t.is(shortAddress('fe80::1%eth0'), 'fe80:0:0:0::x');
  t.is(shortAddress('::1'), '0:0:0:0::x');
});

test('the whole address never shows, and what is not an address gives nothing', (t) => {
  t.false(shortAddress('192.168.1.77')!.includes('77'));
  t.false(shortAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')!.includes('7348'));
  t.is(shortAddress(null), null);
  t.is(shortAddress(''), null);
  t.is(shortAddress('not an address'), null);
  t.is(shortAddress('1:2:3:4:5:6:7:8:9'), null);
  t.is(shortAddress('1::2::3'), null);
});
