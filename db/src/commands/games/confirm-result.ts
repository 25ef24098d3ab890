import type { Knex } from 'knex';
import { checkVerify, forfeitScore, type GameActor, type GamePayload } from '@ecup/domain';
import { enforce, pushEvents, type CommandOutcome } from '../types.ts';
import { applyFinalResult } from './apply-final-result.ts';
import { lockGame } from '../../queries/games.ts';
import { chatAndEvidence } from '../../presenters/games.ts';

/**
 * Verify (spec §4, §7 /game/confirm): the other player accepts the submitted score, or the player reported as
 * having left accepts the forfeit, and the result becomes final once (decisions §5: stats, Elo, `score` and `stats`
 * pushes through {@link applyFinalResult}). A second verify, or one after a protest, is a 409 and changes nothing.
 */
export async function confirmResult(
  trx: Knex,
  input: { game_id: number; actor: GameActor; now: Date },
): Promise<CommandOutcome<GamePayload>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkVerify(game, input.actor));
  const score =
    game.state === 'dropped' && game.dropped_user_id !== null
      ? forfeitScore(game, game.dropped_user_id)
      : { score_1: game.score_1!, score_2: game.score_2! };
  const { pushes, summary } = await applyFinalResult(trx, game, input.now, {
    ...score,
    confirmed_user_id: input.actor.id,
    solved_by_user_id: null,
  });
  // The summary the `score` push carries is the answer's too; only the chat and evidence are read for it.
  return {
    result: { ...summary, ...(await chatAndEvidence(trx, game, input.now, input.actor.id)) },
    events: pushEvents(pushes),
  };
}
