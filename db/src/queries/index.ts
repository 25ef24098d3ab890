export * from './active-game.ts';
export * from './queue.ts';
export * from './matchmaking-status.ts';
export * from './conflicts.ts';
export * from './trophies.ts';
export * from './ranking.ts';
export * from './teams.ts';
export * from './forums.ts';
