/** The stored states of a game (decisions §5). */
export type GameStateName = 'playing' | 'submitted' | 'dropped' | 'conflict' | 'final';
