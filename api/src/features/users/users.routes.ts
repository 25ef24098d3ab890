import Router from '@koa/router';
import type Koa from 'koa';
import {
  MESSAGES,
  message,
  validateConsoleUpdate,
  validatePrivacyUpdate,
  validateEmailChangeLink,
  validateForgotPassword,
  validatePasswordChange,
  validateProfileUpdate,
  validateResetLink,
  validateResetPassword,
  validateSignup,
  validateTeamsUpdate,
  parsePositiveInt,
  asTrimmed,
  sessionPermissions,
  sameEmail,
} from '@ecup/domain';
import type { User } from '@ecup/db';
import {
  endSession,
  findLiveUserByUsername,
  findUserById,
  changePassword,
  confirmEmailChange,
  createSession,
  isUsableEmailChangeLink,
  isUsableReset,
  openGameId,
  presentUser,
  rankOf,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  searchTeams,
  setAvatar,
  signUp,
  undoEmailChange,
  updateConsole,
  updatePrivacy,
  updateProfile,
  updateTeams,
} from '@ecup/db';
import { hashPassword, verifyPassword } from '@ecup/security';
import { removeAvatar, storeAvatar, storeTeamPhoto } from '@ecup/storage';
import type { AppDeps, AppState } from '../../context.ts';
import { HttpError, badRequest, forbidden, unauthorized, valid, refusalOf } from '../../errors.ts';
import { bannedError, findSession, isBanned, permissionsOf, requireUser } from '../../middleware/auth.ts';
import { bodyOf, queryOf, uploadedFile } from '../../middleware/body.ts';
import { LIMITS, check, hit, release, reset } from '../../services/rate-limit.ts';
import { clientIp, findIpBan, userAgent } from '../../services/client.ts';
import { onlineFlags } from '../../services/presence.ts';
import { runCommand } from '../../services/commands.ts';
import { accountSubject, checkCredentials, confirmPassword } from '../../services/login.ts';
import { readPhoto } from '../../services/photos.ts';
import { refuseContactDetails } from '../../services/identity.ts';
import { checkSignInCode } from '../../services/totp.ts';
import { CACHED_READS } from '../../services/read-cache.ts';
import { DEFAULT_PRODUCT_NAME, currentSeason } from '../../services/season.ts';

