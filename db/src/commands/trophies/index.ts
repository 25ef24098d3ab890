export * from './result.ts';
export * from './sweeps.ts';
