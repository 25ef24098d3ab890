import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '@ecup/db';
import type { AppDeps, AppState } from '../context.ts';
import type { ApiMetrics } from '../services/metrics.ts';

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

/** The request's id: a safe incoming X-Request-Id, else a new UUID. */
export function requestIdOf(ctx: Koa.Context): string {
  const incoming = ctx.get('X-Request-Id');
  return SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

type RequestSeries = ReturnType<ApiMetrics['requests']['labels']>;
/** The histogram's series by method, route and status, looked up once each (the label sets are bounded). */
const seriesOf = new WeakMap<ApiMetrics['requests'], Map<string, RequestSeries>>();

/**
 * Writes an answered request's line (at debug for `quiet` ones: probes, scrapes, cached public reads, which the
 * request histogram counts and times all the same) and its observation of the request histogram.
 */
export function recordRequest(
  deps: Pick<AppDeps, 'log' | 'metrics'>,
  request: { id: string; method: string; route: string; status: number; seconds: number; quiet: boolean },
): void {
  const { requests } = deps.metrics;
  let series = seriesOf.get(requests);
  if (series === undefined) seriesOf.set(requests, (series = new Map()));
  const key = `${request.method} ${request.status} ${request.route}`;
  let observe = series.get(key);
  if (observe === undefined) {
    observe = requests.labels({ method: request.method, route: request.route, status: String(request.status) });
    series.set(key, observe);
  }
  observe.observe(request.seconds);
  const level = request.quiet ? 'debug' : 'info';
  if (!deps.log.isLevelEnabled(level)) return;
  const line = {
    request_id: request.id,
    method: request.method,
    route: request.route,
    status: request.status,
    duration_ms: Math.round(request.seconds * 1e6) / 1e3,
  };
  deps.log[level](line, 'request');
}

/**
 * The outermost middleware: gives each request an id (a safe incoming X-Request-Id, or a new UUID), answers it in
 * X-Request-Id, puts a child logger carrying it on `ctx.state.log` (made when first used), and once the request is
 * answered writes one JSON line (method, route template, status, duration) and one observation of the request
 * histogram. Nothing from the query string, the headers or the body is logged.
 */
export function requestLog(
  deps: AppDeps,
  match: (path: string, method: string) => string | null,
): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx);
    ctx.set('X-Request-Id', requestId);
    ctx.state.requestId = requestId;
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      get: () => (log ??= deps.log.child({ request_id: requestId })),
      set: (value: Logger) => {
        log = value;
      },
      enumerable: true,
      configurable: true,
    });
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(ctx, match);
      recordRequest(deps, {
        id: requestId,
        method: ctx.method,
        route,
        status: ctx.status,
        seconds,
        quiet: PROBES.has(route),
      });
    }
  };
}
