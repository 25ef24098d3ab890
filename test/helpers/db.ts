export * from '../../harness/src/db.ts';
