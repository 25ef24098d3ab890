import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from './actor.ts';

/**
 * An editor deletes an article (canPublishNews, checked by the caller). The audit row keeps the whole article, so
 * it can be put back by hand; its image stays stored. An unknown id is a 404.
 */
export async function deleteNews(
  trx: Knex,
  input: { actor: AdminActor; news_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ id: number }>> {
  const current = await trx('news').where('id', input.news_id).forUpdate().first();
  if (!current) throw new CommandRejected('not_found', 'recordNotFound');
  await trx('news').where('id', current.id).delete();
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'news.delete',
    entity: 'news',
    entity_id: current.id,
    before: current,
    after: null,
    ip: input.ip,
    now: input.now,
  });
  return { result: { id: Number(current.id) }, events: [] };
}
