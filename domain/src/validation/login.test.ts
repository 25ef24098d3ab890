import test from 'ava';
import { refusedWith } from '../testing/refusals.ts';
import { MESSAGES } from '../messages.ts';
import { validateLogin } from './login.ts';

const s = (n: number) => 'a'.repeat(n);

const cases: [string, Record<string, unknown>, string | null][] = [
  ['a username and a password', { username: 'kalle', password: 'secret123' }, null],
  ['no username', { password: 'secret123' }, MESSAGES.usernameRequired],
  ['a username of spaces only', { username: '   ', password: 'secret123' }, MESSAGES.usernameRequired],
  ['no password', { username: 'kalle' }, MESSAGES.passwordRequired],
  ['an empty password', { username: 'kalle', password: '' }, MESSAGES.passwordRequired],
  ['neither (the username is asked for first)', {}, MESSAGES.usernameRequired],
  ['a username sent twice (array)', { username: ['a', 'b'], password: 'x' }, MESSAGES.usernameRequired],
  ['a password object', { username: 'kalle', password: { $gt: '' } }, MESSAGES.passwordRequired],
  ['a 15-character username', { username: s(15), password: 'x' }, null],
  ['a 16-character username, which no account can have', { username: s(16), password: 'x' }, MESSAGES.wrongCredentials],
  ['a 100-character password', { username: 'kalle', password: s(100) }, null],
  [
    'a 101-character password, which no account can have',
    { username: 'kalle', password: s(101) },
    MESSAGES.wrongCredentials,
  ],
];

for (const [what, input, expected] of cases) {
  test(expected ? `login refuses ${what} with '${expected}'` : `login accepts ${what}`, (t) => {
    const result = validateLogin(input);
    if (expected === null) t.true(result.ok);
    else t.deepEqual(result, refusedWith(expected));
  });
}

test('login trims the username but not the password', (t) => {
  t.deepEqual(validateLogin({ username: ' kalle ', password: ' pw ' }), {
    ok: true,
    value: { username: 'kalle', password: ' pw ' },
  });
});
