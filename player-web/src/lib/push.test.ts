import test from 'ava';
import { urlBase64ToUint8Array } from './push.ts';

/** An uncompressed P-256 public key: 0x04, then 64 bytes. */
const KEY_BYTES = Uint8Array.from([4, ...Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)]);
const urlBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

test('a VAPID public key in URL-safe base64 gives its 65 bytes, with or without padding', (t) => {
  const key = urlBase64(KEY_BYTES);
  t.regex(key, /[-_]/, 'the sample uses both URL-safe characters');
  t.deepEqual([...urlBase64ToUint8Array(key)], [...KEY_BYTES]);
  t.deepEqual([...urlBase64ToUint8Array(`${key}=`)], [...KEY_BYTES]);
});

test('a key that is not URL-safe base64 of a P-256 public key is refused with a clear error', (t) => {
  t.throws(() => urlBase64ToUint8Array(''), { message: 'The VAPID public key is not URL-safe base64.' });
  t.throws(() => urlBase64ToUint8Array('abc+/def'), { message: 'The VAPID public key is not URL-safe base64.' });
  t.throws(() => urlBase64ToUint8Array('a'), { message: 'The VAPID public key is not URL-safe base64.' });
  t.throws(() => urlBase64ToUint8Array(urlBase64(KEY_BYTES.slice(0, 64))), {
    message: 'The VAPID public key is not a P-256 public key.',
  });
  t.throws(() => urlBase64ToUint8Array(urlBase64(Uint8Array.from([3, ...KEY_BYTES.slice(1)]))), {
    message: 'The VAPID public key is not a P-256 public key.',
  });
});
