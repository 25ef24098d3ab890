import Router from '@koa/router';
import { asInteger, type ShiftableClock, type TestClockResponse } from '@ecup/domain';
import type { AppDeps, AppState } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { bodyOf } from '../../middleware/body.ts';

/** Furthest a single call may move the clock: a season is shorter than a year. */
const MAX_MOVE_MS = 366 * 24 * 60 * 60_000;

/**
 * The test-only clock (TEST_CLOCK=on, refused in production): GET /test/clock tells where the server's clock
 * stands; POST with `advance_ms` moves it forward, with `now_ms` sets it. The API and an in-process worker share
 * the clock, so end-to-end tests reach the 12- and 15-minute marks and accept deadlines without waiting.
 */
export function testClockRoutes(clock: ShiftableClock): Router<AppState> {
  const router = new Router<AppState>();
  const answer = (): TestClockResponse => ({ now_ms: clock.now().getTime(), offset_ms: clock.offsetMs() });
  router.get('/test/clock', (ctx) => {
    ctx.body = answer();
  });
  router.post('/test/clock', (ctx) => {
    const body = bodyOf(ctx);
    const advance = asInteger(body.advance_ms);
    const to = asInteger(body.now_ms);
    if (advance !== undefined && advance >= 0 && advance <= MAX_MOVE_MS) clock.advance(advance);
    else if (to !== undefined && Math.abs(to - clock.now().getTime()) <= MAX_MOVE_MS) clock.set(new Date(to));
    else throw badRequest('invalidRequestBody');
    ctx.body = answer();
  });
  return router;
}

/** The routes when the process runs with a test clock, none otherwise. */
export function maybeTestClockRoutes(deps: AppDeps): Router<AppState> | null {
  return deps.config.testClock && deps.clock ? testClockRoutes(deps.clock) : null;
}
