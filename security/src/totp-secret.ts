import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { resolveAppSecret } from './app-secret.ts';

/** The stored form's version tag: `v1:<iv>:<tag>:<ciphertext>`, each base64. */
const VERSION = 'v1';
const IV_BYTES = 12;

/** A 256-bit AES key for the TOTP secrets, derived from the application secret (HKDF-SHA256). */
export function totpKeyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'ecup', 'totp-secret v1', 32));
}

/** The TOTP key of this process's environment (resolveAppSecret: APP_SECRET, or development's `.data/app-secret`). */
export function totpKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer {
  return totpKeyOf(resolveAppSecret(env));
}

/** Whether a stored value is in the encrypted form (anything else is a plaintext secret from before encryption). */
export function isSealedTotpSecret(stored: string): boolean {
  return stored.startsWith(`${VERSION}:`);
}

/** Encrypts a base32 TOTP secret with AES-256-GCM under `key` (a fresh 96-bit IV each time). */
export function sealTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

/**
 * The base32 secret of a stored value, or null when it cannot be opened: not the encrypted form, another key, or
 * changed (GCM's tag fails). A null never signs anyone in; the caller treats it as "no secret".
 */
export function openTotpSecret(key: Buffer, stored: string): string | null {
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64'));
  if (iv!.length !== IV_BYTES || tag!.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
