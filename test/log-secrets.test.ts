import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { hashPassword, hashToken, newToken } from '@ecup/security';
import { findSecrets, logFiles, secretKinds } from './log-secrets.ts';

const kinds = secretKinds({ 'the password': 'Tr1cky "pass" w/ spaces', 'too short to look for': 'abc' });
const found = (text: string) => findSecrets(text, 'api.log', kinds).map((f) => `${f.what}@${f.line}`);

test('a password is found as written, URL-encoded and inside JSON, with its line', (t) => {
  t.deepEqual(found('ok\nlogin with Tr1cky "pass" w/ spaces'), ['the password@2']);
  t.deepEqual(found(`GET /x?p=${encodeURIComponent('Tr1cky "pass" w/ spaces')}`), ['the password@1']);
  t.deepEqual(found(JSON.stringify({ msg: 'Tr1cky "pass" w/ spaces' })), ['the password@1']);
});

test('a token, a stored token hash and a password hash are found wherever they stand', async (t) => {
  t.deepEqual(found(`{"url":"/auth/7/${newToken()}"}`), ['a token (64 hex characters)@1']);
  t.deepEqual(found(`where token_hash = '${hashToken('x')}'`), ['a token (64 hex characters)@1']);
  t.deepEqual(found(`"password_hash":"${await hashPassword('something long', 10)}"`), ['a password hash@1']);
});

test('ordinary log lines pass: ids, short hex, a 40-character commit, redacted fields, a longer hex run', (t) => {
  const ordinary = [
    '{"level":"info","msg":"eCup is running on http://127.0.0.1:3000","pid":4242}',
    '{"level":"info","req":{"headers":{"authorization":"[redacted]"}},"image":"0123456789abcdef0123456789abcdef"}',
    'version 0dedb8d3b66b9bb3a8c937c729bd07ecb21e1234 abc',
    `a digest ${'ab'.repeat(40)}`,
  ];
  t.deepEqual(found(ordinary.join('\n')), []);
});

test('every log below the folder is read, with its path from the folder', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ecup-log-secrets-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'e2e'));
  writeFileSync(path.join(dir, 'api-1.log'), 'one');
  writeFileSync(path.join(dir, 'e2e', 'scripts-2.log'), 'two');
  t.deepEqual(
    logFiles(dir)
      .map((log) => `${log.name}=${log.text}`)
      .sort(),
    ['api-1.log=one', `${path.join('e2e', 'scripts-2.log')}=two`],
  );
});
