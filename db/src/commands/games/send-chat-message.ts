import type { Knex } from 'knex';
import {
  CHAT_MESSAGE_MAX,
  CHAT_PRESETS,
  CHAT_THROTTLE_AFTER_SUCCESS_MS,
  DEFAULT_TIME_ZONE,
  asTrimmed,
  charLength,
  checkChat,
  flagsContactAttempt,
  gameRoom,
  isAdminChat,
  isChatPresetKey,
  isSent,
  message as messageOf,
  push,
  userRoom,
  type ChatMessagePayload,
  type ChatPresetKey,
  type GameActor,
  type Push,
} from '@ecup/domain';
import { SPREAD_MAX_LINES, filterLine, type EarlierLine } from '@ecup/domain/chat-safety/index.ts';
import { CommandRejected, enforce, pushEvents, type CommandOutcome } from '../types.ts';
import { flagContactAttempt } from '../safety/flags.ts';
import { chatSendContext } from '../../queries/chat-policy.ts';
import { chatLine, lockGame } from '../../queries/games.ts';
import { presentChatMessage } from '../../presenters/games.ts';

/**
 * What became of a chat line: stored and pushed (`masked` when parts were hidden, for the sender's notice), ignored
 * (empty), or refused until `retry_after_ms` has passed.
 */
export type ChatSendResult =
  | { status: 'sent'; message: ChatMessagePayload; masked: boolean }
  | { status: 'ignored' }
  | { status: 'throttled'; retry_after_ms: number };

/** The line to store: a quick message (its key and English text) or free text as typed. */
function lineOf(input: { message: unknown; preset?: unknown }): { content: string; preset: ChatPresetKey | null } {
  if (isSent(input.preset)) {
    if (!isChatPresetKey(input.preset)) throw new CommandRejected('invalid', 'chatPresetUnknown');
    return { content: CHAT_PRESETS[input.preset], preset: input.preset };
  }
  return { content: asTrimmed(input.message), preset: null };
}

/**
 * The sender's own free-text lines just before this one in the game (no line by anyone else between them), oldest
 * first and as typed (the original when one was masked), for the filter to find a number spread over lines.
 */
async function recentOwnLines(trx: Knex, gameId: number, userId: number): Promise<EarlierLine<number>[]> {
  const rows = (await trx('chat_messages')
    .leftJoin('chat_originals', 'chat_originals.message_id', 'chat_messages.id')
    .where('chat_messages.game_id', gameId)
    .orderBy('chat_messages.id', 'desc')
    .limit(SPREAD_MAX_LINES - 1)
    .select(
      'chat_messages.id',
      'chat_messages.user_id',
      'chat_messages.content',
      'chat_messages.preset',
      'chat_messages.created_at',
      'chat_originals.original',
    )) as Array<{
    id: number;
    user_id: number;
    content: string;
    preset: string | null;
    created_at: Date;
    original: string | null;
  }>;
  const own: EarlierLine<number>[] = [];
  for (const row of rows) {
    if (row.user_id !== userId || row.preset !== null) break;
    own.unshift({ id: row.id, text: row.original ?? row.content, at_ms: row.created_at.getTime() });
  }
  return own;
}

/** Keeps a masked line as typed for staff (docs/decisions.md#minors-safety), or updates the reasons of one kept already. */
async function keepOriginal(
  trx: Knex,
  line: { message_id: number; game_id: number; user_id: number; original: string; reasons: string[]; now: Date },
): Promise<void> {
  const reasons = line.reasons.join(',');
  const updated = await trx('chat_originals').where('message_id', line.message_id).update({ reasons });
  if (updated > 0) return;
  await trx('chat_originals').insert({
    message_id: line.message_id,
    game_id: line.game_id,
    user_id: line.user_id,
    original: line.original,
    reasons,
    created_at: line.now,
  });
}

/**
 * A chat line in a game (docs/product.md#validation Chat, docs/product.md#roles, docs/product.md#calls /game/chat/send_message) by one of its players or by staff with
 * canResolveConflicts (styled 'admin' when not a player): free text (`message`) or a quick message (`preset`, an
 * unknown key is a 400). The text is trimmed; empty lines are ignored and store nothing; over CHAT_MESSAGE_MAX
 * characters is a 400. The throttle (docs/product.md#validation: 3.75 s after a successful message) counts from the same user's last
 * line in this game; the game's row lock makes two lines sent at once queue up, so the second one sees the first and
 * is throttled. A player whose chat a moderator muted gets a 403 until the mute ends. The mute, the policy and blocks
 * are one read. Pushes `message` on the game's
 * room, except to a player of the game who blocked the author.
 *
 * Chat safety (docs/decisions.md#minors-safety) for players' lines, never staff's: under the game's policy 'off' nothing is
 * sent (403), under 'presets' only quick messages (403), under 'filtered' contact details and swearing are masked
 * in what is stored and pushed, the line as typed is kept in `chat_originals`, and earlier lines that now show part
 * of a spread number are masked too and pushed again as `message-update`. An adult's line to a minor masked for
 * contact details opens (or counts on) the sender's automatic flag.
 */
