import type { Knex } from 'knex';

import type { IpBan } from '../../models/IpBan.ts';
import type { CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';
import { deleteAudited } from './delete-audited.ts';

/** A moderator removes an IP ban (canIPBan, checked by the caller). An unknown id is a 404. Audited with the ban. */
export async function deleteIpBan(
  trx: Knex,
  input: { actor: AdminActor; ip_ban_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ id: number; cidr: string; reason: string }>> {
  const { id, cidr, reason } = await deleteAudited<Pick<IpBan, 'id' | 'cidr' | 'reason'>>(trx, {
    actor: input.actor,
    ip: input.ip,
    now: input.now,
    table: 'ip_bans',
    id: input.ip_ban_id,
    columns: ['id', 'cidr', 'reason'],
    action: 'ip_ban.delete',
    entity: 'ip_ban',
    before: (ban) => ({ cidr: ban.cidr, reason: ban.reason }),
  });
  return { result: { id, cidr, reason }, events: [] };
}
