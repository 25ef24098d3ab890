import test from 'ava';
import { CONSOLE_PLAYSTATION, CONSOLE_XBOX, PSN_ID_MIN, XBOX_GAMER_TAG_MIN } from '../constants.ts';
import { MESSAGES, type MessageName } from '../messages.ts';
import { gamerTagError, isEmailAddress, mailboxOf, parseConsole, sameMailbox } from './fields.ts';

// Xbox is closed this season, so its wording is only reachable through the shared rule.
const xbox: [string, string, MessageName | null][] = [
  ['an empty Xbox Live Gamertag', '', 'xboxGamertagTooShort'],
  ['a 1-character Xbox Live Gamertag', 'k', null],
  ['a 25-character Xbox Live Gamertag', 'k'.repeat(25), null],
  ['a 26-character Xbox Live Gamertag', 'k'.repeat(26), 'xboxGamertagTooLong'],
  ["an Xbox Live Gamertag with '#'", 'kalle#1', 'xboxGamertagIllegal'],
];
for (const [what, tag, expected] of xbox) {
  test(
    expected ? `gamer tag rule refuses ${what} with '${MESSAGES[expected]}'` : `gamer tag rule accepts ${what}`,
    (t) => {
      t.is(gamerTagError(tag, CONSOLE_XBOX, XBOX_GAMER_TAG_MIN), expected);
    },
  );
}

test("gamer tag rule words PSN IDs as 'PSN Live ID'", (t) => {
  t.is(gamerTagError('kalle#1', CONSOLE_PLAYSTATION, PSN_ID_MIN), 'psnIdIllegal');
  t.is(gamerTagError('ka', CONSOLE_PLAYSTATION, PSN_ID_MIN), 'psnIdTooShort');
});

test('parseConsole reads 0 and 1 as numbers or text and nothing else', (t) => {
  t.is(parseConsole('0'), 0);
  t.is(parseConsole(1), 1);
  t.is(parseConsole(' 1 '), 1);
  for (const bad of [2, -1, '', 'xbox', null, undefined, true, [1], 1.5]) t.is(parseConsole(bad), undefined);
});

test('isEmailAddress applies the lower bound it is given', (t) => {
  t.true(isEmailAddress('a@b.c'));
  t.false(isEmailAddress('a@b.c', 6));
  t.false(isEmailAddress('.@b'));
  t.false(isEmailAddress('a@b.c\u0000'));
});

const mailboxes: [string, string][] = [
  ['Kalle.Svensson+x@GMail.com', 'kallesvensson@gmail.com'],
  ['kalle.svensson@googlemail.com', 'kallesvensson@gmail.com'],
  [' KALLE@Example.com ', 'kalle@example.com'],
  ['kalle+cup@example.com', 'kalle@example.com'],
  // Dots matter outside Gmail: another provider may give them to different people.
  ['kalle.svensson@example.com', 'kalle.svensson@example.com'],
  // A local part that starts with '+' keeps it: nothing would be left to compare.
  ['+kalle@example.com', '+kalle@example.com'],
  ['not-an-address', 'not-an-address'],
];
for (const [address, inbox] of mailboxes) {
  test(`mailboxOf('${address}') is '${inbox}'`, (t) => {
    t.is(mailboxOf(address), inbox);
  });
}

test('sameMailbox tells a Gmail alias of an address from a different address', (t) => {
  t.true(sameMailbox('Kalle.Svensson+x@GMail.com', 'kallesvensson@googlemail.com'));
  t.false(sameMailbox('kalle.svensson@example.com', 'kallesvensson@example.com'));
  t.false(sameMailbox('kalle@gmail.com', 'kalle@example.com'));
});