export async function sendChatMessage(
  trx: Knex,
  input: { game_id: number; actor: GameActor; message: unknown; preset?: unknown; now: Date },
): Promise<CommandOutcome<ChatSendResult>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkChat(game, input.actor));
  // The sender's mute, the chat's policy and who blocked the sender, in one read.
  const context = await chatSendContext(trx, game, input.actor.id, input.now);
  // A moderator's chat mute (docs/decisions.md#minors-safety) refuses the line before anything is read of it.
  const mutedUntil = context.muted_until;
  if (mutedUntil && mutedUntil.getTime() > input.now.getTime()) {
    throw new CommandRejected(
      'forbidden',
      messageOf('chatMuted', { until: mutedUntil.toISOString(), time_zone: DEFAULT_TIME_ZONE }),
    );
  }
  const line = lineOf(input);
  if (line.content === '') return { result: { status: 'ignored' }, events: [] };
  if (charLength(line.content) > CHAT_MESSAGE_MAX) throw new CommandRejected('invalid', 'chatMessageTooLong');
  const is_admin = isAdminChat(game, input.actor);
  const policy = is_admin ? 'free' : context.policy;
  if (policy === 'off') throw new CommandRejected('forbidden', 'chatOff');
  if (policy === 'presets' && line.preset === null) throw new CommandRejected('forbidden', 'chatPresetsOnly');
  const last = await trx('chat_messages')
    .where({ game_id: game.id, user_id: input.actor.id })
    .orderBy('id', 'desc')
    .first('created_at');
  if (last) {
    const wait = new Date(last.created_at).getTime() + CHAT_THROTTLE_AFTER_SUCCESS_MS - input.now.getTime();
    if (wait > 0) return { result: { status: 'throttled', retry_after_ms: wait }, events: [] };
  }

  const filtered =
    policy === 'filtered' && line.preset === null
      ? filterLine(line.content, {
          at_ms: input.now.getTime(),
          recent: await recentOwnLines(trx, game.id, input.actor.id),
        })
      : null;
  const [id] = await trx('chat_messages').insert({
    game_id: game.id,
    user_id: input.actor.id,
    content: filtered?.text ?? line.content,
    preset: line.preset,
    is_admin,
    created_at: input.now,
  });
  const pushes: Push[] = [];
  const own = { game_id: game.id, user_id: input.actor.id, now: input.now };
  if (filtered?.masked) {
    await keepOriginal(trx, { ...own, message_id: id!, original: line.content, reasons: filtered.reasons });
  }
  for (const earlier of filtered?.remask ?? []) {
    // An earlier line of this player in this game, read under the game's lock: it is there.
    const before = await trx('chat_messages').where('id', earlier.id).first('content');
    if (!before) throw new Error(`chat line ${earlier.id} to mask again is missing`);
    await trx('chat_messages').where('id', earlier.id).update({ content: earlier.text });
    await keepOriginal(trx, { ...own, message_id: earlier.id, original: before.content, reasons: earlier.reasons });
    pushes.push(push(gameRoom(game.id), 'message-update', presentChatMessage(await chatLine(trx, earlier.id))));
  }
  const message = presentChatMessage(await chatLine(trx, id!));
  pushes.unshift(push(gameRoom(game.id), 'message', message));
  // An adult whose line to a minor was masked for contact details is flagged for the moderators.
  const reasons = [...(filtered?.reasons ?? []), ...(filtered?.remask ?? []).flatMap((earlier) => earlier.reasons)];
  const senderIsUser1 = input.actor.id === game.user_1_id;
  const [senderIsMinor, otherIsMinor] = senderIsUser1
    ? [context.minor_1, context.minor_2]
    : [context.minor_2, context.minor_1];
  if (!is_admin && flagsContactAttempt(reasons, senderIsMinor, otherIsMinor)) {
    await flagContactAttempt(trx, {
      user_id: input.actor.id,
      game_id: game.id,
      chat_message_id: id!,
      now: input.now,
    });
  }
  // Not delivered to a player of the game who blocked the author (docs/decisions.md#minors-safety: one-sided for display).
  const blockers = context.blocker_ids;
  if (blockers.length > 0) for (const p of pushes) p.except = blockers.map((blocker) => userRoom(blocker));
  return {
    result: { status: 'sent', message, masked: Boolean(filtered?.masked || filtered?.remask.length) },
    events: pushEvents(pushes),
  };
}
