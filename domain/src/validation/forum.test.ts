import test from 'ava';
import { refusedWith } from '../testing/refusals.ts';
import { MESSAGES } from '../messages.ts';
import { validateForumReply, validateForumThread } from './forum.ts';

const s = (n: number) => 'a'.repeat(n);

const replies: [string, unknown, string | null][] = [
  ['a 2-character reply', 'ab', MESSAGES.messageTooShort],
  ['a 3-character reply', 'abc', null],
  ['a reply of 2 characters padded with spaces', '   ab \n', MESSAGES.messageTooShort],
  ['a 10000-character reply', s(10_000), null],
  ['a 10001-character reply', s(10_001), MESSAGES.messageTooLong],
  ['a 10000-character reply padded with spaces', `  ${s(10_000)}  `, null],
  ['no reply', undefined, MESSAGES.messageTooShort],
  ['a reply sent as an array', ['hello'], MESSAGES.messageTooShort],
];
for (const [what, message, expected] of replies) {
  test(expected ? `forum refuses ${what} with '${expected}'` : `forum accepts ${what}`, (t) => {
    const result = validateForumReply({ message });
    if (expected === null) t.true(result.ok);
    else t.deepEqual(result, refusedWith(expected));
  });
}

test('forum stores the trimmed reply', (t) => {
  t.deepEqual(validateForumReply({ message: '  Good game!  ' }), { ok: true, value: { message: 'Good game!' } });
});

const threads: [string, Record<string, unknown>, string | null][] = [
  ['a 2-character title', { title: 'ab' }, MESSAGES.titleTooShort],
  ['a 3-character title', { title: 'abc' }, null],
  ['a 1000-character title', { title: s(1000) }, null],
  ['a 1001-character title', { title: s(1001) }, MESSAGES.titleTooLong],
  ['a title of spaces', { title: '     ' }, MESSAGES.titleTooShort],
  ['a 2-character message', { message: 'ab' }, MESSAGES.messageTooShort],
  ['a 10001-character message', { message: s(10_001) }, MESSAGES.messageTooLong],
  [
    'a short title and a short message (the title is reported first)',
    { title: 'a', message: 'b' },
    MESSAGES.titleTooShort,
  ],
];
for (const [what, overrides, expected] of threads) {
  test(expected ? `new topic refuses ${what} with '${expected}'` : `new topic accepts ${what}`, (t) => {
    const result = validateForumThread({ title: 'Best formation?', message: 'What do you play?', ...overrides });
    if (expected === null) t.true(result.ok);
    else t.deepEqual(result, refusedWith(expected));
  });
}

test('new topic stores the trimmed title and message', (t) => {
  t.deepEqual(validateForumThread({ title: ' Tactics ', message: ' 4-3-3 or 4-4-2? ' }), {
    ok: true,
    value: { title: 'Tactics', message: '4-3-3 or 4-4-2?' },
  });
});
