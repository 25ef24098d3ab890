export * from './stats.ts';
export * from './players.ts';
export * from './matches.ts';
export * from './games.ts';
export * from './conflicts.ts';
export * from './users.ts';
export * from './trophies.ts';
export * from './forums.ts';
