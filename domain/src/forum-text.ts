import { flagsContactAttempt } from './chat.ts';

/**
 * docs/rules.md "Forum titles and posts": every reader may be a minor, so an adult (not staff) whose thread title or
 * post was masked for contact details is flagged for the moderators, as an adult's chat line to a minor is. Swearing
 * alone masks but flags nobody, and a minor is never flagged for their own details. `reasons` are the filter's for
 * the title and the post together.
 */
export function flagsForumContactAttempt(
  reasons: readonly string[],
  author: { minor: boolean; staff: boolean },
): boolean {
  return !author.staff && flagsContactAttempt(reasons, author.minor, true);
}
