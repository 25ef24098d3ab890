import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from './actor.ts';

/** A moderator removes an IP ban (canIPBan, checked by the caller). An unknown id is a 404. Audited with the ban. */
export async function deleteIpBan(
  trx: Knex,
  input: { actor: AdminActor; ip_ban_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ id: number; cidr: string; reason: string }>> {
  const ban = await trx('ip_bans').where('id', input.ip_ban_id).forUpdate().first('id', 'cidr', 'reason');
  if (!ban) throw new CommandRejected('not_found', 'recordNotFound');
  await trx('ip_bans').where('id', ban.id).delete();
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'ip_ban.delete',
    entity: 'ip_ban',
    entity_id: ban.id,
    before: { cidr: ban.cidr, reason: ban.reason },
    after: null,
    ip: input.ip,
    now: input.now,
  });
  return { result: { id: Number(ban.id), cidr: String(ban.cidr), reason: String(ban.reason) }, events: [] };
}
