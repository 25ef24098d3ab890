export * from '../../harness/src/factories.ts';
