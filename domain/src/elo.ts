/**
 * Elo rating (docs/decisions.md#elo): start 1000, E = 1 / (1 + 10^((Rb - Ra) / 400)), win 1, draw 0.5, loss 0,
 * K = 40 for a player's first 30 games and 20 after; the new rating is rounded to an integer.
 */
import { ELO_K, ELO_K_NEW, ELO_K_NEW_GAMES, ELO_START } from './constants.ts';

/** Expected score of a player rated `ra` against one rated `rb`, between 0 and 1 (docs/decisions.md#elo). */
export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400));
}

/**
 * K-factor for a player who has already played `gamesPlayed` final games (docs/decisions.md#elo): games number 1 to 30 are
 * rated with K = 40, so the factor is 40 while fewer than 30 games are behind the player.
 */
export function kFactor(gamesPlayed: number): number {
  return gamesPlayed < ELO_K_NEW_GAMES ? ELO_K_NEW : ELO_K;
}

/** Actual score of player 1 for a result: 1 win, 0.5 draw, 0 loss (docs/decisions.md#elo). */
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
 * New ratings of both players after one final game (docs/decisions.md#elo). Each player's change uses their own K, so
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
 * moderator's confirmation shows exactly what `applyFinalResult` will write (docs/decisions.md#elo).
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
 * Rebuilds every rating from the final games of a season in the order played (docs/decisions.md#elo: the replay must equal
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

/** A game's Elo as the games table stores it: both players' rating before and after its (current) result. */
export interface GameElo {
  elo_1_before: number;
  elo_2_before: number;
  elo_1_after: number;
  elo_2_after: number;
}
