import Router from '@koa/router';
import type { ConflictListResponse } from '@ecup/domain';
import { conflictList } from '@ecup/db';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../../context.ts';
import { permissionsOf, requireUser } from '../../middleware/auth.ts';

/**
 * GET/POST /conflicts/list (docs/product.md#screens-and-routes Conflicts page, docs/product.md#calls; docs/decisions.md#permissions): a signed-in player's own games that went to
 * conflict, or every one for staff with canResolveConflicts; open conflicts first. 401 when signed out.
 */
export function conflictsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const list = async (ctx: Koa.ParameterizedContext<AppState>) => {
    const user = requireUser(ctx);
    const response: ConflictListResponse = {
      conflicts: await conflictList(deps.knex, { id: user.id, permissions: permissionsOf(ctx) }),
    };
    ctx.body = response;
  };
  router.get('/conflicts/list', list);
  router.post('/conflicts/list', list);
  return router;
}
