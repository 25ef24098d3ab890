export * from '../../harness/src/poll.ts';
