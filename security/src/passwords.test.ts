import { scryptSync } from 'node:crypto';
import test from 'ava';
import { createHashPool, HashingBusyError } from './hash-pool.ts';
import {
  HASHING_LIMITS,
  PASSWORD_COST,
  hashPassword,
  needsRehash,
  scryptParallelism,
  setHashingLimits,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts';

/** A stored hash written by hand: scrypt N=2^cost, r=8, p of `password` with this salt and key length. */
function handMade(password: string, salt: Buffer, keyLength: number, cost = 10, p = 1): string {
  const key = scryptSync(password, salt, keyLength, { N: 2 ** cost, r: 8, p, maxmem: 2 ** 28 });
  return ['scrypt', cost, 8, p, salt.toString('base64'), key.toString('base64')].join('$');
}

const MiB = 1024 * 1024;

test.serial('a check beyond the line is refused as busy at once; the rest are answered', async (t) => {
  await setHashingLimits({ threads: 1, queueMax: 2 });
  try {
    const stored = await hashPassword('crowded secret 1', 14);
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, () => verifyPassword('crowded secret 1', stored, 'refuse')),
    );
    // One running and two waiting get their answer; the other three are refused without waiting.
    t.deepEqual(
      answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).name)),
      [true, true, true, 'HashingBusyError', 'HashingBusyError', 'HashingBusyError'],
    );
    // An unknown username's check waits in the same line and is refused alike.
    const dummies = await Promise.allSettled([1, 2, 3, 4].map(() => verifyAgainstDummy('x', 12, 'refuse')));
    t.deepEqual(
      dummies.map((a) => (a.status === 'fulfilled' ? a.value : a.reason instanceof HashingBusyError)),
      [false, false, false, true],
    );
    // Once the line has drained, checks go through again.
    t.true(await verifyPassword('crowded secret 1', stored));
  } finally {
    // The other tests of this file share the process's line at once, behind a cost-17 hash: without a longest wait,
    // a loaded machine that slows that hash cannot turn their checks into busy refusals.
    await setHashingLimits({
      threads: HASHING_LIMITS.threads,
      queueMax: HASHING_LIMITS.queueMax,
      memoryMax: HASHING_LIMITS.memoryMax,
    });
  }
});

test('hashes at an OWASP minimum by default: scrypt N=2^14, r=8, p=5, a 16-byte salt and a 32-byte key', async (t) => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const stored = await hashPassword('correct horse 1');
  clearInterval(timer);
  const [name, cost, r, p, salt, key] = stored.split('$');
  t.deepEqual([name, Number(cost), Number(r), Number(p)], ['scrypt', 14, 8, 5]);
  t.is(PASSWORD_COST, 14);
  t.is(Buffer.from(salt!, 'base64').length, 16);
  t.is(Buffer.from(key!, 'base64').length, 32);
  // The hash ran on another thread: the event loop kept turning meanwhile. A hash on this thread would block the
  // loop until it returned, and the timer could not fire before clearInterval; how often it fired depends on the
  // machine's load, so once is the proof.
  t.true(ticks >= 1, `${ticks} timer ticks during the hash`);
  t.true(await verifyPassword('correct horse 1', stored));
  t.false(needsRehash(stored));
});

test("p follows OWASP's list of equal settings from 13 to 17, and is 1 outside it", (t) => {
  t.deepEqual(
    [11, 12, 13, 14, 15, 16, 17, 18].map((cost) => scryptParallelism(cost)),
    [1, 1, 10, 5, 3, 2, 1, 1],
  );
});

test('a hash of other parameters than the cost asked for needs a rehash; one at it, or a malformed one, does not', async (t) => {
  const cost12 = await hashPassword('older secret 1', 12);
  t.true(needsRehash(cost12));
  t.true(needsRehash(cost12, 13));
  t.false(needsRehash(cost12, 12));
  t.true(needsRehash(cost12, 11));
  // The setting before, N=2^17 p=1 (128 MiB), moves to the default's N=2^14 p=5 (16 MiB), and a p other than the
  // cost's is rehashed too.
  const before = handMade('older secret 2', Buffer.alloc(16, 7), 32, 17, 1);
  t.true(needsRehash(before));
  t.false(needsRehash(before, 17));
  t.true(needsRehash(handMade('older secret 3', Buffer.alloc(16, 8), 32, 14, 1)));
  t.false(needsRehash(await hashPassword('current secret 1')));
  t.false(needsRehash('scrypt$12$8$1$$'));
  t.false(needsRehash(''));
});

