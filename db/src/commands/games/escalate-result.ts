import type { Knex } from 'knex';
import { ANSWERABLE_GAME_STATES, checkProtest, gameRoom, push, type GameActor, type GamePayload } from '@ecup/domain';
import { CommandRejected, enforce, pushEvents, type CommandOutcome } from '../types.ts';
import { gamePayload, lockGame } from '../../queries/games.ts';
import { summaryOf } from '../../presenters/games.ts';

/**
 * Protest (docs/product.md#states, docs/product.md#calls /game/escalate): the other player disputes the submitted score or the 'Opponent left'
 * report; the game goes to conflict (conflict flag set) for a moderator to resolve. A second protest, or one after
 * a verify, is a 409. Pushes `score`.
 */
export async function escalateResult(
  trx: Knex,
  input: { game_id: number; actor: GameActor; now: Date },
): Promise<CommandOutcome<GamePayload>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkProtest(game, input.actor));
  const changed = await trx('games')
    .where('id', game.id)
    .whereIn('state', ANSWERABLE_GAME_STATES)
    .update({ state: 'conflict', conflict: true });
  if (changed !== 1) throw new CommandRejected('conflict', 'gameInConflict');
  const payload = await gamePayload(trx, game.id, input.now, input.actor.id);
  return { result: payload, events: pushEvents([push(gameRoom(game.id), 'score', summaryOf(payload))]) };
}
