import type Koa from 'koa';
import type { Knex } from 'knex';
import { ipToBytes } from '@ecup/db';

/**
 * The caller's address. Behind a proxy (TRUST_PROXY=on) Koa reads X-Forwarded-For; otherwise the header is
 * ignored, so a spoofed header cannot reset a limit (decisions §2).
 */
export function clientIp(ctx: Koa.Context): string {
  const ip = ctx.ip || ctx.socket.remoteAddress || '';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function userAgent(ctx: Koa.Context): string | null {
  return ctx.get('user-agent') || null;
}

/** The IP ban covering an address, if any (decisions §8: refuse sign-up and sign-in from that range). */
export async function findIpBan(knex: Knex, ip: string): Promise<{ id: number; reason: string } | null> {
  const bytes = ipToBytes(ip);
  if (!bytes) return null;
  const ban = await knex('ip_bans')
    .where('range_start', '<=', bytes)
    .andWhere('range_end', '>=', bytes)
    .first('id', 'reason');
  return ban ?? null;
}
