import type { Knex } from 'knex';
import { checkSubmit, gameRoom, push, type GameActor, type GamePayload } from '@ecup/domain';
import { CommandRejected, enforce, notifyEvents, pushEvents, type CommandOutcome } from '../types.ts';
import { gamePayload, lockGame } from '../../queries/games.ts';
import { summaryOf } from '../../presenters/games.ts';

/**
 * A player submits the score (docs/product.md#states Game result, docs/product.md#calls /game/submit), in game order (score_1 is user_1's goals),
 * from 12 minutes after the start. The first submission sets submitted_user_id and starts the 15-minute answer
 * window (docs/decisions.md#matchmaking); a second one is a 409 and changes nothing. Pushes `score` so the opponent can answer, and
 * notifies the opponent (`result_submitted`) as they chose.
 */
export async function submitResult(
  trx: Knex,
  input: { game_id: number; actor: GameActor; score_1: number; score_2: number; now: Date },
): Promise<CommandOutcome<GamePayload>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkSubmit(game, input.actor, input.now));
  const changed = await trx('games').where({ id: game.id, state: 'playing' }).update({
    state: 'submitted',
    score_1: input.score_1,
    score_2: input.score_2,
    submitted_user_id: input.actor.id,
    submitted_at: input.now,
  });
  if (changed !== 1) throw new CommandRejected('conflict', 'resultAlreadySubmitted');
  const payload = await gamePayload(trx, game.id, input.now, input.actor.id);
  const opponent = input.actor.id === game.user_1_id ? game.user_2_id : game.user_1_id;
  return {
    result: payload,
    events: [
      ...pushEvents([push(gameRoom(game.id), 'score', summaryOf(payload))]),
      ...notifyEvents('result_submitted', [opponent], game.id),
    ],
  };
}
