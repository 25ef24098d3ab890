import Router from '@koa/router';
import { HOME_NEWS_COUNT, parsePositiveInt, type NewsEntry, type NewsListEntry } from '@ecup/domain';
import { findPublishedArticle, publishedNews, sanitizeNewsHtml } from '@ecup/db';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { paramsOf, queryOf } from '../../middleware/body.ts';
import { amountOf } from '../../services/paging.ts';
import { CACHED_READS, answerRead, encodeRead } from '../../services/read-cache.ts';

const MAX_LATEST = 20;
const seconds = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

/** The public-read cache key of the latest news for a request's query (the number of articles it asks for). */
const latestKey = (query: Record<string, string>) =>
  `${CACHED_READS.news}latest:${amountOf(query, HOME_NEWS_COUNT, MAX_LATEST)}`;

/** The public-read cache key of each cached news call, by path, from its query (for the cached-read shortcut). */
export const newsCachedReads = { '/news/latest': latestKey };

/** News calls of docs/product.md#calls: the latest list and one article (HTML cleaned again on the way out, docs/decisions.md#content-and-uploads). */
export function newsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const published = () => publishedNews(deps.knex, deps.now());

  /** Every visitor's home page asks for this: it comes from the public-read cache (at most a second old). */
  router.get('/news/latest', async (ctx) => {
    const query = queryOf(ctx);
    const amount = amountOf(query, HOME_NEWS_COUNT, MAX_LATEST);
    const read = await deps.publicReads.get(latestKey(query), async () => {
      const rows = await published()
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(amount)
        .select('id', 'title', 'excerpt', 'image_hash', 'category_id', 'published_at');
      return encodeRead(
        rows.map((row): NewsListEntry => ({
          id: row.id,
          title: row.title,
          excerpt: row.excerpt,
          image_hash: row.image_hash,
          category_id: row.category_id,
          inserted: seconds(row.published_at),
        })),
      );
    });
    answerRead(ctx, read);
  });

  /** Without an id: the newest article (the news page's default). */
  router.all('/news/get', async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'POST') return;
    const params = paramsOf(ctx);
    const hasId = params.id !== undefined && params.id !== '';
    const id = parsePositiveInt(params.id);
    if (hasId && id === undefined) throw notFound('newsNotFound');
    const row = await findPublishedArticle(deps.knex, deps.now(), id);
    if (!row) throw notFound('newsNotFound');
    const entry: NewsEntry = {
      id: row.id,
      title: row.title,
      content: sanitizeNewsHtml(row.content),
      image_hash: row.image_hash,
      category_id: row.category_id,
      publisher_first_name: row.publisher_first_name ?? '',
      publisher_last_name: row.publisher_last_name ?? '',
      inserted: seconds(row.published_at),
    };
    ctx.body = entry;
  });

  return router;
}
