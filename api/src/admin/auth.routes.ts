import type Koa from 'koa';
import type Router from '@koa/router';
import {
  ALL_PERMISSIONS,
  MESSAGES,
  adminResourcesOf,
  flagNames,
  hasAll,
  isStaff,
  validateTotpCode,
  type AdminIdentity,
  type AdminSession,
  type AdminTotpSetup,
  type AdminTotpSetupRequired,
} from '@ecup/domain';
import { User, createAdminSession, disableTotp, enableTotp, startTotpSetup } from '@ecup/db';
import type { AppDeps, AppState } from '../context.ts';
import { badRequest, conflict, forbidden, unauthorized, valid } from '../errors.ts';
import { bannedError, isBanned } from '../middleware/auth.ts';
import { bodyOf } from '../middleware/body.ts';
import { clientIp, userAgent } from '../services/client.ts';
import { runCommand } from '../services/commands.ts';
import { accountSubject, checkCredentials } from '../services/login.ts';
import { LIMITS, check, hit, release, reset } from '../services/rate-limit.ts';
import { DEFAULT_PRODUCT_NAME, currentSeason } from '../services/season.ts';
import { ConsoleAuthError, requireConsole } from './access.ts';
import { checkTotpCode, dropSetupToken, issueSetupToken, newTotpSecret, setupTokenUser, totpOf } from './totp.ts';

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

type Ctx = Koa.ParameterizedContext<AppState>;

/**
 * Console sign-in and two-factor enrolment (decisions §8; docs/api.md "Admin API"):
 *
 * - POST /admin/api/auth/login {username, password, code?}: staff only. The limits, IP bans and bans of
 *   /user/login apply. With TOTP on, a missing or wrong code is a 401 with `totp_required`; a holder of every flag
 *   without TOTP gets `{ totp_setup_required, setup_token }` and no session until they enrol.
 * - POST /admin/api/auth/totp/setup (signed in to the console, or `setup_token`): a new secret and otpauth:// link.
 * - POST /admin/api/auth/totp/enable {code}: turns TOTP on; with a set-up token it also opens the session.
 * - POST /admin/api/auth/totp/disable {code}: turns it off; never for holders of every flag.
 * - GET /admin/api/auth/me: the signed-in staff member.
 */
