export * from '../../harness/src/push-endpoint.ts';
