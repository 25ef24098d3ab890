import type { Knex } from 'knex';
import type { ReportReason } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/**
 * A player reports the opponent of one of their games, or one of the opponent's chat lines in it (docs/decisions.md#minors-safety).
 * Only a player of the game may report (anyone else: 404 like a missing game); the line must be the opponent's in
 * that game (404). The same line twice by the same reporter is a 409; the unique (chat_message_id, reporter) key
 * settles two reports at once. Nothing here reaches the reported player.
 */
export async function reportGame(
  trx: Knex,
  input: {
    reporter_user_id: number;
    game_id: number;
    chat_message_id: number | null;
    reason: ReportReason;
    text: string | null;
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ id: number }>> {
  const game = await trx('games').where('id', input.game_id).first('id', 'user_1_id', 'user_2_id');
  const me = input.reporter_user_id;
  if (!game || (game.user_1_id !== me && game.user_2_id !== me)) {
    throw new CommandRejected('not_found', 'gameNotFound');
  }
  const opponent = game.user_1_id === me ? game.user_2_id : game.user_1_id;
  if (input.chat_message_id !== null) {
    const line = await trx('chat_messages')
      .where({ id: input.chat_message_id, game_id: game.id, user_id: opponent })
      .first('id');
    if (!line) throw new CommandRejected('not_found', 'chatLineNotFound');
  }
  const [inserted] = await trx('reports')
    .insert({
      kind: input.chat_message_id === null ? 'player' : 'chat',
      reporter_user_id: me,
      reported_user_id: opponent,
      game_id: game.id,
      chat_message_id: input.chat_message_id,
      reason: input.reason,
      text: input.text,
      created_at: input.now,
    })
    .onConflict(['chat_message_id', 'reporter_user_id'])
    .ignore();
  // An insert the unique key ignored reports no id (0).
  if (!inserted) throw new CommandRejected('conflict', 'reportDuplicate');
  const id: number = inserted;
  await writeAudit(trx, {
    actor_user_id: me,
    action: 'report.create',
    entity: 'report',
    entity_id: id,
    before: null,
    after: { game_id: game.id, chat_message_id: input.chat_message_id, reason: input.reason },
    ip: input.ip,
    now: input.now,
  });
  return { result: { id }, events: [] };
}
