import type Koa from 'koa';
import type { AppDeps } from '../context.ts';
import { bodyIn, preferredEncoding, type EncodedBody } from '../services/encoded-body.ts';
import { recordRequest, requestIdOf } from './request-log.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';

/** An answer kept in one of the one-second caches: a public read's JSON or a drawn page. */
export interface CachedAnswer {
  status: number;
  /** Its own headers (ETag, Vary, Cache-Control), as name, value, name, value. */
  headers: readonly (string | number)[];
  /** The body and its Content-Type; none for a 304. */
  body: { encoded: EncodedBody; type: string } | null;
}

/**
 * A writer of answers kept in the one-second caches, straight to the socket before the rest of the chain (which
 * would only come to the same bytes): the headers every answer has (the security headers and policy, X-Request-Id),
 * the answer's own, and the copy of its body the browser's Accept-Encoding prefers (a HEAD gets the headers alone).
 * Each is counted and timed in the request histogram as `route`; its log line is written at debug, as probes' are
 * (the same bytes to every visitor, thousands a second when a window opens).
 */
export function cachedAnswerWriter(deps: Pick<AppDeps, 'config' | 'log' | 'metrics'>) {
  const every = Object.entries(securityHeaders(deps.config.publicUrl)).flat();
  return (ctx: Koa.Context, answer: CachedAnswer, record: { route: string; started: bigint }): void => {
    const id = requestIdOf(ctx);
    const head: (string | number)[] = [...every, 'Content-Security-Policy', contentSecurityPolicy(ctx.host)];
    head.push('X-Request-Id', id, ...answer.headers);
    let bytes: Buffer | null = null;
    if (answer.body !== null) {
      const chosen = bodyIn(answer.body.encoded, preferredEncoding(ctx));
      bytes = chosen.bytes;
      head.push('Content-Type', answer.body.type, 'Content-Length', bytes.length);
      if (chosen.encoding !== 'identity') head.push('Content-Encoding', chosen.encoding);
    }
    ctx.res.writeHead(answer.status, head);
    if (bytes === null || ctx.method === 'HEAD') ctx.res.end();
    else ctx.res.end(bytes);
    ctx.respond = false;
    const seconds = Number(process.hrtime.bigint() - record.started) / 1e9;
    recordRequest(deps, { id, method: ctx.method, route: record.route, status: answer.status, seconds, quiet: true });
  };
}
