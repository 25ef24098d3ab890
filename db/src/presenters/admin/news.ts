import { NEWS_CATEGORIES, type AdminNewsRecord } from '@ecup/domain';
import { sanitizeNewsHtml } from '../../content/html.ts';
import type { AdminNewsRow } from '../../queries/admin/news.ts';
import { imageUrl, isoAlways } from './common.ts';

export function presentAdminNews(row: AdminNewsRow): AdminNewsRecord {
  const category = NEWS_CATEGORIES.find((c) => c.id === row.category_id);
  const hash = row.image_hash;
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    // Sanitised again on the way out, as the player API does.
    content: sanitizeNewsHtml(row.content),
    image_hash: hash,
    image_url: imageUrl('news', hash),
    category_id: row.category_id,
    category: category?.label ?? '',
    published: Boolean(row.published),
    published_at: isoAlways(row.published_at),
    publisher:
      row.publisher_user_id === null
        ? null
        : {
            id: row.publisher_user_id,
            first_name: row.publisher_first_name ?? '',
            last_name: row.publisher_last_name ?? '',
          },
    created_at: isoAlways(row.created_at),
    updated_at: isoAlways(row.updated_at),
  };
}
