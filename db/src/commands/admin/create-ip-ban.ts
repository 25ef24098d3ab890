import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * A moderator bans an address range (docs/decisions.md#permissions: sign-up and sign-in from it are refused; canIPBan, checked by
 * the caller). The range arrives parsed (security/src/ip.ts). The same range twice is a 409, settled by the
 * unique (range_start, range_end) key, also when two moderators add it at the same instant. Audited.
 */
export async function createIpBan(
  trx: Knex,
  input: {
    actor: AdminActor;
    cidr: string;
    start: Buffer;
    end: Buffer;
    reason: string;
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ id: number }>> {
  const [inserted] = await trx('ip_bans')
    .insert({
      cidr: input.cidr,
      range_start: input.start,
      range_end: input.end,
      reason: input.reason,
      created_by_user_id: input.actor.id,
      created_at: input.now,
    })
    .onConflict(['range_start', 'range_end'])
    .ignore();
  // An insert the unique key ignored reports no id (0).
  const id = inserted ?? 0;
  if (!(id > 0)) throw new CommandRejected('conflict', 'ipBanExists');
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'ip_ban.create',
    entity: 'ip_ban',
    entity_id: id,
    before: null,
    after: { cidr: input.cidr, reason: input.reason },
    ip: input.ip,
    now: input.now,
  });
  return { result: { id }, events: [] };
}
