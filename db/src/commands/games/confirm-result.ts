import type { Knex } from 'knex';
import { checkVerify, forfeitScore, type GameActor, type GameSummary } from '@ecup/domain';
import { enforce, pushEvents, type CommandOutcome } from '../types.ts';
import { applyFinalResult } from './apply-final-result.ts';
import { lockGameWithPlayers } from '../../queries/games.ts';
import type { GameRow } from '../../models/Game.ts';

/** A result made final: the game's row as locked (its players and season) and its summary as the result left it. */
export interface FinalAnswer {
  game: GameRow;
  summary: GameSummary;
}

/**
 * Verify (docs/product.md#states, docs/product.md#calls /game/confirm): the other player accepts the submitted score, or the player reported as
 * having left accepts the forfeit, and the result becomes final once (docs/decisions.md#matchmaking: stats, Elo, `score` and `stats`
 * pushes through {@link applyFinalResult}). A second verify, or one after a protest, is a 409 and changes nothing.
 * The game and both players are locked in one statement. Answers the summary, which is the route's whole answer
 * (`VerifyAnswer`: the game's page already holds the chat and evidence).
 */
export async function confirmResult(
  trx: Knex,
  input: { game_id: number; actor: GameActor; now: Date },
): Promise<CommandOutcome<FinalAnswer>> {
  const { game, players } = await lockGameWithPlayers(trx, input.game_id);
  enforce(checkVerify(game, input.actor));
  const score =
    game.state === 'dropped' && game.dropped_user_id !== null
      ? forfeitScore(game, game.dropped_user_id)
      : { score_1: game.score_1!, score_2: game.score_2! };
  const { pushes, summary } = await applyFinalResult(
    trx,
    game,
    input.now,
    { ...score, confirmed_user_id: input.actor.id, solved_by_user_id: null },
    players,
  );
  return { result: { game, summary }, events: pushEvents(pushes) };
}
