import type { Knex } from 'knex';
import { writeAudit } from '../audit.ts';
import type { CommandOutcome } from '../types.ts';
import { excerptOf } from '../../content/html.ts';
import { cleanNewsContent } from './news-content.ts';
import type { NewsFields } from '../../models/News.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * An editor publishes a news article (docs/product.md#entities News entry; canPublishNews, checked by the caller). The HTML is
 * sanitised here, so every caller stores clean HTML (docs/decisions.md#content-and-uploads); an empty excerpt is made from the text; the
 * editor is the publisher; no publish time means now. Audited with the stored article.
 */
export async function createNews(
  trx: Knex,
  input: {
    actor: AdminActor;
    fields: Omit<NewsFields, 'published_at' | 'published'> & { published: boolean; published_at: Date | null };
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ id: number }>> {
  const content = cleanNewsContent(input.fields.content);
  const row = {
    ...input.fields,
    content,
    excerpt: input.fields.excerpt === '' ? excerptOf(content) : input.fields.excerpt,
    published_at: input.fields.published_at ?? input.now,
    publisher_user_id: input.actor.id,
  };
  const [inserted] = await trx('news').insert({ ...row, created_at: input.now, updated_at: input.now });
  const id = inserted!;
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'news.create',
    entity: 'news',
    entity_id: id,
    before: null,
    after: row,
    ip: input.ip,
    now: input.now,
  });
  return { result: { id }, events: [] };
}
