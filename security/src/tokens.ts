import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token as 64 hex characters (docs/decisions.md#api-contract). */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 of a token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A random image id: 32 lowercase hex characters. */
export function newImageId(): string {
  return randomBytes(16).toString('hex');
}
