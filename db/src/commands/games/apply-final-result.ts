import type { Knex } from 'knex';
import {
  OPPONENT_VIEWER,
  gameRoom,
  push,
  rateGame,
  statsDelta,
  type GamePlayer,
  type GameSummary,
  type PlayerStatsDelta,
  type Push,
} from '@ecup/domain';
import { CommandRejected } from '../types.ts';
import {
  applyTrophyResult,
  replaceTrophyResult,
  settleTrophyResult,
  type CounterChange,
  type TrophyWrite,
} from '../trophies/result.ts';
import { heldTrophiesOfPlayers } from '../../queries/trophies.ts';
import { gameSummary, type LockedPlayerRow } from '../../queries/games.ts';
import { readHuntState } from '../../queries/trophy-hunt.ts';
import { presentStatsPush } from '../../presenters/stats.ts';
import { presentGameSummary } from '../../presenters/games.ts';
import { PLAYER_CARD_COLUMNS, presentGamePlayer } from '../../presenters/players.ts';
import type { GameRow } from '../../models/Game.ts';
import type { User } from '../../models/User.ts';

/** The final score and who made it final: the verifying player, or the moderator who set it. */
export interface FinalScore {
  score_1: number;
  score_2: number;
  confirmed_user_id: number | null;
  solved_by_user_id: number | null;
}

type Rating = Pick<User, 'id' | 'elo' | 'games_played' | 'unsecured_trophies'>;

/** What a final result (or its edit) answers: the pushes for after commit and the game's summary they carry. */
export interface FinalOutcome {
  pushes: Push[];
  summary: GameSummary;
}

const STAT_COLUMNS = ['wins', 'losses', 'ties', 'scored_goals', 'conceded_goals', 'games_played'] as const;

