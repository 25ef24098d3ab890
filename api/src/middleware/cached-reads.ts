import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.ts';
import { answerRead, type EncodedRead } from '../services/read-cache.ts';
import { queryOf } from './body.ts';

/** A cached public call's key in the public-read cache from its query; null when its route must answer it. */
export type CachedReadKey = (query: Record<string, string>) => string | null;

/**
 * Answers a public read straight from the public-read cache when a fresh copy is there: a GET (or HEAD) of a
 * cached call's path, which every visitor gets alike, signed in or not. It skips the body parser, the session
 * lookup and the router, which would only come to the same bytes; the request log, the error handler and the
 * security headers before it still apply. Anything else, a miss included, goes on to the route, which fills the
 * cache. Credentials take the shortcut only when their session passed the lookup within the last second
 * (`verifiedSessions`, forgotten at once when this process revokes it); otherwise the lookup runs, so a bad
 * session is a 401 and a banned player a 403, whatever they read.
 */
export function cachedReads(deps: AppDeps, keys: Readonly<Record<string, CachedReadKey>>): Koa.Middleware<AppState> {
  const paths = new Map(Object.entries(keys));
  return async (ctx, next) => {
    const keyOf = paths.get(ctx.path);
    if (keyOf === undefined || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const authorization = ctx.get('authorization');
    if (authorization !== '' && !deps.verifiedSessions.has(authorization)) return next();
    const key = keyOf(queryOf(ctx));
    const read = key === null ? undefined : deps.publicReads.peek<EncodedRead>(key);
    if (read === undefined) return next();
    // The route template the request log labels it with, as the router would have named it.
    (ctx as { _matchedRoute?: string })._matchedRoute = ctx.path;
    answerRead(ctx, read);
  };
}
