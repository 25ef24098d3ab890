import Router from '@koa/router';

import type { AppDeps, AppState } from '../context.ts';
import { notFound } from '../errors.ts';
import { permissionsOf, requireUser } from '../middleware/auth.ts';
import { bodyOf } from '../middleware/body.ts';
import { canJoin } from './channels.ts';

/**
 * POST /user/pusher/auth {socket_id, channel_name} (docs/product.md#calls): whether the signed-in user may join the channel — the
 * same check the socket's `subscribe` makes (docs/decisions.md#real-time). Others' channels answer like missing ones.
 */
export function realtimeRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/user/pusher/auth', async (ctx) => {
    const user = requireUser(ctx);
    const { channel_name } = bodyOf(ctx);
    if (!(await canJoin(deps.knex, { id: user.id, permissions: permissionsOf(ctx) }, channel_name)))
      throw notFound('notFound');
    ctx.body = { ok: true, channel_name };
  });
  return router;
}
