import type { Knex } from 'knex';
import type { IpBan } from '../../models/IpBan.ts';
import { containsPattern, like } from '../../services/like.ts';
import { sqlPage, type AdminListRequest, type AdminPage } from './page.ts';

export interface AdminIpBanFilters {
  /** The range or the reason contains the text. */
  q: string | undefined;
  /** Bans whose range covers this address (16 bytes, as stored). */
  address: Buffer;
}

/** A ban with its creator's username joined. */
export type AdminIpBanRow = IpBan & { creator_username: string | null };

function ipBanQuery(knex: Knex) {
  return knex('ip_bans')
    .leftJoin('users as creator', 'creator.id', 'ip_bans.created_by_user_id')
    .select('ip_bans.*', 'creator.username as creator_username');
}

/** The console's IP ban page. */
export function adminIpBanPage(
  knex: Knex,
  request: AdminListRequest<AdminIpBanFilters>,
): Promise<AdminPage<AdminIpBanRow>> {
  const query = ipBanQuery(knex);
  const { q, address } = request.filter;
  if (q !== undefined) {
    const pattern = containsPattern(q);
    query.where((w) => w.where(like(knex, 'ip_bans.cidr', pattern)).orWhere(like(knex, 'ip_bans.reason', pattern)));
  }
  if (address !== undefined)
    query.where('ip_bans.range_start', '<=', address).where('ip_bans.range_end', '>=', address);
  return sqlPage(query, request, {
    id: 'ip_bans.id',
    sort: { id: 'ip_bans.id', created_at: 'ip_bans.created_at', cidr: 'ip_bans.cidr' },
  });
}

/** One IP ban, or undefined. */
export async function findAdminIpBan(knex: Knex, id: number): Promise<AdminIpBanRow | undefined> {
  const row: AdminIpBanRow | undefined = await ipBanQuery(knex).where('ip_bans.id', id).first();
  return row;
}
