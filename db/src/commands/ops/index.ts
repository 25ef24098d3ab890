// The operator commands behind the CLI (`scripts`), one file per concern.
export * from './season.ts';
export * from './staff.ts';
export * from './elo-rebuild.ts';
export * from './user-data.ts';
export * from './reset-two-factor.ts';
export * from './elo-replay.ts';
export * from './round-winners.ts';
export * from './season-ratings.ts';
export * from './clean-ups.ts';
