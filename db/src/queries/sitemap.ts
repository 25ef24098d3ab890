import type { Knex } from 'knex';
import { adultBornOnOrBefore } from '@ecup/domain';
import { publishedNews } from './news.ts';
import { rankedUsers } from './ranking.ts';

/** At most this many entries of each kind in the sitemap (one sitemap file holds 50,000 addresses). */
export const SITEMAP_MAX_PER_KIND = 15_000;

/** The addresses a crawler may list, with when each last changed. */
export interface SitemapRows {
  news: { id: number; changed_at: Date }[];
  threads: { id: number; category_id: number; last_post_at: Date }[];
  players: { username: string }[];
}

/**
 * Published articles (newest first), forum threads with at least one post a visitor sees (latest activity first),
 * and the ranked adult players (best Elo first): the public pages with ids. Minors' pages are kept out of search
 * (docs/rules.md "What others see of a player"); `timeZone` is the season's, which decides birthdays.
 */
export async function sitemapRows(knex: Knex, now: Date, timeZone: string): Promise<SitemapRows> {
  const [news, threads, players] = await Promise.all([
    publishedNews(knex, now)
      .orderBy([
        { column: 'news.published_at', order: 'desc' },
        { column: 'news.id', order: 'desc' },
      ])
      .limit(SITEMAP_MAX_PER_KIND)
      .select('news.id', 'news.published_at', 'news.updated_at') as Promise<
      { id: number; published_at: Date; updated_at: Date }[]
    >,
    knex('forum_threads')
      .whereExists(
        knex('forum_posts').whereRaw('forum_posts.thread_id = forum_threads.id').whereNull('forum_posts.hidden_at'),
      )
      .orderBy([
        { column: 'last_post_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(SITEMAP_MAX_PER_KIND)
      .select('id', 'category_id', 'last_post_at') as Promise<SitemapRows['threads']>,
    rankedUsers(knex, now)
      .where('birth_date', '<=', adultBornOnOrBefore(now, timeZone))
      .orderBy([
        { column: 'elo', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(SITEMAP_MAX_PER_KIND)
      .select('username') as Promise<SitemapRows['players']>,
  ]);
  return {
    news: news.map((row) => ({
      id: row.id,
      changed_at: new Date(Math.max(new Date(row.published_at).getTime(), new Date(row.updated_at).getTime())),
    })),
    threads,
    players,
  };
}
