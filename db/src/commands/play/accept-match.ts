import type { Knex } from 'knex';
import { push, userRoom, weekStart, type MatchmakingStatus, type Push } from '@ecup/domain';
import { CommandRejected, pushEvents, type CommandOutcome } from '../types.ts';
import { matchmakingStatus } from '../../queries/matchmaking-status.ts';
import { answerCutoff, findMatch, matchToAnswer, type MatchRow } from '../../queries/queue.ts';

/** Both players accepted: the match closes, their entries go and the game starts, all in the caller's transaction. */
async function startGame(trx: Knex, match: MatchRow, now: Date): Promise<number> {
  const closed = await trx('matches')
    .where({ id: match.id, state: 'pending' })
    .update({ state: 'accepted', closed_at: now });
  if (closed !== 1) throw new CommandRejected('conflict', 'noMatchToAnswer');
  await trx('queue_entries')
    .whereIn(
      'user_id',
      [match.user_1_id, match.user_2_id].sort((a, b) => a - b),
    )
    .where('match_id', match.id)
    .delete();
  const season = await trx('seasons').where('id', match.season_id).first('time_zone');
  if (!season) throw new Error(`Season ${match.season_id} is missing`);
  const [gameId] = await trx('games').insert({
    season_id: match.season_id,
    match_id: match.id,
    user_1_id: match.user_1_id,
    user_2_id: match.user_2_id,
    state: 'playing',
    week_start: weekStart(now, season.time_zone),
    created_at: now,
  });
  return gameId!;
}

/**
 * A matched player accepts (docs/product.md#states "Accept sets accepted"). The accept is a write guarded by the match's state,
 * the player's own flag and the deadline plus grace, so a second accept answers 409 matchAlreadyAccepted and an
 * accept cannot win against the timeout. Under the row lock that write took, the match is read again: when both
 * have accepted, the same transaction closes it as 'accepted', removes both queue entries and creates the game
 * (docs/decisions.md#matchmaking), and both players get `game`; otherwise both get `match-accepted`. Accepts of both players at the
 * same instant queue up on the row lock, so exactly one of them starts the game.
 */
export async function acceptMatch(
  trx: Knex,
  input: { user_id: number; now: Date },
): Promise<CommandOutcome<MatchmakingStatus>> {
  const { user_id, now } = input;
  const known = await matchToAnswer(trx, user_id);
  const column = known.user_1_id === user_id ? 'user_1_accepted_at' : 'user_2_accepted_at';
  const accepted = await trx('matches')
    .where({ id: known.id, state: 'pending' })
    .whereNull(column)
    .where('deadline_at', '>=', answerCutoff(now))
    .update({ [column]: now });
  if (accepted === 0) {
    const match = await findMatch(trx, known.id, true);
    const again = match?.state === 'pending' && match[column] !== null;
    throw new CommandRejected('conflict', again ? 'matchAlreadyAccepted' : 'noMatchToAnswer');
  }
  const match = (await findMatch(trx, known.id, true))!;
  const players = [match.user_1_id, match.user_2_id];
  let pushes: Push[];
  if (match.user_1_accepted_at !== null && match.user_2_accepted_at !== null) {
    const game_id = await startGame(trx, match, now);
    pushes = players.map((id) => push(userRoom(id), 'game', { game_id }));
  } else {
    pushes = players.map((id) => push(userRoom(id), 'match-accepted', { match_id: match.id, user_id }));
  }
  return { result: await matchmakingStatus(trx, user_id, now), events: pushEvents(pushes) };
}
