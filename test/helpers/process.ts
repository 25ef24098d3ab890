export * from '../../harness/src/process.ts';