export function routeAuth(router: Router<AppState>, deps: AppDeps): void {
  const timeZone = async () => (await currentSeason(deps.knex))?.time_zone ?? 'UTC';
  const issuer = async () => (await currentSeason(deps.knex))?.product_name ?? DEFAULT_PRODUCT_NAME;

  router.post('/admin/api/auth/login', async (ctx) => {
    const ip = clientIp(ctx);
    const body = bodyOf(ctx);
    const { user, account } = await checkCredentials(deps, body, ip);
    if (!isStaff(user)) throw forbidden(MESSAGES.noPermission);

    let secondFactor = false;
    if (user.totp_enabled) {
      const code = validateTotpCode(body);
      if (!code.ok && code.error === MESSAGES.secondFactorRequired) {
        throw new ConsoleAuthError(401, MESSAGES.secondFactorRequired, { totp_required: true });
      }
      if (!code.ok || !(await checkTotpCode(deps.redis, user, code.value.code, deps.now()))) {
        await hit(deps.redis, LIMITS.loginPerAccount, account);
        throw new ConsoleAuthError(401, MESSAGES.secondFactorInvalid, { totp_required: true });
      }
      secondFactor = true;
    } else if (hasAll(user, ALL_PERMISSIONS)) {
      await reset(deps.redis, LIMITS.loginPerAccount, account);
      const answer: AdminTotpSetupRequired = {
        totp_setup_required: true,
        setup_token: await issueSetupToken(deps.redis, user.id),
        message: MESSAGES.secondFactorSetupRequired,
      };
      ctx.body = answer;
      return;
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

  /**
   * Who is enrolling: the holder of a set-up token (a fresh row), or the console's signed-in staff member (who must
   * pass the console gate, so a player-app token of a holder of every flag cannot enrol a phone of its own).
   */
  async function enrolee(ctx: Ctx): Promise<{ user: User; session_id: number | null; setup_token: string | null }> {
    const given = bodyOf(ctx).setup_token;
    if (typeof given === 'string' && given !== '') {
      const token = given.toLowerCase();
      const userId = await setupTokenUser(deps.redis, token);
      const user = userId ? await User.query(deps.knex).findById(userId).whereNull('erased_at') : undefined;
      if (!user || !isStaff(user)) throw unauthorized(MESSAGES.setupTokenInvalid);
      if (isBanned(user, deps.now())) throw bannedError(user, await timeZone());
      return { user, session_id: null, setup_token: token };
    }
    const user = requireConsole(ctx);
    return { user, session_id: ctx.state.session!.id, setup_token: null };
  }

  /**
   * A code from the body, checked with the sign-in limit per account; a wrong one is a 400 (not a sign-out). The
   * attempt is counted first and taken back when the code is right, so parallel guesses cannot pass the limit.
   */
  async function requireCode(ctx: Ctx, user: User): Promise<void> {
    const subject = accountSubject(user, user.username);
    await check(deps.redis, LIMITS.loginPerAccount, subject);
    const code = valid(validateTotpCode(bodyOf(ctx)));
    await hit(deps.redis, LIMITS.loginPerAccount, subject);
    if (!(await checkTotpCode(deps.redis, user, code.code, deps.now()))) {
      throw badRequest(MESSAGES.secondFactorInvalid);
    }
    await release(deps.redis, LIMITS.loginPerAccount, subject);
  }

  router.post('/admin/api/auth/totp/setup', async (ctx) => {
    const { user } = await enrolee(ctx);
    if (user.totp_enabled) throw conflict(MESSAGES.totpAlreadyEnabled);
    const secret = newTotpSecret();
    await runCommand(deps, (trx) =>
      startTotpSetup(trx, { user_id: user.id, secret, ip: clientIp(ctx), now: deps.now() }),
    );
    const answer: AdminTotpSetup = {
      secret,
      otpauth_url: totpOf(secret, user.username, await issuer()).toString(),
    };
    ctx.body = answer;
  });

  router.post('/admin/api/auth/totp/enable', async (ctx) => {
    const { user, session_id, setup_token } = await enrolee(ctx);
    if (user.totp_enabled) throw conflict(MESSAGES.totpAlreadyEnabled);
    if (!user.totp_secret) throw conflict(MESSAGES.totpSetupMissing);
    await requireCode(ctx, user);
    const ip = clientIp(ctx);
    const { session } = await runCommand(deps, (trx) =>
      enableTotp(trx, {
        user_id: user.id,
        secret: user.totp_secret!,
        session_id,
        open_session: setup_token ? { ip, user_agent: userAgent(ctx) } : null,
        ip,
        now: deps.now(),
      }),
    );
    await reset(deps.redis, LIMITS.loginPerAccount, accountSubject(user, user.username));
    if (setup_token) await dropSetupToken(deps.redis, setup_token);
    ctx.body = session
      ? { totp_enabled: true, id: session.id, token: session.token, user: identityOf(user, true) }
      : { totp_enabled: true };
  });

  router.post('/admin/api/auth/totp/disable', async (ctx) => {
    const user = requireConsole(ctx);
    if (hasAll(user, ALL_PERMISSIONS)) throw forbidden(MESSAGES.totpRequiredForAllFlags);
    if (!user.totp_enabled) throw conflict(MESSAGES.totpNotEnabled);
    await requireCode(ctx, user);
    await runCommand(deps, (trx) => disableTotp(trx, { user_id: user.id, ip: clientIp(ctx), now: deps.now() }));
    ctx.body = { totp_enabled: false };
  });

  router.get('/admin/api/auth/me', async (ctx) => {
    ctx.body = identityOf(requireConsole(ctx));
  });
}
