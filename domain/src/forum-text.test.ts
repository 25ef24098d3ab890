import test from 'ava';
import { flagsForumContactAttempt } from './forum-text.ts';

const adult = { minor: false, staff: false };

test("an adult's title or post masked for contact details is flagged; swearing alone is not", (t) => {
  for (const reason of ['phone', 'email', 'link', 'handle']) t.true(flagsForumContactAttempt([reason], adult), reason);
  t.true(flagsForumContactAttempt(['profanity', 'handle'], adult));
  t.false(flagsForumContactAttempt(['profanity'], adult));
  t.false(flagsForumContactAttempt([], adult));
});

test('a minor is never flagged for their own details, nor is staff', (t) => {
  t.false(flagsForumContactAttempt(['phone'], { minor: true, staff: false }));
  t.false(flagsForumContactAttempt(['phone'], { minor: false, staff: true }));
});
