import { MESSAGES, validateLogin } from '@ecup/domain';
import { User, verifyAgainstDummy, verifyPassword } from '@ecup/db';
import type { AppDeps } from '../context.ts';
import { forbidden, unauthorized, valid } from '../errors.ts';
import { bannedError, isBanned } from '../middleware/auth.ts';
import { findIpBan } from './client.ts';
import { LIMITS, check, hit } from './rate-limit.ts';
import { currentSeason } from './season.ts';

/**
 * The password check of every sign-in (the player app's /user/login and the console's): the login limits per
 * address and per account (decisions §2), IP bans, the same answer and time for an unknown user as for a wrong
 * password, and a banned user's reason (decisions §8). Answers the user and the username as typed, the key of the
 * account's limit, which the caller resets once the whole sign-in (a second factor included) has succeeded.
 */
export async function checkCredentials(
  deps: AppDeps,
  body: Record<string, unknown>,
  ip: string,
): Promise<{ user: User; username: string }> {
  const checked = validateLogin(body);
  // Input too long to be anyone's credentials answers exactly like a wrong password.
  if (!checked.ok && checked.error === MESSAGES.wrongCredentials) {
    await hit(deps.redis, LIMITS.loginPerIp, ip);
    throw unauthorized(MESSAGES.wrongCredentials);
  }
  const form = valid(checked);
  if (await findIpBan(deps.knex, ip)) throw forbidden(MESSAGES.ipBanned);
  await hit(deps.redis, LIMITS.loginPerIp, ip);
  await check(deps.redis, LIMITS.loginPerAccount, form.username);
  const user = await User.query(deps.knex).findOne({ username: form.username }).whereNull('erased_at');
  const matches = user
    ? await verifyPassword(form.password, user.password_hash)
    : await verifyAgainstDummy(form.password);
  if (!user || !matches) {
    await hit(deps.redis, LIMITS.loginPerAccount, form.username);
    throw unauthorized(MESSAGES.wrongCredentials);
  }
  if (isBanned(user, deps.now())) {
    throw bannedError(user, (await currentSeason(deps.knex))?.time_zone ?? 'UTC');
  }
  return { user, username: form.username };
}
