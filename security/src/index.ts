// Secrets, tokens, password hashing and client addresses: pure code over node:crypto and files, no database, so the
// API, the worker, the CLI and the database layer share one implementation.
export * from './passwords.ts';
export * from './tokens.ts';
export * from './app-secret.ts';
export * from './totp-secret.ts';
export * from './recovery-codes.ts';
export * from './ip.ts';
export * from './bearer.ts';
export * from './vapid.ts';
export * from './unsubscribe.ts';
