import Router from '@koa/router';
import type { Knex } from 'knex';
import type Koa from 'koa';
import type { MatchmakingStatus } from '@ecup/domain';
import {
  QueueCooldown,
  acceptMatch,
  declineMatch,
  enterQueue,
  keepalive,
  leaveQueue,
  matchmakingStatus,
  type CommandOutcome,
} from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../middleware/auth.ts';
import { runCommand } from '../../services/commands.ts';

type QueueCommand = (trx: Knex, input: { user_id: number; now: Date }) => Promise<CommandOutcome<MatchmakingStatus>>;

/** The queue cooldown answers 429 with Retry-After up to its end (docs/decisions.md#api-contract: 429 for a rate limit). */
function cooldownAs429(now: Date) {
  return (error: unknown): never => {
    if (!(error instanceof QueueCooldown) || !error.refusal) throw error;
    const seconds = Math.max(1, Math.ceil((error.until.getTime() - now.getTime()) / 1000));
    throw new HttpError(429, error.refusal, { 'Retry-After': String(seconds) });
  };
}

/**
 * The matchmaking calls of docs/product.md#calls (`/matchmaking/*`, "not shown" answers fixed by docs/decisions.md#matchmaking): every call needs a
 * session and answers the player's MatchmakingStatus. Refusals: 403 for a console other than PlayStation; 409 for
 * a closed window, an open game, the weekly cap, no match to answer, a second accept or not being queued; 429 with
 * Retry-After during a queue cooldown.
 */
export function matchmakingRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const command = (path: string, run: QueueCommand) => {
    router.post(path, async (ctx) => {
      const user = requireUser(ctx);
      const now = deps.now();
      const status = await runCommand(deps, (trx) => run(trx, { user_id: user.id, now }).catch(cooldownAs429(now)));
      ctx.body = status;
    });
  };

  command('/matchmaking/queue/enter', enterQueue);
  command('/matchmaking/queue/keepalive', keepalive);
  command('/matchmaking/queue/leave', leaveQueue);
  command('/matchmaking/match/accept', acceptMatch);
  command('/matchmaking/match/decline', declineMatch);

  const status = async (ctx: Koa.ParameterizedContext<AppState>) => {
    const user = requireUser(ctx);
    const answer: MatchmakingStatus = await matchmakingStatus(deps.knex, user.id, deps.now());
    ctx.body = answer;
  };
  router.get('/matchmaking/status', status);
  router.post('/matchmaking/status', status);
  return router;
}
