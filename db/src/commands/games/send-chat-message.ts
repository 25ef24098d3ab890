import type { Knex } from 'knex';
import {
  CHAT_MESSAGE_MAX,
  CHAT_THROTTLE_AFTER_SUCCESS_MS,
  DEFAULT_TIME_ZONE,
  MESSAGES,
  asTrimmed,
  charLength,
  checkChat,
  gameRoom,
  isAdminChat,
  push,
  userRoom,
  type ChatMessagePayload,
  type GameActor,
} from '@ecup/domain';
import { CommandRejected, pushEvents, type CommandOutcome } from '../types.ts';
import { enforce, lockGame, snapshotOf } from './game-row.ts';
import { chatRows, presentChatMessage } from './payload.ts';

/** What became of a chat line: stored and pushed, ignored (empty), or refused until `retry_after_ms` has passed. */
export type ChatSendResult =
  | { status: 'sent'; message: ChatMessagePayload }
  | { status: 'ignored' }
  | { status: 'throttled'; retry_after_ms: number };

/**
 * A chat line in a game (spec §5 Chat, §6, §7 /game/chat/send_message) by one of its players or by staff with
 * canResolveConflicts (styled 'admin' when not a player). The text is trimmed; empty lines are ignored and store
 * nothing; over CHAT_MESSAGE_MAX characters is a 400. The throttle (spec §5: 3.75 s after a successful message)
 * counts from the same user's last line in this game; the game's row lock makes two lines sent at once queue up,
 * so the second one sees the first and is throttled. A player whose chat a moderator muted gets a 403 until the
 * mute ends. Pushes `message` on the game's room, except to a player of the game who blocked the author.
 */
export async function sendChatMessage(
  trx: Knex,
  input: { game_id: number; actor: GameActor; message: unknown; now: Date },
): Promise<CommandOutcome<ChatSendResult>> {
  const game = await lockGame(trx, input.game_id);
  const snapshot = snapshotOf(game);
  enforce(checkChat(snapshot, input.actor));
  // A moderator's chat mute (decisions §10) refuses the line before anything is read of it.
  const author = (await trx('users').where('id', input.actor.id).first('chat_muted_until')) as
    { chat_muted_until: Date | null } | undefined;
  const mutedUntil = author?.chat_muted_until ? new Date(author.chat_muted_until) : null;
  if (mutedUntil && mutedUntil.getTime() > input.now.getTime()) {
    throw new CommandRejected('forbidden', MESSAGES.chatMuted(mutedUntil, DEFAULT_TIME_ZONE));
  }
  const content = asTrimmed(input.message);
  if (content === '') return { result: { status: 'ignored' }, events: [] };
  if (charLength(content) > CHAT_MESSAGE_MAX) throw new CommandRejected('invalid', MESSAGES.chatMessageTooLong);
  const last = (await trx('chat_messages')
    .where({ game_id: game.id, user_id: input.actor.id })
    .orderBy('id', 'desc')
    .first('created_at')) as { created_at: Date } | undefined;
  if (last) {
    const wait = new Date(last.created_at).getTime() + CHAT_THROTTLE_AFTER_SUCCESS_MS - input.now.getTime();
    if (wait > 0) return { result: { status: 'throttled', retry_after_ms: wait }, events: [] };
  }
  const [id] = await trx('chat_messages').insert({
    game_id: game.id,
    user_id: input.actor.id,
    content,
    is_admin: isAdminChat(snapshot, input.actor),
    created_at: input.now,
  });
  const row = (await chatRows(trx).where('chat_messages.id', Number(id)).first()) as Record<string, unknown>;
  const message = presentChatMessage(row);
  // Not delivered to a player of the game who blocked the author (decisions §10: one-sided for display).
  const blockers = (await trx('blocks')
    .where('blocked_user_id', input.actor.id)
    .whereIn('blocker_user_id', [game.user_1_id, game.user_2_id])
    .pluck('blocker_user_id')) as number[];
  const line = push(gameRoom(game.id), 'message', message);
  if (blockers.length > 0) line.except = blockers.map((id) => userRoom(Number(id)));
  return { result: { status: 'sent', message }, events: pushEvents([line]) };
}
