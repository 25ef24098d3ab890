import test from 'ava';
import { hashPassword, verifyPassword } from './passwords.ts';

test('checks a crowd of passwords at once, each answered for its own password', async (t) => {
  // Cost 10 keeps the test quick; more checks than cores wait their turn for a hashing slot.
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
