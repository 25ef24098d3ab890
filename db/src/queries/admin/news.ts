import type { Knex } from 'knex';
import type { News } from '../../models/News.ts';
import { containsPattern, like } from '../../services/like.ts';
import { sqlPage, type AdminListRequest, type AdminPage } from './page.ts';

export interface AdminNewsFilters {
  /** The title contains the text. */
  q: string | undefined;
  category_id: number;
  published: boolean;
}

/** A news row with its publisher's name joined (null when the publisher is gone). */
export type AdminNewsRow = News & { publisher_first_name: string | null; publisher_last_name: string | null };

function newsQuery(knex: Knex) {
  return knex('news')
    .leftJoin('users as publisher', 'publisher.id', 'news.publisher_user_id')
    .select('news.*', 'publisher.first_name as publisher_first_name', 'publisher.last_name as publisher_last_name');
}

/** The console's news page, published or not. */
export function adminNewsPage(
  knex: Knex,
  request: AdminListRequest<AdminNewsFilters>,
): Promise<AdminPage<AdminNewsRow>> {
  const query = newsQuery(knex);
  const { q, category_id, published } = request.filter;
  if (q !== undefined) query.where(like(knex, 'news.title', containsPattern(q)));
  if (category_id !== undefined) query.where('news.category_id', category_id);
  if (published !== undefined) query.where('news.published', published);
  return sqlPage(query, request, {
    id: 'news.id',
    sort: {
      id: 'news.id',
      title: 'news.title',
      category_id: 'news.category_id',
      published_at: 'news.published_at',
      created_at: 'news.created_at',
    },
  });
}

/** One article, published or not, or undefined. */
export async function findAdminNews(knex: Knex, id: number): Promise<AdminNewsRow | undefined> {
  const row: AdminNewsRow | undefined = await newsQuery(knex).where('news.id', id).first();
  return row;
}
