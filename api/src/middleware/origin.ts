import type { IncomingHttpHeaders } from 'node:http';
import type Koa from 'koa';
import { forbidden } from '../errors.ts';

import type { AppDeps, AppState } from '../context.ts';

/** Methods that only read; every other method may change state. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value?.split(',')[0]?.trim();

/**
 * Whether a request was sent by another site's page (foreign origins cannot change state). A browser
 * names the page's origin in `Origin` and, in `Sec-Fetch-Site`, how it relates to the target. Allowed: the public
 * origin (PUBLIC_URL, for a proxy that rewrites Host), the origin the request was addressed to (its Host, or
 * X-Forwarded-Host with TRUST_PROXY=on), and requests without these headers: non-browser clients (the CLI, tests,
 * monitoring) carry no browser credentials, and the API's Bearer tokens live in the page's own storage anyway.
 * `Origin: null` (a sandboxed frame, a redirected form) is foreign, unless the browser vouches in `Sec-Fetch-Site:
 * same-origin` that one of our own pages sent it: a page served with `Referrer-Policy: no-referrer` (the guardian
 * link, whose token must not leak) makes the browser write `null` for its own posts, and no page can set
 * `Sec-Fetch-Site` itself.
 */
export function isForeignRequest(headers: IncomingHttpHeaders, publicUrl: string, trustProxy: boolean): boolean {
  const site = first(headers['sec-fetch-site']);
  if (site === 'cross-site') return true;
  const origin = first(headers.origin);
  if (origin === undefined || origin === '') return false;
  if (origin === 'null') return site !== 'same-origin';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  if (host === new URL(publicUrl).host) return false;
  const addressed = (trustProxy ? first(headers['x-forwarded-host']) : undefined) ?? first(headers.host);
  return addressed === undefined || host.toLowerCase() !== addressed.toLowerCase();
}

/** Refuses a state-changing request from a foreign origin with 403, before its body is read. */
export function sameOriginWrites(deps: AppDeps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && isForeignRequest(ctx.headers, deps.config.publicUrl, deps.config.trustProxy)) {
      throw forbidden('foreignOrigin');
    }
    await next();
  };
}
