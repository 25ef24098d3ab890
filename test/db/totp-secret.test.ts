import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { seedBase } from '@ecup/db';
import {
  AppSecretError,
  openTotpSecret,
  resolveAppSecret,
  sealTotpSecret,
  totpKeyFromEnv,
  totpKeyOf,
} from '@ecup/security';
import * as enrolment from '../../db/migrations/20261126000003_enrolment.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { buildUser } from '../helpers/factories.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const key = totpKeyOf('a'.repeat(64));

test('a sealed secret opens with its key, differs each time, and holds no plaintext', (t) => {
  const one = sealTotpSecret(key, SECRET);
  const two = sealTotpSecret(key, SECRET);
  t.regex(one, /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
  t.not(one, two, 'a fresh IV each time');
  t.false(one.includes(SECRET));
  t.true(one.length <= 255, 'fits users.totp_secret');
  t.is(openTotpSecret(key, one), SECRET);
  t.is(openTotpSecret(key, two), SECRET);
});

test('another key, a changed ciphertext, tag or IV, or a plaintext value opens nothing', (t) => {
  const sealed = sealTotpSecret(key, SECRET);
  t.is(openTotpSecret(totpKeyOf('b'.repeat(64)), sealed), null);
  const [version, iv, tag, data] = sealed.split(':') as [string, string, string, string];
  const flip = (b64: string) => {
    const bytes = Buffer.from(b64, 'base64');
    bytes[0]! ^= 1;
    return bytes.toString('base64');
  };
  t.is(openTotpSecret(key, [version, iv, tag, flip(data)].join(':')), null);
  t.is(openTotpSecret(key, [version, iv, flip(tag), data].join(':')), null);
  t.is(openTotpSecret(key, [version, flip(iv), tag, data].join(':')), null);
  t.is(openTotpSecret(key, ['v2', iv, tag, data].join(':')), null);
  t.is(openTotpSecret(key, SECRET), null);
  t.is(openTotpSecret(key, ''), null);
});

test('APP_SECRET: taken when long enough, refused when short or missing in production, generated once in development', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-appsecret-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'nested', 'app-secret');
  t.is(resolveAppSecret({ APP_SECRET: 'x'.repeat(32) }, file), 'x'.repeat(32));
  t.throws(() => resolveAppSecret({ APP_SECRET: 'short' }, file), {
    instanceOf: AppSecretError,
    message: /at least 32/,
  });
  t.throws(() => resolveAppSecret({ NODE_ENV: 'production' }, file), {
    instanceOf: AppSecretError,
    message: /^APP_SECRET is required with NODE_ENV=production/,
  });
  // Made once: every later call reads the same secret from the file.
  const made = resolveAppSecret({}, file);
  t.regex(made, /^[0-9a-f]{64}$/);
  t.is((await readFile(file, 'utf8')).trim(), made);
  t.is(resolveAppSecret({}, file), made, 'read again, not made again');
  t.is(resolveAppSecret({ APP_SECRET: 'y'.repeat(40) }, file), 'y'.repeat(40), 'APP_SECRET wins over the file');
});

test('the migration encrypts the plaintext secrets of earlier releases with the key the app finds', async (t) => {
  const db = await createTestDatabase('totpmig');
  t.teardown(() => db.drop());
  await seedBase(db.knex, { now: new Date() });
  const sealed = await buildUser(db.knex, { totp_enabled: true, totp_secret: SECRET });
  // Back to the schema and plaintext of before: `down` opens the encrypted secrets.
  await enrolment.down(db.knex);
  const plain = await db.knex('users').where('id', sealed.id).first('totp_secret');
  t.is(plain!.totp_secret, SECRET);
  const none = await buildUser(db.knex);

  await enrolment.up(db.knex);
  const rows = await db.knex('users').whereIn('id', [sealed.id, none.id]).orderBy('id').pluck('totp_secret');
  t.regex(rows[0]!, /^v1:/);
  t.is(openTotpSecret(totpKeyFromEnv(), rows[0]!), SECRET);
  t.is(rows[1], null);
  t.true(await db.knex.schema.hasTable('recovery_codes'));
  t.true(await db.knex.schema.hasTable('enrolment_links'));
});
