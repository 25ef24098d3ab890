export * from './connection.ts';
export * from './migrate.ts';
export * from './models/index.ts';
export * from './security/passwords.ts';
export * from './security/tokens.ts';
export * from './storage/images.ts';
