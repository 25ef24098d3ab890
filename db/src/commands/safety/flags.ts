import type { Knex } from 'knex';
import { findCurrentSeason } from '../../queries/seasons.ts';
import { DEFAULT_TIME_ZONE, birthDateOf, isMinorIn, type IdentityField } from '@ecup/domain';
import type { CommandOutcome } from '../types.ts';

/** The most of a `reports.text` (its column). */
const REPORT_TEXT_MAX = 500;

/**
 * Flags a player for the moderators (docs/rules.md "Chat safety filter" and "Player text"): one open flag per player, a `reports`
 * row of kind 'flag' without a reporter, in the same queue and with the same actions as players' reports.
 *
 * - An adult whose chat line to a minor was masked for contact details (`game_id`, `chat_message_id`): the flag
 *   points at the latest such line (and no longer at a forum post it pointed at before; forum attempts are
 *   `flagForumContactAttempt`'s).
 * - An adult who tried to write contact details into an identity field (`text`, what was tried): the flag's text
 *   gets that attempt in front of the earlier ones (newest first, cut at 500 characters); its game and line stay.
 *
 * A further attempt while the flag is open counts one more in `attempts`. The unique stored `open_flag_user_id`
 * settles attempts arriving at once (one inserts, the others count); once a moderator settles the flag, the next
 * attempt opens a new one.
 */
export async function flagContactAttempt(
  trx: Knex,
  input: {
    user_id: number;
    game_id?: number | null;
    chat_message_id?: number | null;
    text?: string | null;
    now: Date;
  },
): Promise<void> {
  const text = input.text ? input.text.slice(0, REPORT_TEXT_MAX) : null;
  const merge: Record<string, unknown> = { attempts: trx.raw('attempts + 1') };
  if (input.chat_message_id != null) {
    merge.game_id = input.game_id ?? null;
    merge.chat_message_id = input.chat_message_id;
    merge.post_id = null;
  }
  if (text !== null) {
    merge.text = trx.raw("LEFT(CONCAT(?, IF(reports.text IS NULL, '', CONCAT(?, reports.text))), ?)", [
      text,
      '\n',
      REPORT_TEXT_MAX,
    ]);
  }
  await trx('reports')
    .insert({
      kind: 'flag',
      reporter_user_id: null,
      reported_user_id: input.user_id,
      game_id: input.game_id ?? null,
      chat_message_id: input.chat_message_id ?? null,
      reason: 'personal_details',
      text,
      attempts: 1,
      created_at: input.now,
    })
    .onConflict('open_flag_user_id')
    .merge(merge);
}

/** How each identity field is named in a flag's text, for the moderators. */
const IDENTITY_FIELD_LABELS: Record<IdentityField, string> = {
  username: 'username',
  first_name: 'first name',
  last_name: 'last name',
  irl_team: 'IRL team name',
  fifa_team: 'FIFA team name',
  gamer_tag: 'gamer tag',
};

/**
 * A player tried to write contact details into an identity field, and the write was refused. An adult
 * (18 or older on the current date in the season's time zone) is flagged, the flag's text naming the field and what
 * was typed; a minor is not, as a minor's masked chat lines flag nobody (`flagsContactAttempt`). Run in its own
 * transaction: the refused write answers 400 and changes nothing else, the flag stays.
 */
export async function flagIdentityAttempt(
  trx: Knex,
  input: { user_id: number; field: IdentityField; text: string; now: Date },
): Promise<CommandOutcome<{ flagged: boolean }>> {
  const [user, season] = await Promise.all([
    trx('users').where('id', input.user_id).first('birth_date') as Promise<{ birth_date: Date | string } | undefined>,
    findCurrentSeason(trx),
  ]);
  if (!user || isMinorIn(birthDateOf(user.birth_date), input.now, season?.time_zone ?? DEFAULT_TIME_ZONE)) {
    return { result: { flagged: false }, events: [] };
  }
  const typed = input.text.length > 200 ? `${input.text.slice(0, 200)}…` : input.text;
  await flagContactAttempt(trx, {
    user_id: input.user_id,
    text: `Tried to set their ${IDENTITY_FIELD_LABELS[input.field]} to: ${typed}`,
    now: input.now,
  });
  return { result: { flagged: true }, events: [] };
}

/**
 * Flags an adult whose forum title or post was masked for contact details (docs/rules.md "Forum titles and posts"):
 * the same open flag as chat's, one per player, counting one more attempt and pointing at the post (a thread's
 * opening post for its title) instead of a chat line.
 */
export async function flagForumContactAttempt(
  trx: Knex,
  input: { user_id: number; post_id: number; now: Date },
): Promise<void> {
  await trx('reports')
    .insert({
      kind: 'flag',
      reporter_user_id: null,
      reported_user_id: input.user_id,
      post_id: input.post_id,
      reason: 'personal_details',
      attempts: 1,
      created_at: input.now,
    })
    .onConflict('open_flag_user_id')
    .merge({ attempts: trx.raw('attempts + 1'), post_id: input.post_id, game_id: null, chat_message_id: null });
}
