import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.ts';
import { namesEtag, type EncodedRead } from '../services/read-cache.ts';
import { cachedAnswerWriter } from './cached-answer.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A cached public call's key in the public-read cache from its query and whether the reader is signed in (a few
 * reads differ for visitors, docs/rules.md "What others see of a player"); null when its route must answer it.
 */
export type CachedReadKey = (query: Record<string, string>, signedIn: boolean) => string | null;

/** A request's query as the routes read it (`queryOf`): each name's first value. */
function firstValues(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (search === '') return out;
  for (const [key, value] of new URLSearchParams(search)) {
    if (!Object.hasOwn(out, key)) out[key] = value;
  }
  return out;
}

/**
 * Answers a public read straight from the public-read cache when a fresh copy is there: a GET (or HEAD) of a
 * cached call's path, which every visitor gets alike, signed in or not. It comes first, before the request log,
 * the body parser, the session lookup and the router, which would only come to the same bytes, and writes the
 * answer itself (`cachedAnswerWriter`): the ETag (304 when If-None-Match names it) and the copy the browser's
 * Accept-Encoding prefers, serialised and compressed once per read. Anything else, a miss included, goes on to the
 * route, which fills the cache. Credentials take the shortcut only when their session passed the lookup
 * within the last second (`verifiedSessions`, forgotten at once when this process revokes it); otherwise the
 * lookup runs, so a bad session is a 401 and a banned player a 403, whatever they read.
 */
export function cachedReads(deps: AppDeps, keys: Readonly<Record<string, CachedReadKey>>): Koa.Middleware<AppState> {
  const paths = new Map(Object.entries(keys));
  const write = cachedAnswerWriter(deps);
  return async (ctx, next) => {
    const keyOf = paths.get(ctx.path);
    if (keyOf === undefined || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const started = process.hrtime.bigint();
    const authorization = ctx.req.headers.authorization;
    const signedIn = authorization !== undefined && authorization !== '';
    if (signedIn && !deps.verifiedSessions.has(authorization)) return next();
    const key = keyOf(firstValues(ctx.querystring), signedIn);
    const read = key === null ? undefined : deps.publicReads.peek<EncodedRead>(key);
    if (read === undefined) return next();
    const ifNoneMatch = ctx.req.headers['if-none-match'];
    const fresh = ifNoneMatch !== undefined && ifNoneMatch !== '' && namesEtag(ifNoneMatch, read.etag);
    write(
      ctx,
      {
        status: fresh ? 304 : 200,
        headers: ['ETag', read.etag, 'Vary', 'Accept-Encoding'],
        body: fresh ? null : { encoded: read.body, type: JSON_TYPE },
      },
      { route: ctx.path, started },
    );
  };
}
