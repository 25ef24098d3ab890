import { writeOnce } from './write-once.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The shortest APP_SECRET accepted: 32 characters (for example `openssl rand -hex 32` gives 64). */
export const APP_SECRET_MIN_LENGTH = 32;

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where development keeps the secret it generated for itself (the .data directory of the checkout). */
export const DEV_APP_SECRET_FILE = path.join(ROOT, '.data', 'app-secret');

export class AppSecretError extends Error {}

/**
 * The application secret (the key of the TOTP secrets at rest): APP_SECRET, at least {@link APP_SECRET_MIN_LENGTH}
 * characters. Without NODE_ENV=production an unset APP_SECRET is generated once into `.data/app-secret` (32 random
 * bytes, hex) and read from there afterwards; several processes starting at once agree on one file, because it is
 * written under a temporary name and linked into place, which fails for all but the first. In production a missing
 * or short APP_SECRET is an AppSecretError: the start is refused rather than a key made up.
 */
export function resolveAppSecret(env: NodeJS.ProcessEnv = process.env, file = DEV_APP_SECRET_FILE): string {
  const given = env.APP_SECRET ?? '';
  if (given !== '') {
    if (given.length < APP_SECRET_MIN_LENGTH) {
      throw new AppSecretError(
        `APP_SECRET must be at least ${APP_SECRET_MIN_LENGTH} characters (for example: openssl rand -hex 32)`,
      );
    }
    return given;
  }
  if (env.NODE_ENV === 'production') {
    throw new AppSecretError(
      'APP_SECRET is required with NODE_ENV=production: it encrypts the two-factor secrets (for example: openssl rand -hex 32)',
    );
  }
  return developmentSecret(file);
}

function developmentSecret(file: string): string {
  const existing = readSecretFile(file);
  if (existing) return existing;
  writeOnce(file, `${randomBytes(32).toString('hex')}\n`);
  const written = readSecretFile(file);
  if (!written) throw new AppSecretError(`${file} must hold the development APP_SECRET; delete it to make a new one`);
  return written;
}

function readSecretFile(file: string): string | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text.length >= APP_SECRET_MIN_LENGTH ? text : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
