import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import send from 'koa-send';
import {
  MESSAGES,
  RESET_TOKEN_MAX,
  birthDateOf,
  guardianApprovalState,
  guardianLinkExpired,
  parsePositiveInt,
  type GuardianApproveResponse,
  type GuardianLinkResponse,
  type GuardianStatusResponse,
  message,
} from '@ecup/domain';
import { confirmGuardian, findLiveUser, resendGuardianMail, type User } from '@ecup/db';
import { hashToken } from '@ecup/security';
import type { AppDeps, AppState } from '../../context.ts';
import { HttpError, conflict, notFound } from '../../errors.ts';
import { requireUser } from '../../middleware/auth.ts';
import { runCommand } from '../../services/commands.ts';
import { LIMITS, hit, release } from '../../services/rate-limit.ts';
import { DEFAULT_PRODUCT_NAME, currentSeason } from '../../services/season.ts';

/** The user a guardian link names, when its token is the one stored (compared in constant time); else null. */
async function linkedUser(deps: AppDeps, uid: string, token: string): Promise<User | null> {
  const id = parsePositiveInt(uid);
  if (!id || token.length > RESET_TOKEN_MAX) return null;
  const user = await findLiveUser(deps.knex, id);
  if (!user?.guardian_token_hash) return null;
  const stored = Buffer.from(user.guardian_token_hash, 'hex');
  const given = Buffer.from(hashToken(token), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given) ? user : null;
}

/**
 * The guardian's approval (docs/decisions.md#permissions). The e-mailed link `/guardian/confirm/{uid}/{token}` opens a page of the
 * player app, in the reader's language and the app's look; the page reads the link with GET
 * /guardian/approval/{uid}/{token} and approves with a POST there, sent by the app (same origin). Opening the link
 * changes nothing (mail scanners open links). A link works until it is used (then it says "already approved"), or
 * until the player sends a new e-mail from settings (the new link replaces it), or the account is erased, or for
 * GUARDIAN_LINK_MS after it was sent (then 404 with its own message, which says the player can send a new one).
 */
export function guardianRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const product = async () => (await currentSeason(deps.knex))?.product_name ?? DEFAULT_PRODUCT_NAME;

  /**
   * The page itself is the player app's index.html (its router shows the approval page). Its URL holds the token, so
   * no Referer leaves it and no cache keeps it; a dead link answers 404 with the same page, which then says so in
   * words.
   */
  router.get('/guardian/confirm/:uid/:token', async (ctx) => {
    const { uid, token } = ctx.params as { uid: string; token: string };
    const user = await linkedUser(deps, uid, token);
    try {
      await send(ctx, 'index.html', { root: deps.config.playerWebDist });
    } catch {
      throw notFound('notFound');
    }
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const expired =
      user?.guardian_confirmed_at === null && guardianLinkExpired(user.guardian_token_issued_at, deps.now());
    if (!user || expired) ctx.status = 404;
  });

  router.get('/guardian/approval/:uid/:token', async (ctx) => {
    const { uid, token } = ctx.params as { uid: string; token: string };
    const user = await linkedUser(deps, uid, token);
    ctx.set('Cache-Control', 'no-store');
    if (!user) throw notFound('guardianLinkInvalid');
    const approved = user.guardian_confirmed_at !== null;
    if (!approved && guardianLinkExpired(user.guardian_token_issued_at, deps.now())) {
      throw notFound('guardianLinkExpired');
    }
    const body: GuardianLinkResponse = {
      username: user.username,
      first_name: user.first_name,
      product: await product(),
      approved,
    };
    ctx.body = body;
  });

  router.post('/guardian/approval/:uid/:token', async (ctx) => {
    const { uid, token } = ctx.params as { uid: string; token: string };
    const id = parsePositiveInt(uid);
    if (!id || token.length > RESET_TOKEN_MAX) throw notFound('guardianLinkInvalid');
    const result = await runCommand(deps, (trx) => confirmGuardian(trx, { uid: id, token, now: deps.now() }));
    const body: GuardianApproveResponse = {
      username: result.username,
      product: await product(),
      already: result.already,
    };
    ctx.body = body;
  });

  /** The signed-in player's approval state, for settings. */
  router.get('/user/guardian', async (ctx) => {
    const user = requireUser(ctx);
    const body: GuardianStatusResponse = {
      state: guardianApprovalState(
        {
          birth_date: birthDateOf(user.birth_date),
          guardian_email: user.guardian_email,
          guardian_confirmed_at: user.guardian_confirmed_at,
        },
        deps.now(),
      ),
      guardian_email: user.guardian_email,
      approved_at: user.guardian_confirmed_at
        ? Math.floor(new Date(user.guardian_confirmed_at).getTime() / 1000)
        : null,
    };
    ctx.body = body;
  });

  /**
   * "Send the e-mail again" from settings: a new link to the same address, a few times an hour per account
   * (refused in words that say when it can be sent again); never once the guardian has approved.
   */
  router.post('/user/guardian/resend', async (ctx) => {
    const user = requireUser(ctx);
    const now = deps.now();
    const state = guardianApprovalState(
      {
        birth_date: birthDateOf(user.birth_date),
        guardian_email: user.guardian_email,
        guardian_confirmed_at: user.guardian_confirmed_at,
      },
      now,
    );
    if (state === 'approved') throw conflict('guardianResendApproved');
    if (state === 'not_needed') throw conflict('guardianResendNotNeeded');
    try {
      await hit(deps.redis, LIMITS.guardianResendPerAccount, String(user.id));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      const wait = Number(error.headers['Retry-After']);
      throw new HttpError(429, message('guardianResendTooSoon', { seconds: wait }), error.headers);
    }
    const product_name = await product();
    try {
      await runCommand(deps, (trx) =>
        resendGuardianMail(trx, { user_id: user.id, now, public_url: deps.config.publicUrl, product_name }),
      );
    } catch (error) {
      // A refused send (approved meanwhile) does not use up one of the player's sends.
      await release(deps.redis, LIMITS.guardianResendPerAccount, String(user.id));
      throw error;
    }
    ctx.body = { message: MESSAGES.guardianMailResent };
  });
  return router;
}