/** The account calls of docs/product.md#calls (sign-in, sign-up, settings, password reset). */
export function usersRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  /**
   * The user object of docs/product.md#entities and the staff flags the calling session may use (`session_permissions`); `reload`
   * when the call just changed the row.
   */
  async function userPayload(user: User, session_permissions: number, reload = false) {
    const fresh = reload ? ((await findUserById(deps.knex, user.id)) ?? user) : user;
    const [rank, online, game] = await Promise.all([
      rankOf(deps.knex, fresh, deps.now()),
      onlineFlags(deps.redis, [fresh.id]),
      openGameId(deps.knex, fresh.id),
    ]);
    return presentUser(fresh, {
      rank,
      online: online.get(fresh.id) ?? false,
      game_id: game,
      session_permissions,
    });
  }

  async function refuseBannedAddress(ip: string) {
    if (await findIpBan(deps.knex, ip)) throw forbidden('ipBanned');
  }

  async function productName() {
    return (await currentSeason(deps.knex))?.product_name ?? DEFAULT_PRODUCT_NAME;
  }

  async function timeZone() {
    return (await currentSeason(deps.knex))?.time_zone ?? 'UTC';
  }

  /**
   * Sign-in (docs/product.md#calls). An account with two-factor sign-in on also sends `code`, the authenticator's code or a
   * recovery code (docs/decisions.md#permissions): without it the answer is a 401 secondFactorRequired, and the form asks for it;
   * with it the session has the account's staff flags, as a console session has.
   */
  router.post('/user/login', async (ctx) => {
    const ip = clientIp(ctx);
    const body = bodyOf(ctx);
    const { user, account } = await checkCredentials(deps, body, ip);
    const secondFactor = Boolean(user.totp_enabled);
    if (secondFactor) {
      const code = await checkSignInCode(deps, user, body, ip, account);
      if (!code.ok) throw unauthorized(refusalOf(code));
    }
    await reset(deps.redis, LIMITS.loginPerAccount, account);
    const session = await runCommand(deps, (trx) =>
      createSession(trx, {
        user_id: user.id,
        ip,
        user_agent: userAgent(ctx),
        second_factor: secondFactor,
        now: deps.now(),
      }),
    );
    ctx.body = { id: session.id, token: session.token };
  });

  /** GET with the Authorization header, or POST with `id` and `token` (the /auth/{id}/{token} screen). */
  router.all('/user/auth', async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'POST') return;
    let user = ctx.state.user;
    let token: string | null = null;
    let permissions = permissionsOf(ctx);
    if (ctx.method === 'POST') {
      const body = bodyOf(ctx);
      const id = parsePositiveInt(body.id);
      const given = typeof body.token === 'string' ? body.token.toLowerCase() : undefined;
      if (id !== undefined && given !== undefined) {
        const found = await findSession(deps, id, given);
        if (!found) throw unauthorized('sessionExpired');
        if (isBanned(found.user, deps.now())) throw bannedError(found.user, await timeZone());
        user = found.user;
        token = given;
        permissions = sessionPermissions(found.user, found.session.second_factor);
      }
    }
    if (!user) throw unauthorized();
    if (token === null) {
      const header = /:([0-9a-fA-F]{64})/.exec(ctx.get('authorization'));
      token = header?.[1]?.toLowerCase() ?? String(bodyOf(ctx)._t ?? '').toLowerCase();
    }
    ctx.body = { id: user.id, token, user: await userPayload(user, permissions) };
  });

  /** Sign out (docs/product.md#screens-and-routes user menu): ends this session on the server too, so the token stops working at once. */
  router.post('/user/logout', async (ctx) => {
    const user = requireUser(ctx);
    await runCommand(deps, (trx) => endSession(trx, { session_id: ctx.state.session!.id }));
    deps.verifiedSessions.dropUser(user.id);
    ctx.body = {};
  });

  /**
   * Sign-up (docs/product.md#calls). Per address, only created accounts count toward the sign-up limit and refused attempts
   * toward their own, much higher one, so a class behind one address is never locked out by its typos while a
   * script trying names is. Each attempt reserves a place in both before any work (so parallel attempts cannot
   * all pass a check at once) and gives back the one that does not apply once the answer is known.
   */
  router.post('/user/signup', async (ctx) => {
    const ip = clientIp(ctx);
    await refuseBannedAddress(ip);
    await hit(deps.redis, LIMITS.signupRefusalsPerIp, ip);
    try {
      await hit(deps.redis, LIMITS.signupPerIp, ip);
    } catch (error) {
      await release(deps.redis, LIMITS.signupRefusalsPerIp, ip);
      throw error;
    }
    try {
      await signUpFrom(ctx, ip);
    } catch (error) {
      await release(deps.redis, LIMITS.signupPerIp, ip);
      if (!(error instanceof HttpError && error.status < 500))
        await release(deps.redis, LIMITS.signupRefusalsPerIp, ip);
      throw error;
    }
    await release(deps.redis, LIMITS.signupRefusalsPerIp, ip);
  });

  /** The sign-up itself, once the address may sign up: validate, store the photos, create the account. */
  async function signUpFrom(ctx: Koa.ParameterizedContext<AppState>, ip: string) {
    const now = deps.now();
    const body = bodyOf(ctx);
    const form = valid(validateSignup(body, now));
    // No contact details in the names a player is known by; there is no account yet to flag.
    const { username, first_name, last_name, irl_team, fifa_team, gamer_tag } = form;
    await refuseContactDetails(
      deps,
      { username, first_name, last_name, irl_team, fifa_team, gamer_tag },
      { author_id: null, console: form.console },
    );
    await hit(deps.redis, LIMITS.signupPerAccount, form.email);
    const userPhoto = uploadedFile(ctx, 'user_photo');
    const teamPhoto = uploadedFile(ctx, 'team_photo');
    // Decode both photos before anything is stored, so a bad second file leaves nothing behind.
    const [userJpeg, teamJpeg] = await Promise.all([
      userPhoto ? readPhoto(userPhoto) : null,
      teamPhoto ? readPhoto(teamPhoto) : null,
    ]);
    const password_hash = await hashPassword(form.password, deps.config.passwordCost, 'refuse');
    const avatar_hash = userJpeg ? await storeAvatar(deps.images, userJpeg) : null;
    const team_avatar_hash = teamJpeg ? await storeTeamPhoto(deps.images, teamJpeg) : null;
    try {
      const product_name = await productName();
      const session = await runCommand(deps, (trx) =>
        signUp(trx, {
          form,
          password_hash,
          avatar_hash,
          team_avatar_hash,
          now,
          public_url: deps.config.publicUrl,
          product_name,
          ip,
          user_agent: userAgent(ctx),
        }),
      );
      const user = await findUserById(deps.knex, session.id);
      ctx.body = {
        id: session.id,
        token: session.token,
        user: await userPayload(user!, sessionPermissions(user!, false)),
      };
    } catch (error) {
      if (avatar_hash) await removeAvatar(deps.images, avatar_hash);
      if (team_avatar_hash) await deps.images.remove('team', team_avatar_hash);
      throw error;
    }
  }

  /**
   * Settings → teams: the sign-up rule for both names (contact details refused, an adult's attempt flagged, issue
   * 28); the ranking's cached pages show the new IRL team at once.
   */
  router.post('/user/team/update', async (ctx) => {
    const user = requireUser(ctx);
    const form = valid(validateTeamsUpdate(bodyOf(ctx)));
    await refuseContactDetails(deps, form, { author_id: user.id });
    await runCommand(deps, (trx) => updateTeams(trx, { user_id: user.id, ...form }), {
      changes: [CACHED_READS.ranking],
    });
    ctx.body = { message: MESSAGES.teamsSaved, user: await userPayload(user, permissionsOf(ctx), true) };
  });

  router.get('/user/search_teams', async (ctx) => {
    const name = asTrimmed(queryOf(ctx).name).slice(0, 100);
    if (name === '') throw badRequest('teamNameRequired');
    ctx.body = await searchTeams(deps.knex, name);
  });

  /**
   * Settings → personal info. The names save at once. A new e-mail address needs the password and takes effect
   * only when the new address confirms it by link, while the old one is told and can undo (docs/rules.md
   * "Account changes"): a stolen session alone cannot move the account's mail, and so its password resets.
   */
  router.post('/user/profile/update', async (ctx) => {
    const user = requireUser(ctx);
    const form = valid(validateProfileUpdate(bodyOf(ctx)));
    // Contact details in a name are refused before anything else (docs/rules.md "Player text"), as for teams.
    await refuseContactDetails(
      deps,
      { first_name: form.first_name, last_name: form.last_name },
      { author_id: user.id },
    );
    if (sameEmail(form.email, user.email)) {
      await runCommand(deps, (trx) => updateProfile(trx, { user_id: user.id, ...form, email: user.email }));
      ctx.body = { message: MESSAGES.personalInfoSaved, user: await userPayload(user, permissionsOf(ctx), true) };
      return;
    }
    await confirmPassword(deps, user, form.current_password);
    await hit(deps.redis, LIMITS.emailChangePerAccount, String(user.id));
    const product_name = await productName();
    const { new_email } = await runCommand(deps, (trx) =>
      requestEmailChange(trx, {
        user_id: user.id,
        first_name: form.first_name,
        last_name: form.last_name,
        email: form.email,
        now: deps.now(),
        public_url: deps.config.publicUrl,
        product_name,
      }),
    );
    const sent = message('emailChangeSent', { email: new_email });
    ctx.body = {
      message: sent.error,
      code: sent.code,
      params: sent.params,
      pending_email: new_email,
      user: await userPayload(user, permissionsOf(ctx), true),
    };
  });

  /** Whether an e-mail change's confirmation link still works, asked when its page opens. */
  router.get('/user/email/confirm', async (ctx) => {
    const link = valid(validateEmailChangeLink(queryOf(ctx)));
    await hit(deps.redis, LIMITS.emailLinkPerIp, clientIp(ctx));
    if (!(await isUsableEmailChangeLink(deps.knex, { ...link, kind: 'confirm', now: deps.now() }))) {
      throw badRequest('emailChangeLinkInvalid');
    }
    ctx.body = { valid: true };
  });

  /** The new address confirms: it becomes the account's address (docs/rules.md "Account changes"). */
  router.post('/user/email/confirm', async (ctx) => {
    const link = valid(validateEmailChangeLink(bodyOf(ctx)));
    await hit(deps.redis, LIMITS.emailLinkPerIp, clientIp(ctx));
    const { email } = await runCommand(deps, (trx) => confirmEmailChange(trx, { ...link, now: deps.now() }));
    ctx.body = { message: MESSAGES.emailChanged, email };
  });

  /** Whether an e-mail change's undo link still works, asked when its page opens. */
  router.get('/user/email/undo', async (ctx) => {
    const link = valid(validateEmailChangeLink(queryOf(ctx)));
    await hit(deps.redis, LIMITS.emailLinkPerIp, clientIp(ctx));
    if (!(await isUsableEmailChangeLink(deps.knex, { ...link, kind: 'undo', now: deps.now() }))) {
      throw badRequest('emailChangeLinkInvalid');
    }
    ctx.body = { valid: true };
  });

  /**
   * The old address undoes a change: cancelled while pending; reverted once confirmed, and then every session of
   * the account ends (docs/rules.md "Account changes").
   */
  router.post('/user/email/undo', async (ctx) => {
    const link = valid(validateEmailChangeLink(bodyOf(ctx)));
    await hit(deps.redis, LIMITS.emailLinkPerIp, clientIp(ctx));
    const { reverted } = await runCommand(deps, (trx) => undoEmailChange(trx, { ...link, now: deps.now() }));
    ctx.body = { message: reverted ? MESSAGES.emailChangeReverted : MESSAGES.emailChangeCancelled, reverted };
  });

  /** Settings → console and gamer tag; contact details in the tag are refused (docs/rules.md "Player text"). */
  router.post('/user/console/update', async (ctx) => {
    const user = requireUser(ctx);
    const form = valid(validateConsoleUpdate(bodyOf(ctx)));
    await refuseContactDetails(deps, { gamer_tag: form.gamer_tag }, { author_id: user.id, console: form.console });
    await runCommand(deps, (trx) => updateConsole(trx, { user_id: user.id, ...form }));
    ctx.body = { message: MESSAGES.consoleInfoSaved, user: await userPayload(user, permissionsOf(ctx), true) };
  });

  // Settings → privacy: an adult's "hide my real name" (docs/rules.md "What others see of a player").
  router.post('/user/privacy/update', async (ctx) => {
    const user = requireUser(ctx);
    const form = valid(validatePrivacyUpdate(bodyOf(ctx)));
    await runCommand(deps, (trx) => updatePrivacy(trx, { user_id: user.id, ...form }));
    ctx.body = { message: MESSAGES.privacySaved, user: await userPayload(user, permissionsOf(ctx), true) };
  });

  router.post('/user/profile_picture/set', async (ctx) => {
    const user = requireUser(ctx);
    const file = uploadedFile(ctx, 'photo');
    if (!file) throw badRequest('photoType');
    const jpeg = await readPhoto(file);
    const avatar_hash = await storeAvatar(deps.images, jpeg);
    let previous: string | null;
    try {
      ({ previous } = await runCommand(deps, (trx) => setAvatar(trx, { user_id: user.id, avatar_hash })));
    } catch (error) {
      await removeAvatar(deps.images, avatar_hash);
      throw error;
    }
    if (previous) await removeAvatar(deps.images, previous);
    ctx.body = { avatar_hash };
  });

  router.post('/user/password/change', async (ctx) => {
    const user = requireUser(ctx);
    const form = valid(validatePasswordChange(bodyOf(ctx)));
    await check(deps.redis, LIMITS.passwordChangePerAccount, String(user.id));
    if (!(await verifyPassword(form.current_password, user.password_hash, 'refuse'))) {
      await hit(deps.redis, LIMITS.passwordChangePerAccount, String(user.id));
      throw badRequest('wrongCurrentPassword');
    }
    const password_hash = await hashPassword(form.new_password, deps.config.passwordCost, 'refuse');
    const session = await runCommand(deps, (trx) =>
      changePassword(trx, { user_id: user.id, password_hash, ip: clientIp(ctx), user_agent: userAgent(ctx) }),
    );
    ctx.body = { id: session.id, token: session.token, message: MESSAGES.passwordChanged };
  });

  router.post('/user/forgot_password', async (ctx) => {
    const form = valid(validateForgotPassword(bodyOf(ctx)));
    const ip = clientIp(ctx);
    await hit(deps.redis, LIMITS.forgotPerIp, ip);
    const account = await findLiveUserByUsername(deps.knex, form.username);
    await hit(deps.redis, LIMITS.forgotPerAccount, accountSubject(account, form.username));
    const product_name = await productName();
    await runCommand(deps, (trx) =>
      requestPasswordReset(trx, { ...form, now: deps.now(), public_url: deps.config.publicUrl, product_name }),
    );
    ctx.body = { title: MESSAGES.done, message: MESSAGES.forgotPasswordSent };
  });

  /**
   * Whether a reset link still works, asked when its page opens so a used or unknown link shows its state instead
   * of a form that can only fail. It answers no more than the reset itself: `{ valid: true }` or the one
   * invalid-link message, under the same per-address limit.
   */
  router.get('/user/reset_password', async (ctx) => {
    const link = valid(validateResetLink(queryOf(ctx)));
    await hit(deps.redis, LIMITS.resetPerIp, clientIp(ctx));
    if (!(await isUsableReset(deps.knex, { ...link, now: deps.now() }))) throw badRequest('resetLinkInvalid');
    ctx.body = { valid: true };
  });

  router.post('/user/reset_password', async (ctx) => {
    const form = valid(validateResetPassword(bodyOf(ctx)));
    await hit(deps.redis, LIMITS.resetPerIp, clientIp(ctx));
    const password_hash = await hashPassword(form.password, deps.config.passwordCost, 'refuse');
    const session = await runCommand(deps, (trx) =>
      resetPassword(trx, {
        ...form,
        password_hash,
        now: deps.now(),
        ip: clientIp(ctx),
        user_agent: userAgent(ctx),
      }),
    );
    ctx.body = { id: session.id, token: session.token };
  });

  return router;
}
