import { MESSAGES, validateLogin } from '@ecup/domain';
import { findLiveUserByUsername, rehashPassword, type User } from '@ecup/db';
import {
  HashingBusyError,
  hashPassword,
  hashingBusy,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from '@ecup/security';
import type { AppDeps } from '../context.ts';
import { badRequest, forbidden, unauthorized, valid } from '../errors.ts';
import { runCommand } from './commands.ts';
import { bannedError, isBanned } from '../middleware/auth.ts';
import { findIpBan } from './client.ts';
import { LIMITS, hit, release, type Limit } from './rate-limit.ts';
import { currentSeason } from './season.ts';

/**
 * The subject of an account's sign-in and forgot-password limits: the account's id when the name finds one, so
 * spellings the database matches to the same row ('Alice', 'àlice', 'alice ') share one count; the name otherwise.
 */
export function accountSubject(user: { id: number } | undefined, username: string): string {
  return user ? `user-${user.id}` : `name-${username}`;
}

/**
 * After a successful check, a hash of other parameters than the process's cost (an older one, or N=2^17 p=1 at
 * 128 MiB from before) is replaced by one at that cost (OWASP: rehash at the next sign-in), only while the row still
 * holds the checked hash. With every hashing thread busy the rehash
 * waits for a later sign-in rather than refusing this one.
 */
async function rehashIfOlder(deps: AppDeps, user: User, password: string): Promise<void> {
  if (!needsRehash(user.password_hash, deps.config.passwordCost)) return;
  let password_hash: string;
  try {
    password_hash = await hashPassword(password, deps.config.passwordCost, 'refuse');
  } catch (error) {
    if (error instanceof HashingBusyError) return;
    throw error;
  }
  await runCommand(deps, (trx) =>
    rehashPassword(trx, { user_id: user.id, checked_hash: user.password_hash, password_hash }),
  );
  user.password_hash = password_hash;
}

/**
 * The password check of every sign-in (the player app's /user/login and the console's): the login limits per
 * address and per account (docs/decisions.md#api-contract), IP bans, the same answer and time for an unknown user as for a wrong
 * password, and a banned user's reason (docs/decisions.md#permissions). Answers the user, the username as typed and the subject of
 * the account's limit, which the caller resets once the whole sign-in (a second factor included) has succeeded.
 *
 * The account's attempt is counted before the password is checked and taken back when it matches, so only
 * failures count and parallel guesses cannot all slip past the limit before the first one is counted.
 */
export async function checkCredentials(
  deps: AppDeps,
  body: Record<string, unknown>,
  ip: string,
): Promise<{ user: User; username: string; account: string }> {
  const checked = validateLogin(body);
  // Input too long to be anyone's credentials answers exactly like a wrong password.
  if (!checked.ok && checked.error === MESSAGES.wrongCredentials) {
    await hit(deps.redis, LIMITS.loginPerIp, ip);
    throw unauthorized('wrongCredentials');
  }
  const form = valid(checked);
  // A crowd already fills the hashing line: refused before any database or Redis work, and counted nowhere.
  if (hashingBusy(deps.config.passwordCost)) throw new HashingBusyError();
  if (await findIpBan(deps.knex, ip)) throw forbidden('ipBanned');
  await hit(deps.redis, LIMITS.loginPerIp, ip);
  const user = await findLiveUserByUsername(deps.knex, form.username);
  const account = accountSubject(user, form.username);
  await hit(deps.redis, LIMITS.loginPerAccount, account);
  let matches: boolean;
  try {
    matches = user
      ? await verifyPassword(form.password, user.password_hash, 'refuse')
      : await verifyAgainstDummy(form.password, deps.config.passwordCost, 'refuse');
  } catch (error) {
    // Refused as busy (503), the password was never checked: not a failed attempt of the account.
    if (error instanceof HashingBusyError) await release(deps.redis, LIMITS.loginPerAccount, account);
    throw error;
  }
  if (!user || !matches) throw unauthorized('wrongCredentials');
  await release(deps.redis, LIMITS.loginPerAccount, account);
  await rehashIfOlder(deps, user, form.password);
  if (isBanned(user, deps.now())) {
    throw bannedError(user, (await currentSeason(deps.knex))?.time_zone ?? 'UTC');
  }
  return { user, username: form.username, account };
}

/**
 * The account's password given again before a change that could hand the account to whoever holds a session or a
 * link (docs/rules.md "Account changes"): e-mail change, enrolment, two-factor on or off. None sent is a 400
 * passwordRequired; a wrong one a 400 wrongCurrentPassword. The attempt is counted in `limit` before the check
 * and taken back when it matches, so only failures count and parallel guesses cannot all pass before the first
 * is counted (the password change's limit per account unless the caller names another).
 */
export async function confirmPassword(
  deps: AppDeps,
  user: User,
  password: unknown,
  limit: { limit: Limit; subject: string } = {
    limit: LIMITS.passwordChangePerAccount,
    subject: String(user.id),
  },
): Promise<void> {
  const given = typeof password === 'string' ? password : '';
  if (given === '') throw badRequest('passwordRequired');
  await hit(deps.redis, limit.limit, limit.subject);
  let matches: boolean;
  try {
    // Longer than any password the forms accept: wrong, without hashing it.
    matches = given.length <= 1000 && (await verifyPassword(given, user.password_hash, 'refuse'));
  } catch (error) {
    await release(deps.redis, limit.limit, limit.subject);
    throw error;
  }
  if (!matches) throw badRequest('wrongCurrentPassword');
  await release(deps.redis, limit.limit, limit.subject);
}
