import type Router from '@koa/router';
import { isStaff, type AdminEnrolmentDone, type AdminEnrolmentStart } from '@ecup/domain';
import type { User } from '@ecup/db';
import {
  CommandRejected,
  findLiveUser,
  completeEnrolment,
  findEnrolmentLink,
  startTotpSetup,
  type EnrolmentLinkRow,
} from '@ecup/db';
import { hashRecoveryCode, newRecoveryCodes, sealTotpSecret } from '@ecup/security';
import type { AppDeps, AppState } from '../context.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { bannedError, isBanned } from '../middleware/auth.ts';
import { bodyOf } from '../middleware/body.ts';
import { clientIp, findIpBan, userAgent } from '../services/client.ts';
import { refusedCommand, runCommand } from '../services/commands.ts';
import { accountSubject, confirmPassword } from '../services/login.ts';
import { LIMITS, hit, reset } from '../services/rate-limit.ts';
import { DEFAULT_PRODUCT_NAME, currentSeason } from '../services/season.ts';
import { identityOf } from './auth.routes.ts';
import { newTotpSecret, requireCode, totpOf } from '../services/totp.ts';

/**
 * Two-factor enrolment from an operator's one-time link (docs/decisions.md#permissions; docs/api.md "Admin API"), the only way an
 * account that must use two-factor sign-in gets a phone enrolled. Both calls count against the sign-in limit per
 * address, as /admin/api/auth/login does, and refuse IP-banned ranges.
 *
 * - POST /admin/api/auth/enrol/start {token}: a new secret and otpauth:// link for the link's account (again on each
 *   call, until the link is spent).
 * - POST /admin/api/auth/enrol/finish {token, password, code}: with the account's password and a code of that
 *   secret, spends the link, turns two-factor sign-in on, answers the 10 recovery codes once and opens a console
 *   session.
 *
 * A link that is unknown or replaced is a 400, a used or expired one a 409, each with its own message.
 */
export function routeEnrolment(router: Router<AppState>, deps: AppDeps): void {
  /** The link's account after the per-address limit and IP bans, or the refusal saying why the link is no good. */
  async function linkAndUser(ip: string, token: unknown): Promise<{ link: EnrolmentLinkRow; user: User }> {
    if (await findIpBan(deps.knex, ip)) throw forbidden('ipBanned');
    await hit(deps.redis, LIMITS.loginPerIp, ip);
    let link: EnrolmentLinkRow;
    try {
      link = await findEnrolmentLink(
        deps.knex,
        typeof token === 'string' ? token.trim().toLowerCase() : '',
        deps.now(),
      );
    } catch (error) {
      if (error instanceof CommandRejected) throw refusedCommand(error);
      throw error;
    }
    const user = await findLiveUser(deps.knex, link.user_id);
    if (!user || !isStaff(user)) throw badRequest('enrolmentLinkInvalid');
    if (isBanned(user, deps.now())) {
      throw bannedError(user, (await currentSeason(deps.knex))?.time_zone ?? 'UTC');
    }
    if (user.totp_enabled) throw conflict('totpAlreadyEnabled');
    return { link, user };
  }

  router.post('/admin/api/auth/enrol/start', async (ctx) => {
    const ip = clientIp(ctx);
    const { user } = await linkAndUser(ip, bodyOf(ctx).token);
    const secret = newTotpSecret();
    await runCommand(deps, (trx) =>
      startTotpSetup(trx, {
        user_id: user.id,
        secret: sealTotpSecret(deps.config.totpKey, secret),
        ip,
        now: deps.now(),
      }),
    );
    const issuer = (await currentSeason(deps.knex))?.product_name ?? DEFAULT_PRODUCT_NAME;
    const answer: AdminEnrolmentStart = {
      username: user.username,
      secret,
      otpauth_url: totpOf(secret, user.username, issuer).toString(),
    };
    ctx.body = answer;
  });

  router.post('/admin/api/auth/enrol/finish', async (ctx) => {
    const ip = clientIp(ctx);
    const body = bodyOf(ctx);
    const { user } = await linkAndUser(ip, body.token);
    if (!user.totp_secret) throw conflict('totpSetupMissing');
    // The link alone must not open the console: whoever finishes also knows the account's password, and wrong
    // guesses count in the account's sign-in limit (docs/rules.md "Account changes").
    await confirmPassword(deps, user, body.password, {
      limit: LIMITS.loginPerAccount,
      subject: accountSubject(user, user.username),
    });
    await requireCode(deps, body, user);
    const recovery_codes = newRecoveryCodes();
    const { session } = await runCommand(deps, (trx) =>
      completeEnrolment(trx, {
        token: String(body.token).trim().toLowerCase(),
        secret: user.totp_secret!,
        recovery_code_hashes: recovery_codes.map(hashRecoveryCode),
        ip,
        user_agent: userAgent(ctx),
        now: deps.now(),
      }),
    );
    await reset(deps.redis, LIMITS.loginPerAccount, accountSubject(user, user.username));
    const answer: AdminEnrolmentDone = {
      id: session.id,
      token: session.token,
      user: identityOf(user, true),
      recovery_codes,
    };
    ctx.body = answer;
  });
}
