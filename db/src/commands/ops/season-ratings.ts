import type { Knex } from 'knex';
import { ELO_START } from '@ecup/domain';
import { RANKING_ORDER, rankedUsers } from '../../queries/ranking.ts';
import { lockTrophies } from '../../queries/trophy-hunt.ts';
import { releaseHeld } from '../trophies/result.ts';
import { CommandRejected } from '../types.ts';

/** The rating columns of `users` that belong to a season, as `season_standings` keeps them. */
const RATING_COLUMNS = [
  'elo',
  'wins',
  'ties',
  'losses',
  'scored_goals',
  'conceded_goals',
  'games_played',
  'secured_trophies',
] as const;

/** What a season switch did: the season whose ratings were archived and how many players it kept. */
export interface RatingsSwitch {
  archived_season_id: number | null;
  archived_players: number;
  /** Players whose ratings came back from the newly active season's standings (a finished season reactivated). */
  restored_players: number;
}

/**
 * Writes a season's final standings from the live ratings in `users`: every player who played in it, with their
 * place in the Elo ranking (the ranking's own order and rule of who is ranked; null for a player it leaves out).
 * A season archived again (reactivated, then left) replaces its old standings.
 */
export async function archiveLiveRatings(trx: Knex, seasonId: number, now: Date): Promise<number> {
  await trx('season_standings').where('season_id', seasonId).delete();
  const columns = RATING_COLUMNS.join(', ');
  const [inserted] = (await trx.raw(
    `INSERT INTO season_standings (season_id, user_id, ${columns}) SELECT ?, id, ${columns} FROM users WHERE games_played > 0`,
    [seasonId],
  )) as [{ affectedRows: number }];
  const places = rankedUsers(trx, now)
    .select('id', trx.raw(`ROW_NUMBER() OVER (ORDER BY ${RANKING_ORDER[0]}) AS place`))
    .toSQL()
    .toNative();
  await trx.raw(
    `UPDATE season_standings s JOIN (${places.sql}) r ON r.id = s.user_id SET s.\`rank\` = r.place WHERE s.season_id = ?`,
    [...places.bindings, seasonId],
  );
  return inserted.affectedRows;
}

/**
 * Sends every trophy still held in a season's pools back to its pool (move 'reset', docs/decisions.md#trophy-hunt), so that no
 * player carries a held trophy, which the hunt allows one of, into the next season. Locks the holders' rows in id
 * order and then the trophies, as results do.
 */
async function releaseHeldTrophies(trx: Knex, seasonId: number, now: Date): Promise<void> {
  const held: { id: number; holder_user_id: number }[] = await trx('trophies as t')
    .join('trophy_pools as p', 'p.id', 't.pool_id')
    .where('p.season_id', seasonId)
    .where('t.state', 'held')
    .select('t.id', 't.holder_user_id');
  if (held.length === 0) return;
  await trx('users')
    .whereIn(
      'id',
      held.map((trophy) => trophy.holder_user_id),
    )
    .orderBy('id')
    .forUpdate()
    .select('id');
  const trophies = await lockTrophies(
    trx,
    held.map((trophy) => trophy.id),
  );
  for (const trophy of trophies.values()) {
    if (trophy.state === 'held') await releaseHeld(trx, trophy, 'reset', now);
  }
}

/**
 * Makes `seasonId` the season the live ratings belong to ("a new season starts every player at 1000"),
 * called in the transaction that makes it active. Locks the one `live_ratings` row, so of two activations at once
 * the second waits and sees the first's season. When the ratings belong to another season, that season's standings
 * are written and every player starts again at 1000 with no games, goals or trophies; the Elo history stays (it is
 * per game, so per season). A finished season made active again gets its kept ratings back. Ratings that belong to
 * no season yet belong to `previous`, the season that was current; with none either, the new season claims them.
 */
export async function switchLiveRatings(
  trx: Knex,
  input: { season_id: number; previous: number | null; now: Date },
): Promise<RatingsSwitch> {
  const live = await trx('live_ratings').where('id', 1).forUpdate().first('season_id');
  const owner = live ? (live.season_id ?? input.previous) : input.previous;
  const answer: RatingsSwitch = { archived_season_id: null, archived_players: 0, restored_players: 0 };
  if (owner === input.season_id || owner === null) {
    await trx('live_ratings').insert({ id: 1, season_id: input.season_id }).onConflict('id').merge();
    return answer;
  }
  // A result still to come would rate the new season's players with an old season's game: the outgoing season's
  // games are all final first (its conflicts solved).
  const [{ unfinished }] = (await trx('games')
    .where('season_id', owner)
    .whereNot('state', 'final')
    .count({ unfinished: '*' })) as [{ unfinished: number }];
  if (unfinished > 0) {
    throw new CommandRejected('conflict', {
      operator: `Season ${owner} still has ${unfinished} unfinished game${unfinished === 1 ? '' : 's'} (playing, waiting for verification or in conflict): finish or solve them before another season's ratings start.`,
    });
  }
  await releaseHeldTrophies(trx, owner, input.now);
  answer.archived_season_id = owner;
  answer.archived_players = await archiveLiveRatings(trx, owner, input.now);
  await trx('users')
    .where((q) =>
      q
        .where('games_played', '>', 0)
        .orWhereNot('elo', ELO_START)
        .orWhere('secured_trophies', '>', 0)
        .orWhere('unsecured_trophies', '>', 0),
    )
    .update({
      elo: ELO_START,
      wins: 0,
      ties: 0,
      losses: 0,
      scored_goals: 0,
      conceded_goals: 0,
      games_played: 0,
      secured_trophies: 0,
      unsecured_trophies: 0,
    });
  const columns = RATING_COLUMNS.map((column) => `u.${column} = s.${column}`).join(', ');
  const [restored] = (await trx.raw(
    `UPDATE users u JOIN season_standings s ON s.user_id = u.id AND s.season_id = ? SET ${columns}`,
    [input.season_id],
  )) as [{ affectedRows: number }];
  answer.restored_players = restored.affectedRows;
  await trx('season_standings').where('season_id', input.season_id).delete();
  await trx('live_ratings').insert({ id: 1, season_id: input.season_id }).onConflict('id').merge();
  return answer;
}
