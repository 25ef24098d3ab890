import type { Knex } from 'knex';
import { checkReportDropped, forfeitScore, gameRoom, push, type GameActor, type GamePayload } from '@ecup/domain';
import { CommandRejected, enforce, pushEvents, type CommandOutcome } from '../types.ts';
import { gamePayload, lockGame } from '../../queries/games.ts';
import { summaryOf } from '../../presenters/games.ts';

/**
 * 'Opponent left' (docs/product.md#states dropped, docs/product.md#calls /game/dropped): a player of a game still being played names the opponent,
 * at any time. The game waits for the dropped player's answer like a submission: the forfeit score (a
 * FORFEIT_WIN_SCORE–0 win for the reporter, in game order) is stored as the proposed result and submitted_at starts
 * the 15-minute window after which it goes to conflict (docs/decisions.md#matchmaking). Naming anyone else is a 400.
 */
export async function reportDropped(
  trx: Knex,
  input: { game_id: number; actor: GameActor; dropped_user_id: number | undefined; now: Date },
): Promise<CommandOutcome<GamePayload>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkReportDropped(game, input.actor, input.dropped_user_id));
  const droppedUserId = input.dropped_user_id!;
  const changed = await trx('games')
    .where({ id: game.id, state: 'playing' })
    .update({
      state: 'dropped',
      dropped_user_id: droppedUserId,
      ...forfeitScore(game, droppedUserId),
      submitted_at: input.now,
    });
  if (changed !== 1) throw new CommandRejected('conflict', 'resultAlreadySubmitted');
  const payload = await gamePayload(trx, game.id, input.now, input.actor.id);
  return { result: payload, events: pushEvents([push(gameRoom(game.id), 'score', summaryOf(payload))]) };
}
