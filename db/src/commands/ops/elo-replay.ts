import type { Knex } from 'knex';
import type { EloReplayPlan } from '../../queries/elo-replay.ts';

/**
 * Writes what a replay changed: each changed game's before/after, with an Elo history row of kind `replay` (its
 * score unchanged, so the history says why the ratings moved), and each player's rating and final games played
 * where they differ. Answers the ids of the players whose stored rating or games changed.
 */
export async function writeEloReplay(trx: Knex, plan: EloReplayPlan, now: Date): Promise<number[]> {
  for (const game of plan.changed) {
    await trx('games').where('id', game.id).update(game.elo);
    await trx('elo_history').insert({
      game_id: game.id,
      kind: 'replay',
      score_1: game.score_1,
      score_2: game.score_2,
      ...game.elo,
      games_1: game.games_1,
      games_2: game.games_2,
      created_at: now,
    });
  }
  const moved: number[] = [];
  for (const [id, player] of plan.players) {
    if (player.elo === player.stored_elo && player.games === player.stored_games) continue;
    await trx('users').where('id', id).update({ elo: player.elo, games_played: player.games });
    moved.push(id);
  }
  return moved.sort((a, b) => a - b);
}
