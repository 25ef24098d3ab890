export * from '../../harness/src/product.ts';
