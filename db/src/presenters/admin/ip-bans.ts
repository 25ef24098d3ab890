import type { AdminIpBanRecord } from '@ecup/domain';
import type { AdminIpBanRow } from '../../queries/admin/ip-bans.ts';
import { isoAlways, userRef } from './common.ts';

/** A stored 16-byte address as text: dotted IPv4 for mapped addresses, full IPv6 groups otherwise. */
function addressOf(bytes: Buffer): string {
  const mapped = bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return [...bytes.subarray(12)].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

export function presentAdminIpBan(row: AdminIpBanRow): AdminIpBanRecord {
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
