export * from './report-game.ts';
export * from './blocks.ts';
export * from './warnings.ts';
export * from './flags.ts';