test('hashes of the settings before still verify: N=2^17 p=1 and N=2^15 p=1, and every OWASP setting', async (t) => {
  const password = 'an old password 1';
  for (const [cost, p] of [
    [17, 1],
    [15, 1],
    [16, 2],
    [15, 3],
    [13, 10],
  ] as const) {
    const stored = handMade(password, Buffer.alloc(16, cost + p), 32, cost, p);
    t.true(await verifyPassword(password, stored), `N=2^${cost} p=${p}`);
    t.false(await verifyPassword('not the password', stored), `N=2^${cost} p=${p}, wrong password`);
  }
  // A p beyond OWASP's list is not a hash of ours.
  const salt = Buffer.alloc(16, 9);
  const key = scryptSync(password, salt, 32, { N: 2 ** 10, r: 8, p: 11 });
  t.false(
    await verifyPassword(password, ['scrypt', 10, 8, 11, salt.toString('base64'), key.toString('base64')].join('$')),
  );
});

test('checks a crowd of passwords at once, each answered for its own password', async (t) => {
  // Cost 10 keeps the test quick; more checks than threads wait their turn in the line.
  const stored = await Promise.all(['alpha-secret-1', 'bravo-secret-2'].map((p) => hashPassword(p, 10)));
  const checks = Array.from({ length: 12 }, (_, i) => ({
    password: i % 3 === 0 ? 'wrong-password' : i % 2 === 0 ? 'alpha-secret-1' : 'bravo-secret-2',
    hash: stored[i % 2]!,
  }));
  const answers = await Promise.all(checks.map(({ password, hash }) => verifyPassword(password, hash)));
  t.deepEqual(
    answers,
    checks.map(({ password, hash }) => password === (hash === stored[0] ? 'alpha-secret-1' : 'bravo-secret-2')),
  );
  t.true(answers.includes(true));
  t.true(answers.includes(false));
});

test('a stored hash with a missing or short salt or key never matches, not even its own password', async (t) => {
  const password = 'the real password 1';
  const salt = Buffer.from('0123456789abcdef');
  const good = handMade(password, salt, 32);
  t.true(await verifyPassword(password, good));
  const [head, saltText, keyText] = [good.split('$').slice(0, 4).join('$'), ...good.split('$').slice(4)];
  const key = Buffer.from(keyText!, 'base64');
  const refused = {
    'empty key': `${head}$${saltText}$`,
    'key of 15 bytes (a prefix of the real key)': `${head}$${saltText}$${key.subarray(0, 15).toString('base64')}`,
    'empty salt': `${head}$$${keyText}`,
    'salt of 8 bytes': handMade(password, salt.subarray(0, 8), 32),
    'key with a letter outside base64': `${head}$${saltText}$${keyText!.slice(0, -2)}*=`,
    'key without its padding': `${head}$${saltText}$${keyText!.replace(/=+$/, '')}`,
    'salt with a base64url letter': `${head}$${saltText!.replace('M', '-')}$${keyText}`,
    'cost written as 1e1': `scrypt$1e1$8$1$${saltText}$${keyText}`,
    'seven parts': `${good}$`,
    'another scheme': good.replace(/^scrypt/, 'bcrypt'),
  };
  for (const [what, stored] of Object.entries(refused)) {
    t.false(await verifyPassword(password, stored), what);
    t.false(await verifyPassword('', stored), `${what}, empty password`);
  }
  // A 16-byte prefix of the real key is still a key: the floor is 16 bytes, not the full 32.
  t.true(await verifyPassword(password, `${head}$${saltText}$${key.subarray(0, 16).toString('base64')}`));
});

