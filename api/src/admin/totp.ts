import { Secret, TOTP } from 'otpauth';
import type { Redis } from 'ioredis';
import {
  MESSAGES,
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_SETUP_TOKEN_TTL_SECONDS,
  TOTP_WINDOW,
} from '@ecup/domain';
import { hashToken, newToken } from '@ecup/db';
import { unavailable } from '../errors.ts';

/** A new TOTP secret: 160 random bits (RFC 4226's recommended size), base32 as authenticator apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The TOTP of a secret with the RFC 6238 defaults (SHA1, 6 digits, 30 s). */
export function totpOf(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** Runs a Redis call; a Redis that cannot answer fails closed with a 503 (as the sign-in limits do). */
async function closed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw unavailable(MESSAGES.serviceUnavailable);
  }
}

/**
 * Checks a code against a user's secret at `now` (the app's clock, so tests can move time), one period either side
 * (TOTP_WINDOW). A code is taken once (RFC 6238 §5.2): the matched time step is remembered in Redis for as long as
 * the code could be valid, so a code seen over someone's shoulder cannot be replayed.
 */
export async function checkTotpCode(
  redis: Redis,
  user: { id: number; totp_secret: string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const timestamp = now.getTime();
  const delta = totpOf(user.totp_secret, '', '').validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const ttl = TOTP_PERIOD_SECONDS * (2 * TOTP_WINDOW + 2);
  const fresh = await closed(() => redis.set(`totp-used:${user.id}:${step}`, '1', 'EX', ttl, 'NX'));
  return fresh === 'OK';
}

const setupKey = (token: string) => `totp-setup:${hashToken(token)}`;

/**
 * A set-up token for a holder of every flag who signed in with the right password but has no TOTP yet (decisions
 * §8): it allows the set-up and enable calls only, for TOTP_SETUP_TOKEN_TTL_SECONDS, and is kept only as a hash.
 */
export async function issueSetupToken(redis: Redis, userId: number): Promise<string> {
  const token = newToken();
  await closed(() => redis.set(setupKey(token), String(userId), 'EX', TOTP_SETUP_TOKEN_TTL_SECONDS));
  return token;
}

/** The user a set-up token belongs to, or null when it is unknown or expired. */
export async function setupTokenUser(redis: Redis, token: string): Promise<number | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const value = await closed(() => redis.get(setupKey(token)));
  return value === null ? null : Number(value);
}

/** Ends a set-up token once it opened a session. */
export async function dropSetupToken(redis: Redis, token: string): Promise<void> {
  await closed(() => redis.del(setupKey(token)));
}
