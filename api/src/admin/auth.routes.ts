import type Router from '@koa/router';
import {
  ALL_PERMISSIONS,
  adminResourcesOf,
  flagNames,
  hasAll,
  isStaff,
  type AdminIdentity,
  type AdminSession,
  type AdminTotpEnabled,
  type AdminTotpSetup,
} from '@ecup/domain';
import type { User } from '@ecup/db';
import {
  findStaffByUsername,
  auditConsoleSignInFailed,
  createAdminSession,
  disableTotp,
  enableTotp,
  startTotpSetup,
  type ConsoleSignInFailure,
} from '@ecup/db';
import { hashRecoveryCode, newRecoveryCodes, sealTotpSecret } from '@ecup/security';
import type { AppDeps, AppState } from '../context.ts';
import { HttpError, conflict, forbidden, refusalOf } from '../errors.ts';
import { bodyOf } from '../middleware/body.ts';
import { clientIp, userAgent } from '../services/client.ts';
import { runCommand } from '../services/commands.ts';
import { accountSubject, checkCredentials, confirmPassword } from '../services/login.ts';
import { LIMITS, reset } from '../services/rate-limit.ts';
import { DEFAULT_PRODUCT_NAME, currentSeason } from '../services/season.ts';
import { ConsoleAuthError, requireConsole } from './access.ts';
import { checkSignInCode, newTotpSecret, requireCode, totpOf } from '../services/totp.ts';

/** The signed-in staff member as the console reads it (authProvider getIdentity, getPermissions, canAccess). */
export function identityOf(user: User, totp_enabled = Boolean(user.totp_enabled)): AdminIdentity {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    avatar_hash: user.avatar_hash,
    permissions: user.permissions,
    flags: flagNames(user.permissions),
    totp_enabled,
    resources: adminResourcesOf(user.permissions),
  };
}

/**
 * Console sign-in and two-factor enrolment (docs/decisions.md#permissions; docs/api.md "Admin API"):
 *
 * - POST /admin/api/auth/login {username, password, code?}: staff only. The limits, IP bans and bans of
 *   /user/login apply. With TOTP on, a missing or wrong code is a 401 with `totp_required`; the code may be one of
 *   the recovery codes instead, each good once. A holder of every flag without TOTP gets a 403
 *   (enrolmentLinkRequired) and no session: nobody enrols an authenticator from a password alone, only from an
 *   operator's enrolment link (enrol.routes.ts).
 * - POST /admin/api/auth/totp/setup (signed in to the console): a new secret and otpauth:// link.
 * - POST /admin/api/auth/totp/enable {password, code}: turns TOTP on and answers the 10 recovery codes, shown once.
 * - POST /admin/api/auth/totp/disable {password, code}: turns it off; never for holders of every flag.
 *   Both need the account's password as well as the code (docs/rules.md "Account changes"): a session left open
 *   must not be enough to change how the account signs in.
 * - GET /admin/api/auth/me: the signed-in staff member.
 */
export function routeAuth(router: Router<AppState>, deps: AppDeps): void {
  const issuer = async () => (await currentSeason(deps.knex))?.product_name ?? DEFAULT_PRODUCT_NAME;

  /** Audits a refused console sign-in of a staff account (docs/rules.md "Staff actions and audit"). */
  const auditFailure = (user_id: number, reason: ConsoleSignInFailure, ip: string) =>
    runCommand(deps, (trx) => auditConsoleSignInFailed(trx, { user_id, reason, ip, now: deps.now() }));

  router.post('/admin/api/auth/login', async (ctx) => {
    const ip = clientIp(ctx);
    const body = bodyOf(ctx);
    let checked: Awaited<ReturnType<typeof checkCredentials>>;
    try {
      checked = await checkCredentials(deps, body, ip);
    } catch (error) {
      // A wrong password for a staff account is written down; a name that is no staff member's is not.
      if (error instanceof HttpError && error.status === 401 && typeof body.username === 'string') {
        const named = await findStaffByUsername(deps.knex, body.username.trim());
        if (named) await auditFailure(named.id, 'password', ip);
      }
      throw error;
    }
    const { user, account } = checked;
    if (!isStaff(user)) throw forbidden('noPermission');

    const secondFactor = Boolean(user.totp_enabled);
    if (secondFactor) {
      const code = await checkSignInCode(deps, user, body, ip, account);
      if (!code.ok) {
        await auditFailure(user.id, 'second_factor', ip);
        throw new ConsoleAuthError(401, refusalOf(code), { totp_required: true });
      }
    } else if (hasAll(user, ALL_PERMISSIONS)) {
      throw forbidden('enrolmentLinkRequired');
    }
    await reset(deps.redis, LIMITS.loginPerAccount, account);
    const session = await runCommand(deps, (trx) =>
      createAdminSession(trx, {
        user_id: user.id,
        ip,
        user_agent: userAgent(ctx),
        second_factor: secondFactor,
        now: deps.now(),
      }),
    );
    const answer: AdminSession = { id: session.id, token: session.token, user: identityOf(user) };
    ctx.body = answer;
  });

  router.post('/admin/api/auth/totp/setup', async (ctx) => {
    const user = requireConsole(ctx);
    if (user.totp_enabled) throw conflict('totpAlreadyEnabled');
    const secret = newTotpSecret();
    await runCommand(deps, (trx) =>
      startTotpSetup(trx, {
        user_id: user.id,
        secret: sealTotpSecret(deps.config.totpKey, secret),
        ip: clientIp(ctx),
        now: deps.now(),
      }),
    );
    const answer: AdminTotpSetup = {
      secret,
      otpauth_url: totpOf(secret, user.username, await issuer()).toString(),
    };
    ctx.body = answer;
  });

  router.post('/admin/api/auth/totp/enable', async (ctx) => {
    const user = requireConsole(ctx);
    if (user.totp_enabled) throw conflict('totpAlreadyEnabled');
    if (!user.totp_secret) throw conflict('totpSetupMissing');
    await confirmPassword(deps, user, bodyOf(ctx).password);
    await requireCode(deps, bodyOf(ctx), user);
    const recovery_codes = newRecoveryCodes();
    await runCommand(deps, (trx) =>
      enableTotp(trx, {
        user_id: user.id,
        secret: user.totp_secret!,
        session_id: ctx.state.session!.id,
        open_session: null,
        recovery_code_hashes: recovery_codes.map(hashRecoveryCode),
        ip: clientIp(ctx),
        now: deps.now(),
      }),
    );
    await reset(deps.redis, LIMITS.loginPerAccount, accountSubject(user, user.username));
    const answer: AdminTotpEnabled = { totp_enabled: true, recovery_codes };
    ctx.body = answer;
  });

  router.post('/admin/api/auth/totp/disable', async (ctx) => {
    const user = requireConsole(ctx);
    if (hasAll(user, ALL_PERMISSIONS)) throw forbidden('totpRequiredForAllFlags');
    if (!user.totp_enabled) throw conflict('totpNotEnabled');
    await confirmPassword(deps, user, bodyOf(ctx).password);
    await requireCode(deps, bodyOf(ctx), user);
    await runCommand(deps, (trx) => disableTotp(trx, { user_id: user.id, ip: clientIp(ctx), now: deps.now() }));
    ctx.body = { totp_enabled: false };
  });

  router.get('/admin/api/auth/me', async (ctx) => {
    ctx.body = identityOf(requireConsole(ctx));
  });
}
