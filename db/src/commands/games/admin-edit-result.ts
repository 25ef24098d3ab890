import type { Knex } from 'knex';
import { checkAdminEdit, type GameActor, type GamePayload } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { enforce, pushEvents, type CommandEvent, type CommandOutcome } from '../types.ts';
import { applyFinalResult, replaceFinalResult } from './apply-final-result.ts';
import { gamePayload, hasLaterRatedGames, lockGame } from '../../queries/games.ts';
import type { GameRow } from '../../models/Game.ts';

const audited = (game: GameRow) => ({
  state: game.state,
  score_1: game.score_1,
  score_2: game.score_2,
  conflict: game.conflict,
  conflict_solved: game.conflict_solved,
  elo_1_before: game.elo_1_before,
  elo_1_after: game.elo_1_after,
  elo_2_before: game.elo_2_before,
  elo_2_after: game.elo_2_after,
});

/**
 * A moderator sets the final score (docs/product.md#states, docs/product.md#roles, docs/product.md#calls /admin/games/edit; docs/decisions.md#matchmaking, docs/decisions.md#permissions): needs
 * canResolveConflicts; allowed once a result exists (submitted, dropped, conflict or final; 409 while playing). A
 * game in conflict becomes final and Solved; a final result is replaced (old stats and Elo change reversed, new
 * ones applied). Written to the audit log with the game before and after. Pushes `score` and both `stats`. When
 * either player has games rated after it, asks the worker to replay the ratings from this game on.
 */
export async function adminEditResult(
  trx: Knex,
  input: { game_id: number; actor: GameActor; score_1: number; score_2: number; ip: string | null; now: Date },
): Promise<CommandOutcome<GamePayload>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkAdminEdit(game, input.actor));
  const result = {
    score_1: input.score_1,
    score_2: input.score_2,
    confirmed_user_id: game.confirmed_user_id,
    solved_by_user_id: input.actor.id,
  };
  const { pushes } =
    game.state === 'final'
      ? await replaceFinalResult(trx, game, input.now, result)
      : await applyFinalResult(trx, game, input.now, result);
  const after = await lockGame(trx, game.id);
  const recalculate: CommandEvent[] = [];
  if (game.state === 'final' && (await hasLaterRatedGames(trx, game))) {
    const edit = (await trx('elo_history').where({ game_id: game.id, kind: 'edit' }).max({ id: 'id' }).first()) as {
      id: number;
    };
    recalculate.push({
      type: 'elo-recalculate',
      season_id: game.season_id,
      game_id: game.id,
      history_id: edit.id,
    });
  }
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'game.result.edit',
    entity: 'game',
    entity_id: game.id,
    before: audited(game),
    after: audited(after),
    ip: input.ip,
    now: input.now,
  });
  return {
    result: await gamePayload(trx, after, input.now, input.actor.id),
    events: [...pushEvents(pushes), ...recalculate],
  };
}
