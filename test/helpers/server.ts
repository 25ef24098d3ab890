export * from '../../harness/src/server.ts';
