import { isIPv4 } from 'node:net';
import { IP_BAN_MIN_PREFIX_V4, IP_BAN_MIN_PREFIX_V6, validateIpBan, type AdminIpBanRecord } from '@ecup/domain';
import { containsPattern, createIpBan, deleteIpBan, like, type IpBan } from '@ecup/db';
import { ipToBytes, parseIpRange } from '@ecup/security';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { isoAlways, userRef } from '../present.ts';
import { defineResource, sqlPage, textFilter, type AdminContext } from '../resource.ts';

interface IpBanFilters {
  /** The range or the reason contains the text. */
  q: string | undefined;
  /** Bans whose range covers this address. */
  ip: string | undefined;
}

/** A ban with its creator's username joined. */
type Row = IpBan & { creator_username: string | null };

/** A stored 16-byte address as text: dotted IPv4 for mapped addresses, full IPv6 groups otherwise. */
function addressOf(bytes: Buffer): string {
  const mapped = bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return [...bytes.subarray(12)].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

function present(row: Row): AdminIpBanRecord {
  return {
    id: row.id,
    cidr: row.cidr,
    first_address: addressOf(row.range_start),
    last_address: addressOf(row.range_end),
    reason: row.reason,
    created_by: userRef(row.created_by_user_id, row.creator_username),
    created_at: isoAlways(row.created_at),
  };
}

function baseQuery(ac: AdminContext) {
  return ac.deps
    .knex('ip_bans')
    .leftJoin('users as creator', 'creator.id', 'ip_bans.created_by_user_id')
    .select('ip_bans.*', 'creator.username as creator_username');
}

async function one(ac: AdminContext, id: number): Promise<AdminIpBanRecord | null> {
  const row = (await baseQuery(ac).where('ip_bans.id', id).first()) as Row | undefined;
  return row ? present(row) : null;
}

/**
 * The range of a new ban (decisions §8): a single address or a CIDR range, no wider than IP_BAN_MIN_PREFIX_V4/_V6,
 * and not covering the moderator's own address (they would lock themselves out of signing in).
 */
function rangeOf(ac: AdminContext, address: string) {
  const range = parseIpRange(address);
  if (!range) throw badRequest('ipRangeInvalid');
  const [base, prefix] = range.cidr.split('/') as [string, string];
  const v4 = isIPv4(base) || base.startsWith('::ffff:');
  if (Number(prefix) < (v4 ? IP_BAN_MIN_PREFIX_V4 : IP_BAN_MIN_PREFIX_V6)) throw badRequest('ipRangeTooWide');
  const own = ac.ip ? ipToBytes(ac.ip) : null;
  if (own && Buffer.compare(range.start, own) <= 0 && Buffer.compare(own, range.end) <= 0) {
    throw badRequest('ipBanOwnAddress');
  }
  return range;
}

/** IP bans (canIPBan): list, add (`address`: one address or a CIDR range, `reason`), remove. */
export const ipBansResource = defineResource<AdminIpBanRecord, IpBanFilters>({
  name: 'ip-bans',
  sortable: ['id', 'created_at', 'cidr'],
  defaultSort: { field: 'id', order: 'DESC' },
  filters: { q: textFilter, ip: textFilter },

  async list(ac, request) {
    const query = baseQuery(ac);
    const { q, ip } = request.filter;
    if (q !== undefined) {
      const pattern = containsPattern(q);
      const { knex } = ac.deps;
      query.where((w) => w.where(like(knex, 'ip_bans.cidr', pattern)).orWhere(like(knex, 'ip_bans.reason', pattern)));
    }
    if (ip !== undefined) {
      const bytes = ipToBytes(ip);
      if (!bytes) return { data: [], total: 0 };
      query.where('ip_bans.range_start', '<=', bytes).where('ip_bans.range_end', '>=', bytes);
    }
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'ip_bans.id',
      sort: { id: 'ip_bans.id', created_at: 'ip_bans.created_at', cidr: 'ip_bans.cidr' },
    });
    return { data: rows.map(present), total };
  },

  getOne: one,

  async create(ac, body) {
    const form = valid(validateIpBan(body));
    const range = rangeOf(ac, form.address);
    const { id } = await runCommand(ac.deps, (trx) =>
      createIpBan(trx, {
        actor: ac.actor,
        cidr: range.cidr,
        start: range.start,
        end: range.end,
        reason: form.reason,
        ip: ac.ip,
        now: ac.now,
      }),
    );
    return (await one(ac, id))!;
  },

  async remove(ac, id) {
    const before = await one(ac, id);
    await runCommand(ac.deps, (trx) => deleteIpBan(trx, { actor: ac.actor, ip_ban_id: id, ip: ac.ip, now: ac.now }));
    return before!;
  },
});
