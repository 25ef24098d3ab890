import type { Knex } from 'knex';
import type { NewsEntry } from '@ecup/domain';

/** Articles a visitor may read: published, with a publishing time that has come (docs/product.md#calls news calls). */
export function publishedNews(knex: Knex, now: Date) {
  return knex('news').where('news.published', true).where('news.published_at', '<=', now);
}

/** A published article with its publisher's name, as the news page and its link preview read it. */
export interface PublishedArticleRow {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  image_hash: string | null;
  category_id: NewsEntry['category_id'];
  published_at: Date;
  updated_at: Date;
  publisher_first_name: string | null;
  publisher_last_name: string | null;
}

/** The published article with this id, or the newest one without an id (the news page's default); undefined if none. */
export async function findPublishedArticle(
  knex: Knex,
  now: Date,
  id: number | undefined,
): Promise<PublishedArticleRow | undefined> {
  const query = publishedNews(knex, now)
    .leftJoin('users', 'users.id', 'news.publisher_user_id')
    .select(
      'news.id',
      'news.title',
      'news.excerpt',
      'news.content',
      'news.image_hash',
      'news.category_id',
      'news.published_at',
      'news.updated_at',
      'users.first_name as publisher_first_name',
      'users.last_name as publisher_last_name',
    );
  const row: PublishedArticleRow | undefined =
    id === undefined
      ? await query.orderBy('news.published_at', 'desc').orderBy('news.id', 'desc').first()
      : await query.where('news.id', id).first();
  return row;
}
