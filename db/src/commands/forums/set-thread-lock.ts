import type { Knex } from 'knex';

import { CommandRejected, type CommandOutcome } from '../types.ts';
import { writeAudit } from '../audit.ts';

/** Staff lock or unlock a thread (moderation; canBanUsers). Audited with the state before and after. */
export async function setThreadLock(
  trx: Knex,
  input: { actor_user_id: number; thread_id: number; locked: boolean; ip: string | null; now: Date },
): Promise<CommandOutcome<{ locked: boolean }>> {
  const thread = await trx('forum_threads').where('id', input.thread_id).forUpdate().first('id', 'locked');
  if (!thread) throw new CommandRejected('not_found', 'threadNotFound');
  await trx('forum_threads').where('id', input.thread_id).update({ locked: input.locked });
  await writeAudit(trx, {
    actor_user_id: input.actor_user_id,
    action: input.locked ? 'forum.thread.lock' : 'forum.thread.unlock',
    entity: 'forum_thread',
    entity_id: input.thread_id,
    before: { locked: Boolean(thread.locked) },
    after: { locked: input.locked },
    ip: input.ip,
    now: input.now,
  });
  return { result: { locked: input.locked }, events: [] };
}
