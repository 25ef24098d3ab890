/**
 * Elo rating (decisions §6): start 1000, E = 1 / (1 + 10^((Rb - Ra) / 400)), win 1, draw 0.5, loss 0,
 * K = 40 for a player's first 30 games and 20 after; the new rating is rounded to an integer.
 */
import { ELO_K, ELO_K_NEW, ELO_K_NEW_GAMES, ELO_START } from './constants.ts';

/** Expected score of a player rated `ra` against one rated `rb`, between 0 and 1 (decisions §6). */
export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400));
}

/**
 * K-factor for a player who has already played `gamesPlayed` final games (decisions §6): games number 1 to 30 are
 * rated with K = 40, so the factor is 40 while fewer than 30 games are behind the player.
 */
export function kFactor(gamesPlayed: number): number {
  return gamesPlayed < ELO_K_NEW_GAMES ? ELO_K_NEW : ELO_K;
}

/** Actual score of player 1 for a result: 1 win, 0.5 draw, 0 loss (decisions §6). */
export function actualScore(score_1: number, score_2: number): 0 | 0.5 | 1 {
  if (score_1 > score_2) return 1;
  if (score_1 < score_2) return 0;
  return 0.5;
}

export interface RateGameInput {
  elo_1: number;
  /** Final games player 1 had played before this one. */
  games_1: number;
  elo_2: number;
  games_2: number;
  score_1: number;
  score_2: number;
}

/**
 * New ratings of both players after one final game (decisions §6). Each player's change uses their own K, so
 * the sum is not conserved while one of them is new. Rounding is Math.round (halves go up).
 */
export function rateGame(input: RateGameInput): { elo_1: number; elo_2: number } {
  const s1 = actualScore(input.score_1, input.score_2);
  const e1 = expectedScore(input.elo_1, input.elo_2);
  const e2 = expectedScore(input.elo_2, input.elo_1);
  return {
    elo_1: Math.round(input.elo_1 + kFactor(input.games_1) * (s1 - e1)),
    elo_2: Math.round(input.elo_2 + kFactor(input.games_2) * (1 - s1 - e2)),
  };
}

/**
 * How much each player's rating moves if a game ends with this score: the difference `rateGame` makes, so a
 * moderator's confirmation shows exactly what `applyFinalResult` will write (decisions §6).
 */
export function eloChanges(input: RateGameInput): { change_1: number; change_2: number } {
  const rated = rateGame(input);
  return { change_1: rated.elo_1 - input.elo_1, change_2: rated.elo_2 - input.elo_2 };
}

export interface ReplayGame {
  user_1: number;
  user_2: number;
  score_1: number;
  score_2: number;
}

/**
 * Rebuilds every rating from the final games of a season in the order played (decisions §6: the replay must equal
 * the incremental ratings). Players not yet seen start at 1000 with no games, unless `initial` gives them a start.
 */
export function replayRatings(
  games: Iterable<ReplayGame>,
  initial: ReadonlyMap<number, { elo: number; games: number }> = new Map(),
): Map<number, { elo: number; games: number }> {
  const ratings = new Map<number, { elo: number; games: number }>();
  for (const [id, rating] of initial) ratings.set(id, { ...rating });
  const get = (id: number) => ratings.get(id) ?? { elo: ELO_START, games: 0 };
  for (const game of games) {
    const p1 = get(game.user_1);
    const p2 = get(game.user_2);
    const next = rateGame({
      elo_1: p1.elo,
      games_1: p1.games,
      elo_2: p2.elo,
      games_2: p2.games,
      score_1: game.score_1,
      score_2: game.score_2,
    });
    ratings.set(game.user_1, { elo: next.elo_1, games: p1.games + 1 });
    ratings.set(game.user_2, { elo: next.elo_2, games: p2.games + 1 });
  }
  return ratings;
}

/**
 * One rating event of the season's history, in the order it was applied: a result becoming final, or a moderator
 * replacing a final result (decisions §5).
 */
export interface EloEvent {
  kind: 'final' | 'edit';
  game_id: number;
  user_1: number;
  user_2: number;
  /** The result this event rates: the final score, or the score the edit set. */
  score_1: number;
  score_2: number;
}

/** A game's Elo as the games table stores it: both players' rating before and after its (current) result. */
export interface GameElo {
  elo_1_before: number;
  elo_2_before: number;
  elo_1_after: number;
  elo_2_after: number;
}

export interface EloReplay {
  /** Every player seen: rating and final games played (the count K reads). */
  ratings: Map<number, { elo: number; games: number }>;
  /** Every game seen, with the before/after the incremental path stores for its latest result. */
  games: Map<number, GameElo>;
}

/**
 * Replays a rating history exactly as the incremental path applied it (decisions §5, §6; docs/rules.md "Elo
 * rebuild"). A `final` rates the game from both players' current ratings and games played (`rateGame`), as
 * `applyFinalResult` does. An `edit` (a moderator replacing a final result, `replaceFinalResult`) takes the
 * game's current change back from each player's current rating and rates the new score from there with one game
 * fewer than the player has now; the player's rating becomes that result, so games finalised in between keep the
 * changes they had. Players start at 1000 with no games unless `initial` says otherwise. An edit of a game that
 * has not become final is a broken history and throws.
 */
export function replayEloEvents(
  events: Iterable<EloEvent>,
  initial: ReadonlyMap<number, { elo: number; games: number }> = new Map(),
): EloReplay {
  const ratings = new Map<number, { elo: number; games: number }>();
  for (const [id, rating] of initial) ratings.set(id, { ...rating });
  const games = new Map<number, GameElo>();
  const get = (id: number) => ratings.get(id) ?? { elo: ELO_START, games: 0 };
  for (const event of events) {
    const p1 = get(event.user_1);
    const p2 = get(event.user_2);
    let base1 = p1.elo;
    let base2 = p2.elo;
    let played1 = p1.games;
    let played2 = p2.games;
    if (event.kind === 'edit') {
      const old = games.get(event.game_id);
      if (!old) throw new Error(`game ${event.game_id} is edited before it became final`);
      base1 = p1.elo - (old.elo_1_after - old.elo_1_before);
      base2 = p2.elo - (old.elo_2_after - old.elo_2_before);
      played1 = p1.games - 1;
      played2 = p2.games - 1;
    }
    const next = rateGame({
      elo_1: base1,
      games_1: played1,
      elo_2: base2,
      games_2: played2,
      score_1: event.score_1,
      score_2: event.score_2,
    });
    games.set(event.game_id, {
      elo_1_before: base1,
      elo_2_before: base2,
      elo_1_after: next.elo_1,
      elo_2_after: next.elo_2,
    });
    ratings.set(event.user_1, { elo: next.elo_1, games: played1 + 1 });
    ratings.set(event.user_2, { elo: next.elo_2, games: played2 + 1 });
  }
  return { ratings, games };
}
