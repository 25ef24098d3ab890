import { Secret, TOTP } from 'otpauth';
import type { Redis } from 'ioredis';
import {
  MESSAGES,
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  validateSignInCode,
  validateTotpCode,
  message,
  type Message,
} from '@ecup/domain';
import { useRecoveryCode, type User } from '@ecup/db';
import { hashRecoveryCode, hashToken, openTotpSecret } from '@ecup/security';
import type { AppDeps } from '../context.ts';
import { badRequest, unavailable, valid } from '../errors.ts';
import { runCommand } from './commands.ts';
import { accountSubject } from './login.ts';
import { LIMITS, check, hit, release } from './rate-limit.ts';

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
    throw unavailable('serviceUnavailable');
  }
}

/**
 * Checks a code against a user's secret (stored encrypted, opened with `key`: Config.totpKey) at `now` (the app's
 * clock, so tests can move time), one period either side (TOTP_WINDOW). A code is taken once (RFC 6238 §5.2): the
 * matched time step of this enrolment (the stored value, hashed) is remembered in Redis for as long as the code could
 * be valid, so a code seen over someone's shoulder cannot be replayed, while a new enrolment's first code is not
 * refused for a step the old phone used.
 */
export async function checkTotpCode(
  redis: Redis,
  key: Buffer,
  user: { id: number; totp_secret: string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = user.totp_secret ? openTotpSecret(key, user.totp_secret) : null;
  if (!secret) return false;
  const timestamp = now.getTime();
  const delta = totpOf(secret, '', '').validate({ token: code, timestamp, window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const ttl = TOTP_PERIOD_SECONDS * (2 * TOTP_WINDOW + 2);
  const enrolment = hashToken(user.totp_secret!).slice(0, 16);
  const fresh = await closed(() => redis.set(`totp-used:${user.id}:${enrolment}:${step}`, '1', 'EX', ttl, 'NX'));
  return fresh === 'OK';
}

/**
 * A code from the body, checked with the sign-in limit per account; a wrong one is a 400 (not a sign-out). The
 * attempt is counted first and taken back when the code is right, so parallel guesses cannot pass the limit.
 */
export async function requireCode(
  deps: AppDeps,
  body: Record<string, unknown>,
  user: { id: number; username: string | null; totp_secret: string | null },
): Promise<void> {
  const subject = accountSubject(user, user.username ?? '');
  await check(deps.redis, LIMITS.loginPerAccount, subject);
  const code = valid(validateTotpCode(body));
  await hit(deps.redis, LIMITS.loginPerAccount, subject);
  if (!(await checkTotpCode(deps.redis, deps.config.totpKey, user, code.code, deps.now()))) {
    throw badRequest('secondFactorInvalid');
  }
  await release(deps.redis, LIMITS.loginPerAccount, subject);
}

/** Spends a recovery code (audited); false when it is not one of the user's unspent codes. */
async function spendRecoveryCode(deps: AppDeps, userId: number, code: string, ip: string): Promise<boolean> {
  try {
    await runCommand(deps, (trx) =>
      useRecoveryCode(trx, { user_id: userId, code_hash: hashRecoveryCode(code), ip, now: deps.now() }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.message === MESSAGES.secondFactorInvalid) return false;
    throw error;
  }
}

/**
 * The second step of a sign-in with two-factor on (docs/decisions.md#permissions), the console's and the player app's alike: the
 * body's `code` is the authenticator's code or one of the recovery codes, each of those good once. A missing code
 * answers secondFactorRequired and counts nowhere (the form then asks for it); a wrong one answers
 * secondFactorInvalid and counts towards the account's sign-in limit (`account`, from checkCredentials), which the
 * caller resets once the whole sign-in has succeeded.
 */
export async function checkSignInCode(
  deps: AppDeps,
  user: User,
  body: Record<string, unknown>,
  ip: string,
  account: string,
): Promise<{ ok: true } | ({ ok: false } & Message)> {
  const code = validateSignInCode(body);
  if (!code.ok && code.code === 'secondFactorRequired') return code;
  const accepted = !code.ok
    ? false
    : code.value.kind === 'totp'
      ? await checkTotpCode(deps.redis, deps.config.totpKey, user, code.value.code, deps.now())
      : await spendRecoveryCode(deps, user.id, code.value.code, ip);
  if (accepted) return { ok: true };
  await hit(deps.redis, LIMITS.loginPerAccount, account);
  return { ok: false, ...message('secondFactorInvalid') };
}
