import test from 'ava';
import { message } from '../messages.ts';
import { validateEmailChangeLink } from './email-change.ts';

test('an e-mail change link is a positive id and a 64-hex token, in any case', (t) => {
  const token = 'AB'.repeat(32);
  t.deepEqual(validateEmailChangeLink({ id: '7', token }), { ok: true, value: { id: 7, token: token.toLowerCase() } });
});

test('anything else is the invalid-link message', (t) => {
  for (const input of [
    { id: '0', token: 'ab'.repeat(32) },
    { id: 'x', token: 'ab'.repeat(32) },
    { id: '7', token: 'ab'.repeat(31) },
    { id: '7', token: 'zz'.repeat(32) },
    { id: '7' },
  ]) {
    const result = validateEmailChangeLink(input);
    t.false(result.ok);
    t.like(result, { code: 'emailChangeLinkInvalid', error: message('emailChangeLinkInvalid').error });
  }
});
