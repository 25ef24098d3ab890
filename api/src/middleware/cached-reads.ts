import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.ts';
import { answerRead, type EncodedRead } from '../services/read-cache.ts';
import { queryOf } from './body.ts';

/** A cached public call's key in the public-read cache from its query; null when its route must answer it. */
export type CachedReadKey = (query: Record<string, string>) => string | null;

/**
 * Answers a public read straight from the public-read cache when a fresh copy is there: a GET (or HEAD) of a
 * cached call's path without credentials, which every visitor gets alike. It skips the body parser, the session
 * lookup and the router, which would only come to the same bytes; the request log, the error handler and the
 * security headers before it still apply. Anything else, a miss included, goes on to the route, which fills the
 * cache. A request with credentials always goes through the session lookup (a bad or revoked session is a 401,
 * a banned player a 403, whatever they read).
 */
export function cachedReads(deps: AppDeps, keys: Readonly<Record<string, CachedReadKey>>): Koa.Middleware<AppState> {
  const paths = new Map(Object.entries(keys));
  return async (ctx, next) => {
    const keyOf = paths.get(ctx.path);
    if (keyOf === undefined || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.get('authorization') !== '') {
      return next();
    }
    const key = keyOf(queryOf(ctx));
    const read = key === null ? undefined : deps.publicReads.peek<EncodedRead>(key);
    if (read === undefined) return next();
    // The route template the request log labels it with, as the router would have named it.
    (ctx as { _matchedRoute?: string })._matchedRoute = ctx.path;
    answerRead(ctx, read);
  };
}