/** Both players' rows with their cards' columns under their locks, in id order (as {@link lockRatings}). */
async function lockPlayers(trx: Knex, game: GameRow): Promise<Map<number, LockedPlayerRow>> {
  const rows: LockedPlayerRow[] = await trx('users')
    .whereIn('id', [game.user_1_id, game.user_2_id])
    .orderBy('id')
    .forUpdate()
    .select([...PLAYER_CARD_COLUMNS, 'games_played']);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Both players' rows under their locks, always in id order so two finals sharing a player cannot deadlock; with
 * their unsecured-trophy counters, which the trophy hunt reads under these same locks.
 */
async function lockRatings(trx: Knex, game: GameRow): Promise<{ one: Rating; two: Rating }> {
  const rows = (await trx('users')
    .whereIn('id', [game.user_1_id, game.user_2_id])
    .orderBy('id')
    .forUpdate()
    .select('id', 'elo', 'games_played', 'unsecured_trophies')) as Rating[];
  const byId = new Map(rows.map((rating) => [rating.id, rating]));
  return { one: byId.get(game.user_1_id)!, two: byId.get(game.user_2_id)! };
}

/** Adds (or, with sign -1, takes back) one game's stats and sets the new Elo (docs/decisions.md#matchmaking, docs/decisions.md#elo). */
async function moveStats(trx: Knex, userId: number, delta: PlayerStatsDelta, sign: 1 | -1, elo: number) {
  const changes: Record<string, Knex.Raw | number> = { elo };
  for (const column of STAT_COLUMNS) {
    const amount = delta[column];
    if (amount !== 0) {
      changes[column] = sign === 1 ? trx.raw('?? + ?', [column, amount]) : trx.raw('?? - ?', [column, amount]);
    }
  }
  await trx('users').where('id', userId).update(changes);
}

/** One player's part of a final result's write: the stats delta, the new Elo and the trophy counters' change. */
interface PlayerWrite {
  userId: number;
  delta: PlayerStatsDelta;
  elo: number;
  counters: CounterChange;
}

const NO_COUNTERS: CounterChange = { unsecured_trophies: 0, secured_trophies: 0 };

/**
 * The game made final, both players' stats, Elo and trophy counters, and the trophies the result moved, in one
 * statement (docs/rules.md): a multi-table UPDATE of the game's row joined with its two players' rows and
 * those trophies, each player's column growing by their own increment and each trophy taking its own columns (a
 * CASE on the id). The game is guarded by the state the caller locked it in, each trophy by its latest move as read;
 * the game and the players are already under this transaction's locks. Answers how many rows it changed, which is
 * one for the game, two for the players and one per trophy when every guard matched (each row changes: the state,
 * the games played, the latest move).
 */
async function writeFinal(
  trx: Knex,
  game: GameRow,
  final: Record<string, Knex.Value>,
  players: readonly PlayerWrite[],
  trophies: readonly TrophyWrite[],
): Promise<number> {
  const sets: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  for (const [column, value] of Object.entries(final)) {
    sets.push('g.?? = ?');
    bindings.push(column, value);
  }
  const cases = (value: (p: PlayerWrite) => number) => {
    bindings.push(...players.flatMap((p) => [p.userId, value(p)]));
    return `CASE p.id ${players.map(() => 'WHEN ? THEN ?').join(' ')} END`;
  };
  sets.push(`p.elo = ${cases((p) => p.elo)}`);
  const grow = (column: string, value: (p: PlayerWrite) => number) => {
    bindings.push(column, column);
    sets.push(`p.?? = p.?? + ${cases(value)}`);
  };
  for (const column of STAT_COLUMNS) {
    if (players.some((p) => p.delta[column] !== 0)) grow(column, (p) => p.delta[column]);
  }
  for (const column of ['unsecured_trophies', 'secured_trophies'] as const) {
    if (players.some((p) => p.counters[column] !== 0)) grow(column, (p) => p.counters[column]);
  }
  const columns = [...new Set(trophies.flatMap((t) => Object.keys(t.changes)))];
  for (const column of columns) {
    const set = trophies.filter((t) => column in t.changes);
    bindings.push(column, ...set.flatMap((t) => [t.id, t.changes[column]!]), column);
    sets.push(`t.?? = CASE t.id ${set.map(() => 'WHEN ? THEN ?').join(' ')} ELSE t.?? END`);
  }
  const trophyJoin =
    trophies.length === 0
      ? ''
      : ` JOIN trophies t ON ${trophies.map(() => '(t.id = ? AND t.last_move_id <=> ?)').join(' OR ')}`;
  const joinBindings = trophies.flatMap((t) => [t.id, t.guard]);
  const [result] = await trx.raw<[{ affectedRows: number }]>(
    `UPDATE games g JOIN users p ON p.id IN (g.user_1_id, g.user_2_id)${trophyJoin} SET ${sets.join(', ')} WHERE g.id = ? AND g.state = ?`,
    [...joinBindings, ...bindings, game.id, game.state],
  );
  return result?.affectedRows ?? 0;
}

/** A player's card after a final result: the locked row with the result's stats, Elo and trophy counters. */
function cardAfter(row: LockedPlayerRow, write: PlayerWrite, timeZone: string | null, now: Date): GamePlayer {
  const after = { ...row, season_time_zone: timeZone, elo: write.elo };
  for (const column of STAT_COLUMNS) if (column !== 'games_played') after[column] += write.delta[column];
  after.unsecured_trophies += write.counters.unsecured_trophies;
  after.secured_trophies += write.counters.secured_trophies;
  return presentGamePlayer(after, OPPONENT_VIEWER, now);
}

/**
 * The pushes after a final result: `score` with the game's summary on its room, and each player's `stats` (docs/product.md#calls:
 * updates the user's stats; docs/product.md#states: and the trophies) with their unsecured trophies, as this transaction leaves
 * them. The stats are the summary's player cards, read once for both; `game` is the row as it is now, or its id to
 * read it.
 */
async function afterFinal(trx: Knex, game: GameRow | number, now: Date): Promise<FinalOutcome> {
  const summary = await gameSummary(trx, game, now);
  const players = [summary.user_1, summary.user_2];
  const held = await heldTrophiesOfPlayers(
    trx,
    players.map((p) => p.id),
    now,
  );
  const stats = players.map((player) => presentStatsPush(player.id, summary.id, player, held.get(player.id) ?? []));
  return { pushes: [push(gameRoom(summary.id), 'score', summary), ...stats], summary };
}

/**
 * Makes a result final exactly once (docs/decisions.md#matchmaking): one guarded write moves the game from the state the caller
 * locked it in to 'final' (a second call finds no such row and is a 409), the players' Elo is rated with
 * `rateGame` from their current ratings and final games played (docs/decisions.md#elo), stored on the game as
 * before/after and written to the Elo history (the replay order of `elo:rebuild`), and each player's wins, losses,
 * ties, goals and games played grow by increments. A game that was in conflict becomes solved. The trophy hunt's
 * moves (docs/decisions.md#trophy-hunt, `applyTrophyResult`) follow in this same transaction, after the stats. Answers the pushes
 * for after commit: `score` on the game's room and `stats` (with the trophies) on both players' rooms, and the
 * game's summary they carry.
 */
export async function applyFinalResult(
  trx: Knex,
  game: GameRow,
  now: Date,
  result: FinalScore,
  /** Both players' rows, when the caller locked them with the game (`lockGameWithPlayers`). */
  locked?: ReadonlyMap<number, LockedPlayerRow>,
): Promise<FinalOutcome> {
  if (game.state === 'final' || game.state === 'playing') {
    throw new CommandRejected('conflict', game.state === 'final' ? 'gameAlreadyFinal' : 'gameNotReadyForEdit');
  }
  const players = locked ?? (await lockPlayers(trx, game));
  const one = players.get(game.user_1_id)!;
  const two = players.get(game.user_2_id)!;
  const rated = rateGame({
    elo_1: one.elo,
    games_1: one.games_played,
    elo_2: two.elo,
    games_2: two.games_played,
    score_1: result.score_1,
    score_2: result.score_2,
  });
  const solving = game.state === 'conflict';
  const final = {
    state: 'final' as const,
    score_1: result.score_1,
    score_2: result.score_2,
    confirmed_user_id: result.confirmed_user_id,
    final_at: now,
    elo_1_before: one.elo,
    elo_2_before: two.elo,
    elo_1_after: rated.elo_1,
    elo_2_after: rated.elo_2,
    ...(solving ? { conflict_solved: true, solved_by_user_id: result.solved_by_user_id } : {}),
  };
  // The hunt's state in one read, after the players' locks, and the trophy moves written first, so their counter
  // changes join the players' one update. Only when the game and players were locked in this transaction's first
  // statement (`locked`): then the hunt's read is its first plain read and sees every trophy as the players' locks
  // keep it. A caller that read before (the console's conflict resolution reads the claimer) takes the hunt's full
  // path below, which locks the trophies.
  const unsecured = new Map([one, two].map((r) => [r.id, r.unsecured_trophies]));
  const trophies = locked
    ? await settleTrophyResult(trx, game, result, now, await readHuntState(trx, game), unsecured)
    : null;
  const delta = statsDelta(result.score_1, result.score_2);
  const writes: PlayerWrite[] = [
    {
      userId: game.user_1_id,
      delta: delta.user_1,
      elo: rated.elo_1,
      counters: trophies?.counters.get(game.user_1_id) ?? NO_COUNTERS,
    },
    {
      userId: game.user_2_id,
      delta: delta.user_2,
      elo: rated.elo_2,
      counters: trophies?.counters.get(game.user_2_id) ?? NO_COUNTERS,
    },
  ];
  const moved = trophies?.writes ?? [];
  const changed = await writeFinal(trx, game, final, writes, moved);
  if (changed === 0) throw new CommandRejected('conflict', 'gameAlreadyFinal');
  // Under the players' locks the trophies are as read, so a guard that matched nothing is a fault: all rolls back.
  if (changed !== 3 + moved.length) throw new Error(`game ${game.id}: the trophies were not as read`);
  await trx('elo_history').insert({
    game_id: game.id,
    kind: 'final',
    score_1: result.score_1,
    score_2: result.score_2,
    elo_1_before: one.elo,
    elo_2_before: two.elo,
    elo_1_after: rated.elo_1,
    elo_2_after: rated.elo_2,
    games_1: one.games_played,
    games_2: two.games_played,
    created_at: now,
  });
  const row: GameRow = { ...game, ...final };
  if (!trophies) {
    // A state the one read cannot settle (the week's first result, a trophy left over from another week): the
    // hunt's full path, after the stats, and the answer read again as this transaction leaves it.
    await applyTrophyResult(trx, game, result, now, unsecured);
    return afterFinal(trx, row, now);
  }
  // The guarded write made the rows exactly this, so nothing is read again for the answer and the pushes.
  const cards = new Map(
    writes.map((write) => [
      write.userId,
      cardAfter(players.get(write.userId)!, write, trophies.current_time_zone, now),
    ]),
  );
  const summary = presentGameSummary(row, cards, now);
  const stats = [summary.user_1, summary.user_2].map((player) =>
    presentStatsPush(player.id, summary.id, player, trophies.held.get(player.id) ?? []),
  );
  return { pushes: [push(gameRoom(summary.id), 'score', summary), ...stats], summary };
}

/**
 * A moderator replaces a final result (docs/decisions.md#matchmaking: "reverses the old effect and applies the new one"): each
 * player's stats lose the old game and gain the new one, their Elo loses the old change and is rated again from
 * there with the games played before this game (an `edit` row in the Elo history, so `elo:rebuild` can replay it),
 * and the game keeps when it became final; the trophy moves are reversed and the new result's applied
 * (`replaceTrophyResult`, docs/rules.md). Guarded by the old state and score, so a concurrent edit is a 409.
 * Answers the same pushes as {@link applyFinalResult}.
 */
export async function replaceFinalResult(
  trx: Knex,
  game: GameRow,
  now: Date,
  result: FinalScore,
): Promise<FinalOutcome> {
  if (
    game.state !== 'final' ||
    game.score_1 === null ||
    game.score_2 === null ||
    game.elo_1_before === null ||
    game.elo_1_after === null ||
    game.elo_2_before === null ||
    game.elo_2_after === null
  ) {
    throw new CommandRejected('conflict', 'gameNotReadyForEdit');
  }
  const { one, two } = await lockRatings(trx, game);
  const base1 = one.elo - (game.elo_1_after - game.elo_1_before);
  const base2 = two.elo - (game.elo_2_after - game.elo_2_before);
  const rated = rateGame({
    elo_1: base1,
    games_1: one.games_played - 1,
    elo_2: base2,
    games_2: two.games_played - 1,
    score_1: result.score_1,
    score_2: result.score_2,
  });
  const changed = await trx('games')
    .where({ id: game.id, state: 'final', score_1: game.score_1, score_2: game.score_2 })
    .update({
      score_1: result.score_1,
      score_2: result.score_2,
      elo_1_before: base1,
      elo_2_before: base2,
      elo_1_after: rated.elo_1,
      elo_2_after: rated.elo_2,
      ...(game.conflict ? { conflict_solved: true, solved_by_user_id: result.solved_by_user_id } : {}),
    });
  if (changed !== 1) throw new CommandRejected('conflict', 'gameAlreadyFinal');
  await trx('elo_history').insert({
    game_id: game.id,
    kind: 'edit',
    score_1: result.score_1,
    score_2: result.score_2,
    previous_score_1: game.score_1,
    previous_score_2: game.score_2,
    elo_1_before: one.elo,
    elo_2_before: two.elo,
    elo_1_after: rated.elo_1,
    elo_2_after: rated.elo_2,
    games_1: one.games_played - 1,
    games_2: two.games_played - 1,
    created_at: now,
  });
  const before = statsDelta(game.score_1, game.score_2);
  const after = statsDelta(result.score_1, result.score_2);
  await moveStats(trx, game.user_1_id, before.user_1, -1, base1);
  await moveStats(trx, game.user_2_id, before.user_2, -1, base2);
  await moveStats(trx, game.user_1_id, after.user_1, 1, rated.elo_1);
  await moveStats(trx, game.user_2_id, after.user_2, 1, rated.elo_2);
  await replaceTrophyResult(trx, { ...game, score_1: game.score_1, score_2: game.score_2 }, result, now);
  return afterFinal(trx, game.id, now);
}
