import type { Knex } from 'knex';
import { findCurrentSeason } from '../../queries/seasons.ts';
import { DEFAULT_TIME_ZONE, birthDateOf, flagsForumContactAttempt, isMinorIn, isStaff } from '@ecup/domain';
import type { MaskedText } from '@ecup/domain/chat-safety/index.ts';
import { flagForumContactAttempt } from '../safety/flags.ts';

/** The filter's reasons of some masked texts, each once. */
function reasonsOf(texts: MaskedText[]): string[] {
  return [...new Set(texts.flatMap((masked) => masked.original?.reasons.split(',') ?? []))];
}

/**
 * Flags the author of a masked title or post for the moderators when the rule asks it (an adult's contact details;
 * see `flagsForumContactAttempt`), pointing the flag at `post_id`. Whether the author is a minor is read on the
 * current date in the current season's time zone.
 */
export async function flagIfContactAttempt(
  trx: Knex,
  input: { user_id: number; post_id: number; masked: MaskedText[]; now: Date },
): Promise<void> {
  const reasons = reasonsOf(input.masked);
  if (reasons.length === 0) return;
  const [user, season] = await Promise.all([
    trx('users').where('id', input.user_id).first('birth_date', 'permissions') as Promise<
      { birth_date: Date | string; permissions: number } | undefined
    >,
    findCurrentSeason(trx),
  ]);
  if (!user) return;
  const minor = isMinorIn(birthDateOf(user.birth_date), input.now, season?.time_zone ?? DEFAULT_TIME_ZONE);
  if (!flagsForumContactAttempt(reasons, { minor, staff: isStaff({ permissions: user.permissions }) })) return;
  await flagForumContactAttempt(trx, { user_id: input.user_id, post_id: input.post_id, now: input.now });
}

/** Keeps a masked post as typed for staff (docs/decisions.md#minors-safety), deleted after 90 days by `clean-chat-originals`. */
export async function keepPostOriginal(
  trx: Knex,
  input: { post_id: number; user_id: number; masked: MaskedText; now: Date },
): Promise<void> {
  if (!input.masked.original) return;
  await trx('forum_post_originals').insert({
    post_id: input.post_id,
    user_id: input.user_id,
    original: input.masked.original.text,
    reasons: input.masked.original.reasons,
    created_at: input.now,
  });
}

/** Keeps a masked thread title as typed for staff, deleted after 90 days by `clean-chat-originals`. */
export async function keepTitleOriginal(
  trx: Knex,
  input: { thread_id: number; user_id: number; masked: MaskedText; now: Date },
): Promise<void> {
  if (!input.masked.original) return;
  await trx('forum_thread_originals').insert({
    thread_id: input.thread_id,
    user_id: input.user_id,
    original: input.masked.original.text,
    reasons: input.masked.original.reasons,
    created_at: input.now,
  });
}
