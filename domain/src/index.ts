/** @ecup/domain: pure rules shared by every workspace. No I/O, no clock, no environment. */
export * from './constants.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './time.ts';
export * from './clock.ts';
export * from './season.ts';
export * from './elo.ts';
export * from './games.ts';
export * from './matchmaking.ts';
export * from './validation/index.ts';
export * from './contract/accounts.ts';
export * from './contract/games.ts';
export * from './contract/jobs.ts';
export * from './countries.ts';
export * from './contract/forums.ts';
export * from './contract/realtime.ts';
export * from './trophies.ts';
