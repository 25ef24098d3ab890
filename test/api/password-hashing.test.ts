import test from 'ava';
import { message } from '@ecup/domain';
import { scryptSync } from 'node:crypto';
import { rehashPassword } from '@ecup/db';
import {
  HASHING_LIMITS,
  PASSWORD_COST,
  hashPassword,
  hashingStats,
  setHashingLimits,
  verifyPassword,
} from '@ecup/security';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser, signupFields } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';

// The product's own cost (scrypt N=2^14, p=5), and each request from an address of its own so the per-address sign-in
// limit does not meet the crowd.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({
    label: 'pwhash',
    env: { PASSWORD_COST: String(PASSWORD_COST), TRUST_PROXY: 'on', TRUSTED_PROXIES: '127.0.0.1/32,::1' },
  });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => {
  await setHashingLimits(HASHING_LIMITS);
  await server?.close();
});

const storedHash = async (id: number) =>
  ((await server.knex('users').where('id', id).first('password_hash')) as { password_hash: string }).password_hash;

const MiB = 1024 * 1024;

/** A hash as the product stored it before: scrypt N=2^17, r=8, p=1 (128 MiB while it runs). */
function hashBefore(password: string): string {
  const salt = Buffer.from(password.padEnd(16, '.').slice(0, 16));
  const key = scryptSync(password, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 2 ** 28 });
  return ['scrypt', 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

test.serial(
  'a player whose hash is from before (N=2^17 p=1) signs in; the stored hash then is N=2^14 p=5',
  async (t) => {
    const user = await buildUser(server.knex, { password: 'older cost pass 1' });
    const old = hashBefore(user.password);
    await server.knex('users').where('id', user.id).update({ password_hash: old });
    const res = await api.post('/user/login', { username: user.username, password: user.password });
    t.is(res.status, 200);
    const stored = await storedHash(user.id);
    t.regex(stored, /^scrypt\$14\$8\$5\$/);
    t.true(await verifyPassword(user.password, stored));
    t.false(await verifyPassword('not the password', stored));
    // The next sign-in checks the new hash and leaves it as it is.
    t.is((await api.post('/user/login', { username: user.username, password: user.password })).status, 200);
    t.is(await storedHash(user.id), stored);
  },
);

test.serial('a wrong password leaves an older hash as it is', async (t) => {
  const user = await buildUser(server.knex, { password: 'older cost pass 2' });
  const old = hashBefore(user.password);
  await server.knex('users').where('id', user.id).update({ password_hash: old });
  const res = await api.post('/user/login', { username: user.username, password: 'not the password' });
  t.is(res.status, 401);
  t.deepEqual(res.body, message('wrongCredentials'));
  t.is(await storedHash(user.id), old);
});

test.serial('a password changed between the check and the rehash wins over the rehash', async (t) => {
  const user = await buildUser(server.knex, { password: 'older cost pass 3' });
  const checked = await hashPassword(user.password, 12);
  const changed = await hashPassword('the new password 3', 12);
  await server.knex('users').where('id', user.id).update({ password_hash: changed });
  const rehash = await hashPassword(user.password, 17);
  const outcome = await rehashPassword(server.knex, { user_id: user.id, checked_hash: checked, password_hash: rehash });
  t.false(outcome.result.stored);
  t.is(await storedHash(user.id), changed);
});

test.serial(
  'a crowd of sign-ins beyond the hashing line gets 503 with Retry-After and the message, the rest sign in',
  async (t) => {
    // One thread and a line of three: of 16 sign-ins at once, four are checked and the others refused at once.
    await setHashingLimits({ threads: 1, queueMax: 3 });
    try {
      const hash = await hashPassword('crowd password 1', 17);
      const users = await Promise.all(Array.from({ length: 16 }, () => buildUser(server.knex)));
      await server
        .knex('users')
        .whereIn(
          'id',
          users.map((u) => u.id),
        )
        .update({ password_hash: hash });
      const answers = await Promise.all(
        users.map((u) => api.post('/user/login', { username: u.username, password: 'crowd password 1' })),
      );
      const statuses = answers.map((a) => a.status);
      t.deepEqual([...new Set(statuses)].sort(), [200, 503], statuses.join(' '));
      t.true(statuses.filter((s) => s === 200).length >= 4);
      for (const busy of answers.filter((a) => a.status === 503)) {
        t.deepEqual(busy.body, message('hashingBusy'));
        t.is(busy.headers.get('Retry-After'), '5');
      }
      for (const ok of answers.filter((a) => a.status === 200)) t.regex(String(ok.body.token), /^[0-9a-f]{64}$/);
      // A player refused as busy signs in when trying again, and the refusal did not count as a failed attempt.
      const refused = users[statuses.indexOf(503)]!;
      const again = await api.post('/user/login', { username: refused.username, password: 'crowd password 1' });
      t.is(again.status, 200);
    } finally {
      await setHashingLimits(HASHING_LIMITS);
    }
  },
);

test.serial('sign-up and password change wait in the same line and answer the same 503 when it is full', async (t) => {
  await setHashingLimits({ threads: 1, queueMax: 0 });
  try {
    const { user, auth } = await signedInUser(server.knex);
    const fields = signupFields();
    const change = {
      current_password: user.password,
      new_password: 'brand new pass',
      repeat_password: 'brand new pass',
    };
    // A hash at cost 18 (about a second) holds the only thread while the two calls arrive.
    const hog = hashPassword('holds the thread', 18);
    const answers = await Promise.all([
      api.post('/user/signup', fields),
      api.post('/user/password/change', change, { auth }),
    ]);
    await hog;
    for (const res of answers) {
      t.is(res.status, 503);
      t.deepEqual(res.body, message('hashingBusy'));
      t.is(res.headers.get('Retry-After'), '5');
    }
    // Nothing changed: no account, the old password still holds; once the thread is free both go through.
    t.is((await server.knex('users').where('username', fields.username!)).length, 0);
    t.true(await verifyPassword(user.password, await storedHash(user.id)));
    t.is((await api.post('/user/password/change', change, { auth })).status, 200);
    t.is((await api.post('/user/signup', fields)).status, 200);
  } finally {
    await setHashingLimits(HASHING_LIMITS);
  }
});

test.serial(
  'a crowd of sign-ins, with hashes from before and of now, never runs more checks at once than fit in the memory bound',
  async (t) => {
    // Four threads but 32 MiB: two checks of 16 MiB at once; a 128 MiB hash from before runs alone. No longest wait
    // and a line long enough for all: every sign-in waits its turn and none is refused.
    await setHashingLimits({ threads: 4, queueMax: 64, memoryMax: 32 * MiB });
    try {
      const password = 'crowd password 2';
      const [now, before] = [await hashPassword(password), hashBefore(password)];
      const users = await Promise.all(Array.from({ length: 12 }, () => buildUser(server.knex)));
      const old = users.slice(0, 2);
      for (const user of users)
        await server
          .knex('users')
          .where('id', user.id)
          .update({ password_hash: old.includes(user) ? before : now });
      const answers = await Promise.all(users.map((u) => api.post('/user/login', { username: u.username, password })));
      t.deepEqual(
        answers.map((a) => a.status),
        users.map(() => 200),
      );
      const stats = hashingStats();
      t.is(stats.peakRunning, 2, 'two at once at most, though four threads are free');
      // The 128 MiB checks ran alone: beside one of 16 MiB the peak would be 144 MiB.
      t.is(stats.peakBytes, 128 * MiB);
      // The hashes from before were checked, then rehashed at the process's setting.
      for (const user of old) t.regex(await storedHash(user.id), /^scrypt\$14\$8\$5\$/);
    } finally {
      await setHashingLimits(HASHING_LIMITS);
    }
  },
);
