export * from '../../harness/src/output-tail.ts';
