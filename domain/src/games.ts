import type { GameStateName } from './contract/games.ts';

/**
 * Game states in which a player still has a game to finish (decisions §5: no queueing with an open game).
 * A game in conflict waits for a moderator and does not hold the players back.
 */
export const OPEN_GAME_STATES: readonly GameStateName[] = ['playing', 'submitted', 'dropped'];
