import type { Knex } from 'knex';
import { message, type GamePayload } from '@ecup/domain';
import { CommandRejected, notifyEvents, type CommandOutcome } from '../types.ts';
import { adminEditResult } from '../games/admin-edit-result.ts';
import type { AdminActor } from '../../models/User.ts';
import { lockConflict } from '../../queries/conflicts.ts';

/**
 * A moderator resolves a conflict from the console by setting the final score: the rule of /admin/games/edit
 * (adminEditResult: canResolveConflicts, not one's own game, stats and Elo applied, Solved, audited and pushed),
 * with one console rule on top: a conflict claimed by another moderator is a 409. An unclaimed one is claimed by
 * the moderator who resolves it, so the queue shows who did. Both players are notified (`conflict_solved`).
 */
export async function resolveConflict(
  trx: Knex,
  input: { actor: AdminActor; game_id: number; score_1: number; score_2: number; ip: string | null; now: Date },
): Promise<CommandOutcome<GamePayload>> {
  const game = await lockConflict(trx, input.game_id);
  if (game.claimed_by_user_id !== null && game.claimed_by_user_id !== input.actor.id) {
    throw new CommandRejected(
      'conflict',
      message('conflictClaimedByOther', { username: game.claimed_by_username ?? '' }),
    );
  }
  const outcome = await adminEditResult(trx, {
    game_id: game.id,
    actor: input.actor,
    score_1: input.score_1,
    score_2: input.score_2,
    ip: input.ip,
    now: input.now,
  });
  if (game.claimed_by_user_id === null) {
    await trx('games').where('id', game.id).update({ claimed_by_user_id: input.actor.id, claimed_at: input.now });
  }
  const players = await trx('games').where('id', game.id).first('user_1_id', 'user_2_id');
  return {
    result: outcome.result,
    events: [
      ...outcome.events,
      // The game row is under lockConflict's lock, so it is there.
      ...(players ? notifyEvents('conflict_solved', [players.user_1_id, players.user_2_id], game.id) : []),
    ],
  };
}
