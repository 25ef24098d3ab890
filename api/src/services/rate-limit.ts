import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  FORGOT_PASSWORD_PER_ACCOUNT,
  FORGOT_PASSWORD_WINDOW_MS,
  GUARDIAN_RESENDS_PER_ACCOUNT,
  GUARDIAN_RESEND_WINDOW_MS,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_ATTEMPTS_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  SIGNUP_ADDRESS_WINDOW_MS,
  SIGNUP_REFUSALS_PER_ADDRESS,
  SIGNUPS_PER_ADDRESS,
} from '@ecup/domain';
import { tooManyRequests, unavailable } from '../errors.ts';

/** A fixed-window limit: at most `limit` hits per `windowSeconds`. */
export interface Limit {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Limits on sign-in, sign-up and password reset, per IP and per account (docs/decisions.md#api-contract), and on forum posting. */
export const LIMITS = {
  loginPerIp: { name: 'login-ip', limit: LOGIN_ATTEMPTS_PER_ADDRESS, windowSeconds: LOGIN_ADDRESS_WINDOW_MS / 1000 },
  loginPerAccount: {
    name: 'login-account',
    limit: LOGIN_FAILURES_PER_ACCOUNT,
    windowSeconds: LOGIN_ACCOUNT_WINDOW_MS / 1000,
  },
  /** Accounts created per address (a refused attempt gives its reserved place back). */
  signupPerIp: { name: 'signup-ip', limit: SIGNUPS_PER_ADDRESS, windowSeconds: SIGNUP_ADDRESS_WINDOW_MS / 1000 },
  /** Refused sign-ups per address. */
  signupRefusalsPerIp: {
    name: 'signup-refused-ip',
    limit: SIGNUP_REFUSALS_PER_ADDRESS,
    windowSeconds: SIGNUP_ADDRESS_WINDOW_MS / 1000,
  },
  signupPerAccount: { name: 'signup-account', limit: 5, windowSeconds: 60 * 60 },
  forgotPerIp: { name: 'forgot-ip', limit: 10, windowSeconds: 60 * 60 },
  forgotPerAccount: {
    name: 'forgot-account',
    limit: FORGOT_PASSWORD_PER_ACCOUNT,
    windowSeconds: FORGOT_PASSWORD_WINDOW_MS / 1000,
  },
  resetPerIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60 },
  passwordChangePerAccount: { name: 'password-change', limit: 10, windowSeconds: 15 * 60 },
  /** E-mail change requests per account (not in the spec): each sends two mails, one to any address typed. */
  emailChangePerAccount: { name: 'email-change', limit: 5, windowSeconds: 60 * 60 },
  /** Opening and using e-mail change links per address (not in the spec; tokens cannot be guessed anyway). */
  emailLinkPerIp: { name: 'email-link-ip', limit: 30, windowSeconds: 60 * 60 },
  /** New topics and replies together, per user (not in the spec; keeps a youth forum from being flooded). */
  forumPostPerUser: { name: 'forum-post', limit: 10, windowSeconds: 5 * 60 },
  /** Post reports per user (not in the spec). */
  forumReportPerUser: { name: 'forum-report', limit: 20, windowSeconds: 60 * 60 },
  /** Reports of a chat line or an opponent per user (docs/decisions.md#minors-safety; not in the spec). */
  reportPerUser: { name: 'report', limit: 5, windowSeconds: 60 * 60 },
  /** "Send the e-mail again" to a minor's parent or guardian, per account (docs/decisions.md#permissions). */
  guardianResendPerAccount: {
    name: 'guardian-resend',
    limit: GUARDIAN_RESENDS_PER_ACCOUNT,
    windowSeconds: GUARDIAN_RESEND_WINDOW_MS / 1000,
  },
  /** Notification settings changes per user (not in the spec). */
  notificationSettingsPerUser: { name: 'notification-settings', limit: 60, windowSeconds: 15 * 60 },
  /** Push subscriptions and removals per user (not in the spec). */
  pushSubscriptionPerUser: { name: 'push-subscription', limit: 30, windowSeconds: 60 * 60 },
  /** One-click unsubscribes per address (not in the spec; the token is checked after the count). */
  unsubscribePerIp: { name: 'unsubscribe-ip', limit: 60, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/**
 * The counter's key. The subject (an address, a username, an e-mail address) is hashed, so Redis, its dumps and
 * its MONITOR never hold personal data in the clear (privacy: no e-mail or address in a Redis key).
 */
function key(limit: Limit, subject: string): string {
  return `rl:${limit.name}:${createHash('sha256').update(subject.toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** Runs a Redis call; when Redis cannot answer, the limit fails closed with a 503 rather than letting a flood in. */
async function closed<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw unavailable('serviceUnavailable');
  }
}

/** Counts one hit and throws 429 (with Retry-After) once the window is full. */
export async function hit(redis: Redis, limit: Limit, subject: string): Promise<void> {
  const k = key(limit, subject);
  const result = await closed(() => redis.multi().incr(k).expire(k, limit.windowSeconds, 'NX').ttl(k).exec());
  if (!result) throw new Error('rate limit transaction aborted');
  const count = Number(result[0]?.[1]);
  const ttl = Number(result[2]?.[1]);
  if (count > limit.limit) throw tooManyRequests(ttl > 0 ? ttl : limit.windowSeconds);
}

/** Throws 429 when the window is already full, without counting a hit (checked before work that may succeed). */
export async function check(redis: Redis, limit: Limit, subject: string): Promise<void> {
  const k = key(limit, subject);
  const [count, ttl] = await closed(() => Promise.all([redis.get(k), redis.ttl(k)]));
  if (Number(count ?? 0) >= limit.limit) throw tooManyRequests(ttl > 0 ? ttl : limit.windowSeconds);
}

/**
 * Takes back one hit counted by {@link hit} (an attempt reserved before the work, which then succeeded), so only
 * failures stay counted while parallel attempts still cannot all pass a check at once.
 */
export async function release(redis: Redis, limit: Limit, subject: string): Promise<void> {
  const k = key(limit, subject);
  await closed(() => redis.eval(RELEASE, 1, k));
}

// Decrements only a positive counter, so a window that expired in between is not turned negative.
const RELEASE =
  "local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then redis.call('DECR', KEYS[1]) end return n";

/** Forgets an account's failures after a success. */
export async function reset(redis: Redis, limit: Limit, subject: string): Promise<void> {
  await closed(() => redis.del(key(limit, subject)));
}
