import type Koa from 'koa';
import type { Knex } from 'knex';
import { findIpBanCovering, type Config } from '@ecup/db';
import { ipToBytes } from '@ecup/security';

const bare = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

function isTrusted(ip: string, proxies: Config['trustedProxies']): boolean {
  const bytes = ipToBytes(ip);
  return bytes !== null && proxies.some((range) => bytes.compare(range.start) >= 0 && bytes.compare(range.end) <= 0);
}

/**
 * The client's address for a connection from `remote` carrying `forwarded` (X-Forwarded-For). Without
 * TRUST_PROXY, or on a connection that is not from a trusted proxy, the header is ignored. Otherwise the header is
 * read from the right, skipping trusted proxies, and the first other address is the client: a proxy appends the
 * address it saw, so whatever a client wrote into the header itself stands further left and is never reached
 * (docs/decisions.md#api-contract: a spoofed X-Forwarded-For must not reset a limit).
 */
export function resolveClientIp(
  remote: string,
  forwarded: string | undefined,
  config: Pick<Config, 'trustProxy' | 'trustedProxies'>,
): string {
  let ip = bare(remote);
  if (!config.trustProxy || !forwarded) return ip;
  const hops = forwarded
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  while (isTrusted(ip, config.trustedProxies)) {
    const next = hops.pop();
    if (next === undefined || ipToBytes(next) === null) return ip;
    ip = bare(next);
  }
  return ip;
}

/** Sets `ctx.ip` once per request from {@link resolveClientIp}, so logs, limits and bans see the same address. */
export function clientAddress(config: Pick<Config, 'trustProxy' | 'trustedProxies'>): Koa.Middleware {
  return async (ctx, next) => {
    const forwarded = ctx.get('x-forwarded-for');
    ctx.request.ip = resolveClientIp(ctx.socket.remoteAddress ?? '', forwarded || undefined, config);
    await next();
  };
}

/** The caller's address, as {@link clientAddress} resolved it. */
export function clientIp(ctx: Koa.Context): string {
  return bare(ctx.ip || ctx.socket.remoteAddress || '');
}

export function userAgent(ctx: Koa.Context): string | null {
  return ctx.get('user-agent') || null;
}

/** The IP ban covering an address, if any (docs/decisions.md#permissions: refuse sign-up and sign-in from that range). */
export async function findIpBan(knex: Knex, ip: string): Promise<{ id: number; reason: string } | null> {
  const bytes = ipToBytes(ip);
  if (!bytes) return null;
  return findIpBanCovering(knex, bytes);
}
