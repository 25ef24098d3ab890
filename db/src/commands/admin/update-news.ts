import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';
import { excerptOf } from '../../content/html.ts';
import { NEWS_FIELD_NAMES, type News, type NewsFields } from '../../models/News.ts';
import { cleanNewsContent } from './news-content.ts';

/** Whether a stored column value differs from a new one (MariaDB answers booleans as 0/1). */
function differs(old: unknown, value: unknown): boolean {
  if (value instanceof Date) return old === null || new Date(old as Date).getTime() !== value.getTime();
  if (typeof value === 'boolean') return Boolean(old) !== value;
  return old !== value;
}

/**
 * An editor changes an article (canPublishNews, checked by the caller): only the fields sent change; new HTML is
 * sanitised (docs/decisions.md#content-and-uploads); an excerpt sent empty is made again from the text. An unknown id is a 404. Audited
 * with the changed fields before and after (nothing changed: no audit row).
 */
export async function updateNews(
  trx: Knex,
  input: {
    actor: AdminActor;
    news_id: number;
    changes: Partial<Omit<NewsFields, 'published_at'>> & { published_at?: Date | null };
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ id: number }>> {
  const current = (await trx('news').where('id', input.news_id).forUpdate().first()) as
    (Pick<News, 'id'> & NewsFields) | undefined;
  if (!current) throw new CommandRejected('not_found', 'recordNotFound');
  const changes: Partial<NewsFields> = {};
  for (const name of NEWS_FIELD_NAMES) {
    if (input.changes[name] !== undefined) Object.assign(changes, { [name]: input.changes[name] });
  }
  if (changes.content !== undefined) changes.content = cleanNewsContent(changes.content);
  if (changes.excerpt === '') changes.excerpt = excerptOf(changes.content ?? current.content);
  if (input.changes.published_at === null) changes.published_at = input.now;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes) as [keyof NewsFields, unknown][]) {
    if (!differs(current[name], value)) continue;
    before[name] = current[name];
    after[name] = value;
  }
  if (Object.keys(after).length > 0) {
    await trx('news')
      .where('id', current.id)
      .update({ ...after, updated_at: input.now });
    await writeAudit(trx, {
      actor_user_id: input.actor.id,
      action: 'news.update',
      entity: 'news',
      entity_id: current.id,
      before,
      after,
      ip: input.ip,
      now: input.now,
    });
  }
  return { result: { id: current.id }, events: [] };
}
