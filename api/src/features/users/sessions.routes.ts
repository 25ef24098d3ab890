import Router from '@koa/router';
import { parsePositiveInt, type SessionPayload, type SessionsResponse, type SignOutOthersResponse } from '@ecup/domain';
import { liveSessions, signOutOtherSessions, signOutSession } from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { requireUser } from '../../middleware/auth.ts';
import { bodyOf } from '../../middleware/body.ts';
import { runCommand } from '../../services/commands.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** "Where you're signed in" in settings (docs/api.md "Accounts"): the caller's own sessions only. */
export function sessionsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/user/sessions', async (ctx) => {
    const user = requireUser(ctx);
    const current = ctx.state.session!.id;
    const sessions = await liveSessions(deps.knex, user.id, deps.now());
    const body: SessionsResponse = {
      sessions: sessions.map((session): SessionPayload => ({
        id: session.id,
        browser: session.browser,
        address: session.address,
        created_at: seconds(session.created_at),
        last_seen_at: seconds(session.last_seen_at),
        current: session.id === current,
        console: session.console,
      })),
    };
    ctx.body = body;
  });

  /** Signs out one of the caller's sessions (their current one too, like /user/logout); another's: 404. */
  router.post('/user/sessions/sign_out', async (ctx) => {
    const user = requireUser(ctx);
    const sessionId = parsePositiveInt(bodyOf(ctx).session_id);
    if (sessionId === undefined) throw badRequest('sessionIdRequired');
    await runCommand(deps, (trx) => signOutSession(trx, { user_id: user.id, session_id: sessionId }));
    ctx.body = {};
  });

  router.post('/user/sessions/sign_out_others', async (ctx) => {
    const user = requireUser(ctx);
    const kept = ctx.state.session!.id;
    const result = await runCommand(deps, (trx) =>
      signOutOtherSessions(trx, { user_id: user.id, kept_session_id: kept }),
    );
    const body: SignOutOthersResponse = { signed_out: result.signed_out };
    ctx.body = body;
  });

  return router;
}
