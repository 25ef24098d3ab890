import Router from '@koa/router';
import {
  MESSAGES,
  parsePositiveInt,
  validateReport,
  type BlocksResponse,
  type OwnReportPayload,
  type WarningPayload,
  type MessageName,
} from '@ecup/domain';
import {
  blockUser,
  blockedPlayers,
  markWarningSeen,
  ownReports,
  reportGame,
  unblockUser,
  unseenWarning,
} from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound, valid } from '../../errors.ts';
import { requireUser } from '../../middleware/auth.ts';
import { bodyOf } from '../../middleware/body.ts';
import { clientIp } from '../../services/client.ts';
import { runCommand } from '../../services/commands.ts';
import { LIMITS, hit } from '../../services/rate-limit.ts';

/** An id from a body; anything that is not one reads as the missing thing it names (404). */
function idOf(value: unknown, message: MessageName): number {
  const id = parsePositiveInt(value);
  if (id === undefined) throw notFound(message);
  return id;
}

/**
 * Reports, blocks and warnings (docs/decisions.md#minors-safety; docs/api.md "Reports and blocks"): a player reports an opponent's
 * chat line or the opponent, blocks and unblocks opponents, reads their own reports and blocks, and sees a
 * moderator's warning once. Nothing here tells a reported player who reported them.
 */
export function safetyRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/game/report', async (ctx) => {
    const user = requireUser(ctx);
    const body = bodyOf(ctx);
    const game_id = idOf(body.game_id, 'gameNotFound');
    const lineSent = body.chat_message_id !== undefined && body.chat_message_id !== null && body.chat_message_id !== '';
    const chat_message_id = lineSent ? idOf(body.chat_message_id, 'chatLineNotFound') : null;
    const { reason, text } = valid(validateReport(body));
    await hit(deps.redis, LIMITS.reportPerUser, String(user.id));
    await runCommand(deps, (trx) =>
      reportGame(trx, {
        reporter_user_id: user.id,
        game_id,
        chat_message_id,
        reason,
        text,
        ip: clientIp(ctx),
        now: deps.now(),
      }),
    );
    ctx.body = { reported: true, message: MESSAGES.reportSent };
  });

  router.get('/user/reports', async (ctx) => {
    const user = requireUser(ctx);
    const reports: OwnReportPayload[] = await ownReports(deps.knex, user.id);
    ctx.body = { reports };
  });

  router.post('/user/block', async (ctx) => {
    const user = requireUser(ctx);
    const blocked_user_id = idOf(bodyOf(ctx).user_id, 'playerNotFound');
    await runCommand(deps, (trx) =>
      blockUser(trx, { user_id: user.id, blocked_user_id, ip: clientIp(ctx), now: deps.now() }),
    );
    ctx.body = { blocked: true, message: MESSAGES.playerBlocked };
  });

  router.post('/user/unblock', async (ctx) => {
    const user = requireUser(ctx);
    const blocked_user_id = idOf(bodyOf(ctx).user_id, 'playerNotFound');
    await runCommand(deps, (trx) =>
      unblockUser(trx, { user_id: user.id, blocked_user_id, ip: clientIp(ctx), now: deps.now() }),
    );
    ctx.body = { blocked: false, message: MESSAGES.playerUnblocked };
  });

  router.get('/user/blocks', async (ctx) => {
    const user = requireUser(ctx);
    const response: BlocksResponse = { blocks: await blockedPlayers(deps.knex, user.id) };
    ctx.body = response;
  });

  router.get('/user/warning', async (ctx) => {
    const user = requireUser(ctx);
    const warning: WarningPayload | null = await unseenWarning(deps.knex, user.id);
    ctx.body = { warning };
  });

  router.post('/user/warning/seen', async (ctx) => {
    const user = requireUser(ctx);
    const warning_id = idOf(bodyOf(ctx).warning_id, 'recordNotFound');
    await markWarningSeen(deps.knex, { user_id: user.id, warning_id, now: deps.now() });
    ctx.body = { seen: true };
  });

  return router;
}
