export * from './rows.ts';
export * from './pools.ts';
export * from './moves.ts';
export * from './result.ts';
export * from './sweeps.ts';
