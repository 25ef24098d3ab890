import type { Knex } from 'knex';
import { DEFAULT_TIME_ZONE, birthDateOf, isMinorIn } from '@ecup/domain';
import { filterLine } from '@ecup/domain/chat-safety/index.ts';

/** A forum post's text as stored, and what was typed when parts of it were masked. */
export interface MaskedPost {
  message: string;
  original: { text: string; reasons: string } | null;
}

/**
 * Issue 18: a post by a player under 18 (on the current date in the current season's time zone) goes through the
 * chat safety filter, so contact details and swearing are masked; other posts are stored as typed.
 */
export async function maskPostOfMinor(trx: Knex, userId: number, message: string, now: Date): Promise<MaskedPost> {
  const [user, season] = await Promise.all([
    trx('users').where('id', userId).first('birth_date') as Promise<{ birth_date: Date | string } | undefined>,
    trx('seasons').where('active', true).orderBy('id', 'desc').first('time_zone') as Promise<
      { time_zone: string } | undefined
    >,
  ]);
  if (!user || !isMinorIn(birthDateOf(user.birth_date), now, season?.time_zone ?? DEFAULT_TIME_ZONE)) {
    return { message, original: null };
  }
  const filtered = filterLine(message, { at_ms: now.getTime() });
  if (!filtered.masked) return { message, original: null };
  return { message: filtered.text, original: { text: message, reasons: filtered.reasons.join(',') } };
}

/** Keeps a masked post as typed for staff (decisions §10), deleted after 90 days by `clean-chat-originals`. */
export async function keepPostOriginal(
  trx: Knex,
  input: { post_id: number; user_id: number; masked: MaskedPost; now: Date },
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
