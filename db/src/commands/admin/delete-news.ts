import type { Knex } from 'knex';

import type { News } from '../../models/News.ts';
import type { CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';
import { deleteAudited } from './delete-audited.ts';

/**
 * An editor deletes an article (canPublishNews, checked by the caller). The audit row keeps the whole article, so
 * it can be put back by hand; its image stays stored. An unknown id is a 404.
 */
export async function deleteNews(
  trx: Knex,
  input: { actor: AdminActor; news_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ id: number }>> {
  const { id } = await deleteAudited<Pick<News, 'id'>>(trx, {
    actor: input.actor,
    ip: input.ip,
    now: input.now,
    table: 'news',
    id: input.news_id,
    action: 'news.delete',
    entity: 'news',
    before: (article) => article,
  });
  return { result: { id }, events: [] };
}
