import test from 'ava';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@ecup/db';
import { resolveVapidKeys, VapidError } from '@ecup/security';
import { TEST_VAPID_ENV } from '../helpers/vapid.ts';

const APP_SECRET = 'app-secret-for-production-tests-0123456789';

test('VAPID keys: taken from the environment, generated once into a file in development, required in production', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-vapid-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'vapid.json');

  const given = resolveVapidKeys(TEST_VAPID_ENV, 'https://ecup.example.org', file);
  t.is(given.publicKey, TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
  t.is(given.privateKey, TEST_VAPID_ENV.VAPID_PRIVATE_KEY);
  t.is(given.subject, 'mailto:operations@ecup.example.org');

  const first = resolveVapidKeys({}, 'http://localhost:3000', file);
  t.regex(first.publicKey, /^[A-Za-z0-9_-]{87}$/);
  t.regex(first.privateKey, /^[A-Za-z0-9_-]{43}$/);
  t.is(first.subject, 'mailto:no-reply@ecup.local', "an http:// PUBLIC_URL is no subject: MAIL_FROM's address is");
  t.is(resolveVapidKeys({}, 'https://ecup.example.org', file).subject, 'https://ecup.example.org');
  t.deepEqual(JSON.parse(await readFile(file, 'utf8')), { publicKey: first.publicKey, privateKey: first.privateKey });
  t.deepEqual(resolveVapidKeys({}, 'http://localhost:3000', file), first, 'read from the file afterwards');

  t.throws(() => resolveVapidKeys({ NODE_ENV: 'production' }, 'https://ecup.example.org', file), {
    instanceOf: VapidError,
    message: /^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with NODE_ENV=production/,
  });
  t.throws(
    () => resolveVapidKeys({ VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY }, 'https://ecup.example.org', file),
    { instanceOf: VapidError, message: /must both be set/ },
  );
  t.throws(() => resolveVapidKeys({ ...TEST_VAPID_ENV, VAPID_SUBJECT: 'ops' }, 'https://ecup.example.org', file), {
    message: /^VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
  });

  await writeFile(file, 'not json');
  t.throws(() => resolveVapidKeys({}, 'http://localhost:3000', file), {
    message: /must hold the development VAPID keys/,
  });
});

test('a production configuration without VAPID keys is refused in one line that does not hold a key', (t) => {
  const error = t.throws(() => loadConfig({ NODE_ENV: 'production', APP_SECRET }), { instanceOf: ConfigError });
  t.is(error!.message.split('\n').length, 1);
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET, ...TEST_VAPID_ENV });
  t.is(config.vapid.publicKey, TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
});
