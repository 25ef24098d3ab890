import { isIPv4 } from 'node:net';
import { IP_BAN_MIN_PREFIX_V4, IP_BAN_MIN_PREFIX_V6, validateIpBan, type AdminIpBanRecord } from '@ecup/domain';
import { adminIpBanPage, createIpBan, deleteIpBan, findAdminIpBan, presentAdminIpBan } from '@ecup/db';
import { ipToBytes, parseIpRange } from '@ecup/security';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { defineResource, textFilter, type AdminContext } from '../resource.ts';

interface IpBanFilters {
  /** The range or the reason contains the text. */
  q: string | undefined;
  /** Bans whose range covers this address. */
  ip: string | undefined;
}

async function one(ac: AdminContext, id: number): Promise<AdminIpBanRecord | null> {
  const row = await findAdminIpBan(ac.deps.knex, id);
  return row ? presentAdminIpBan(row) : null;
}

/**
 * The range of a new ban (docs/decisions.md#permissions): a single address or a CIDR range, no wider than IP_BAN_MIN_PREFIX_V4/_V6,
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
    const { q, ip } = request.filter;
    let address: Buffer | undefined;
    if (ip !== undefined) {
      const bytes = ipToBytes(ip);
      if (!bytes) return { data: [], total: 0 };
      address = bytes;
    }
    const { rows, total } = await adminIpBanPage(ac.deps.knex, { ...request, filter: { q, address } });
    return { data: rows.map(presentAdminIpBan), total };
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
