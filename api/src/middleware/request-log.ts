import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.ts';

/** An incoming X-Request-Id is kept only when it is short and plain (a load balancer's or a client's trace id). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Probes and scrapes come every few seconds: their lines are written at debug, not info. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * The route template of a request for logs and metrics (`/game/get`, never a raw id or query string): the one
 * @koa/router matched, else what `match` finds for the path (a request refused before routing, e.g. a bad token),
 * else `(static)` for the built apps' files and `(unmatched)` for the rest, so the label set stays bounded.
 */
function routeOf(ctx: Koa.Context, match: (path: string, method: string) => string | null): string {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  const found = match(ctx.path, ctx.method);
  if (found) return found;
  return (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status < 400 ? '(static)' : '(unmatched)';
}

/**
 * The outermost middleware: gives each request an id (a safe incoming X-Request-Id, or a new UUID), answers it in
 * X-Request-Id, puts a child logger carrying it on `ctx.state.log`, and once the request is answered writes one
 * JSON line (method, route template, status, duration) and one observation of the request histogram. Nothing from
 * the query string, the headers or the body is logged.
 */
export function requestLog(
  deps: AppDeps,
  match: (path: string, method: string) => string | null,
): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', requestId);
    ctx.state.requestId = requestId;
    ctx.state.log = deps.log.child({ request_id: requestId });
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(ctx, match);
      const status = ctx.status;
      deps.metrics.requests.observe({ method: ctx.method, route, status: String(status) }, seconds);
      const line = { method: ctx.method, route, status, duration_ms: Math.round(seconds * 1e6) / 1e3 };
      if (PROBES.has(route)) ctx.state.log.debug(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };
}