test('the pool runs at most its threads at once and refuses beyond its line', async (t) => {
  const pool = createHashPool({ threads: 2, queueMax: 1 });
  try {
    const job = { password: 'p', salt: Buffer.alloc(16, 1), keylen: 32, N: 2 ** 12, r: 8, p: 1, maxmem: 2 ** 25 };
    t.false(pool.full(job));
    const runs = Array.from({ length: 5 }, () => pool.scrypt(job, 'refuse'));
    t.is(pool.waiting(), 1);
    t.true(pool.full(job), 'a sign-in asking now is told at once');
    const answers = await Promise.allSettled(runs);
    t.false(pool.full(job));
    t.deepEqual(
      answers.map((a) => a.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected'],
    );
    const expected = scryptSync('p', Buffer.alloc(16, 1), 32, { N: 2 ** 12, r: 8, p: 1 });
    t.deepEqual((answers[0] as PromiseFulfilledResult<Buffer>).value, expected);
    t.true((answers[3] as PromiseRejectedResult).reason instanceof HashingBusyError);
  } finally {
    await pool.close();
  }
});

test('the pool refuses at once a check it would answer later than its longest wait, at the recent pace', async (t) => {
  const pool = createHashPool({ threads: 1, queueMax: 10, maxWaitMs: 1 });
  try {
    const job = { password: 'p', salt: Buffer.alloc(16, 2), keylen: 32, N: 2 ** 12, r: 8, p: 1, maxmem: 2 ** 25 };
    // The first hash sets the pace (more than a millisecond); then only a check that finds the thread free runs.
    await pool.scrypt(job, 'refuse');
    const answers = await Promise.allSettled([
      pool.scrypt(job, 'refuse'),
      pool.scrypt(job, 'refuse'),
      pool.scrypt(job, 'refuse'),
    ]);
    t.deepEqual(
      answers.map((a) => (a.status === 'fulfilled' ? 'answered' : (a.reason as Error).name)),
      ['answered', 'HashingBusyError', 'HashingBusyError'],
    );
  } finally {
    await pool.close();
  }
});

test('a check that waited in line longer than the longest wait is refused instead of hashed late', async (t) => {
  // No pace assumed, so both are let in; the first hash (64 MiB) outlasts the second's longest wait of 20 ms.
  const pool = createHashPool({ threads: 1, queueMax: 5, maxWaitMs: 20 });
  try {
    const job = (N: number) => ({
      password: 'p',
      salt: Buffer.alloc(16, 3),
      keylen: 32,
      N,
      r: 8,
      p: 1,
      maxmem: 2 ** 28,
    });
    const answers = await Promise.allSettled([
      pool.scrypt(job(2 ** 16), 'refuse'),
      pool.scrypt(job(2 ** 10), 'refuse'),
    ]);
    t.deepEqual(
      answers.map((a) => (a.status === 'fulfilled' ? 'answered' : (a.reason as Error).name)),
      ['answered', 'HashingBusyError'],
    );
  } finally {
    await pool.close();
  }
});

test('work that waits its turn (seeding, the CLI) is never refused, however full the line and slow the pace', async (t) => {
  const pool = createHashPool({ threads: 1, queueMax: 1, maxWaitMs: 1 });
  try {
    const job = { password: 'p', salt: Buffer.alloc(16, 4), keylen: 32, N: 2 ** 12, r: 8, p: 1, maxmem: 2 ** 25 };
    const waiting = Array.from({ length: 4 }, () => pool.scrypt(job, 'wait'));
    await t.throwsAsync(pool.scrypt(job, 'refuse'), { instanceOf: HashingBusyError }, 'a request is still refused');
    const answers = await Promise.allSettled(waiting);
    t.deepEqual(
      answers.map((a) => a.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'],
    );
  } finally {
    await pool.close();
  }
});

test('the pool runs only as many hashes at once as fit in its memory; a larger one runs alone', async (t) => {
  // Four threads, but 32 MiB: two hashes of 16 MiB at once; one of 64 MiB runs when nothing else does.
  const pool = createHashPool({ threads: 4, queueMax: 100, memoryMax: 32 * MiB });
  try {
    const job = (N: number, i: number) => ({
      password: `p${i}`,
      salt: Buffer.alloc(16, i),
      keylen: 32,
      N,
      r: 8,
      p: 1,
      maxmem: 2 ** 28,
    });
    const sizes = [...Array<number>(6).fill(2 ** 14), 2 ** 16, ...Array<number>(6).fill(2 ** 14)];
    const seen: number[] = [];
    const runs = sizes.map((N, i) =>
      pool.scrypt(job(N, i), 'refuse').then((key) => {
        seen.push(pool.stats().running);
        return key;
      }),
    );
    t.is(pool.stats().running, 2, 'two start at once, the others wait');
    t.is(pool.waiting(), sizes.length - 2);
    const keys = await Promise.all(runs);
    t.deepEqual(keys[6], scryptSync('p6', Buffer.alloc(16, 6), 32, { N: 2 ** 16, r: 8, p: 1, maxmem: 2 ** 28 }));
    const stats = pool.stats();
    t.is(stats.peakRunning, 2);
    // 64 MiB at most at once: the large one never ran beside another (that would be 80 MiB).
    t.is(stats.peakBytes, 64 * MiB);
    t.deepEqual([stats.running, stats.runningBytes], [0, 0]);
    t.true(
      seen.every((n) => n <= 2),
      seen.join(' '),
    );
  } finally {
    await pool.close();
  }
});
