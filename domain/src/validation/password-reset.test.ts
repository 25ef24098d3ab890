import test from 'ava';
import { refusedWith } from '../testing/refusals.ts';
import { MESSAGES } from '../messages.ts';
import { validateForgotPassword, validateResetPassword } from './password-reset.ts';

const s = (n: number) => 'a'.repeat(n);
const email = (n: number) => `${s(n - 6)}@b.com`;

const forgot: [string, Record<string, unknown>, string | null][] = [
  ['a username and an e-mail', { username: 'kalle', email: 'kalle@example.com' }, null],
  ['an empty username', { username: '', email: 'kalle@example.com' }, MESSAGES.noUserWithUsername],
  ['a username of spaces', { username: '  ', email: 'kalle@example.com' }, MESSAGES.noUserWithUsername],
  ['a 25-character username', { username: s(25), email: 'kalle@example.com' }, null],
  ['a 26-character username', { username: s(26), email: 'kalle@example.com' }, MESSAGES.noUserWithUsername],
  ['an empty e-mail', { username: 'kalle', email: '' }, MESSAGES.noUserWithEmail],
  ['no e-mail', { username: 'kalle' }, MESSAGES.noUserWithEmail],
  ['a 254-character e-mail', { username: 'kalle', email: email(254) }, null],
  ['a 255-character e-mail', { username: 'kalle', email: email(255) }, MESSAGES.noUserWithEmail],
  ['an e-mail sent as an object', { username: 'kalle', email: { a: 1 } }, MESSAGES.noUserWithEmail],
];

for (const [what, input, expected] of forgot) {
  test(expected ? `forgot password refuses ${what} with '${expected}'` : `forgot password accepts ${what}`, (t) => {
    const result = validateForgotPassword(input);
    if (expected === null) t.true(result.ok);
    else t.deepEqual(result, refusedWith(expected));
  });
}

const link = { id: '7', uid: '42', token: 'abcDEF123_-', password: 'new-secret', repeat_password: 'new-secret' };

const reset: [string, Record<string, unknown>, string | null][] = [
  ['a valid link and password', {}, null],
  ['a link without a request id', { id: undefined }, MESSAGES.resetLinkInvalid],
  ['request id 0', { id: '0' }, MESSAGES.resetLinkInvalid],
  ['request id -1', { id: '-1' }, MESSAGES.resetLinkInvalid],
  ["request id 'abc'", { id: 'abc' }, MESSAGES.resetLinkInvalid],
  ['request id 1.5', { id: 1.5 }, MESSAGES.resetLinkInvalid],
  ['request id 1 as a JSON number', { id: 1 }, null],
  ['a link without a user id', { uid: undefined }, MESSAGES.resetLinkInvalid],
  ['user id 0', { uid: 0 }, MESSAGES.resetLinkInvalid],
  ['an empty token', { token: '' }, MESSAGES.resetLinkInvalid],
  ['a token sent as an array', { token: ['abc'] }, MESSAGES.resetLinkInvalid],
  ['a 200-character token', { token: 'a'.repeat(200) }, null],
  ['a 201-character token', { token: 'a'.repeat(201) }, MESSAGES.resetLinkInvalid],
  ['a 7-character password', { password: s(7), repeat_password: s(7) }, MESSAGES.resetPasswordTooShort],
  ['an 8-character password', { password: s(8), repeat_password: s(8) }, null],
  ['a 100-character password', { password: s(100), repeat_password: s(100) }, null],
  ['a 101-character password', { password: s(101), repeat_password: s(101) }, MESSAGES.passwordTooLong],
  ['no password', { password: undefined, repeat_password: undefined }, MESSAGES.resetPasswordTooShort],
  ['a different repeat', { repeat_password: 'new-secreT' }, MESSAGES.resetPasswordMismatch],
  ['no repeat (raw API client)', { repeat_password: undefined }, null],
  [
    'a bad link and a short password (the link is reported first)',
    { id: 'x', password: 'x' },
    MESSAGES.resetLinkInvalid,
  ],
];

for (const [what, overrides, expected] of reset) {
  test(expected ? `reset password refuses ${what} with '${expected}'` : `reset password accepts ${what}`, (t) => {
    const result = validateResetPassword({ ...link, ...overrides });
    if (expected === null) t.true(result.ok, JSON.stringify(result));
    else t.deepEqual(result, refusedWith(expected));
  });
}

test('reset password returns numeric ids, the trimmed token and the untouched password', (t) => {
  t.deepEqual(
    validateResetPassword({ ...link, token: ' tok ', password: ' spaced pw ', repeat_password: ' spaced pw ' }),
    {
      ok: true,
      value: { id: 7, uid: 42, token: 'tok', password: ' spaced pw ' },
    },
  );
});
