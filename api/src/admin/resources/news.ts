import type Router from '@koa/router';
import { ADMIN_RESOURCES, NEWS_CATEGORIES, validateNews, type AdminNewsRecord, type NewsValue } from '@ecup/domain';
import { containsPattern, createNews, deleteNews, like, sanitizeNewsHtml, updateNews, type News } from '@ecup/db';
import { storeNewsImage } from '@ecup/storage';
import type { AppDeps, AppState } from '../../context.ts';
import { badRequest, valid } from '../../errors.ts';
import { uploadedFile } from '../../middleware/body.ts';
import { runCommand } from '../../services/commands.ts';
import { CACHED_READS } from '../../services/read-cache.ts';
import { readPhoto } from '../../services/photos.ts';
import { withCopiedNewsImages } from '../../services/remote-images.ts';
import { imageUrl, isoAlways } from '../present.ts';
import {
  adminContext,
  boolFilter,
  defineResource,
  intFilter,
  sqlPage,
  textFilter,
  type AdminContext,
} from '../resource.ts';

interface NewsFilters {
  /** The title contains the text. */
  q: string | undefined;
  category_id: number;
  published: boolean;
}

/** A news row with its publisher's name joined (null when the publisher is gone). */
type Row = News & { publisher_first_name: string | null; publisher_last_name: string | null };

/** Every news write changes the player home's latest list: this process's cached one goes at once. */
const NEWS_CHANGES = { changes: [CACHED_READS.news] };

function present(row: Row): AdminNewsRecord {
  const category = NEWS_CATEGORIES.find((c) => c.id === row.category_id);
  const hash = row.image_hash;
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    // Sanitised again on the way out (decisions §9), as the player API does.
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

function baseQuery(ac: AdminContext) {
  return ac.deps
    .knex('news')
    .leftJoin('users as publisher', 'publisher.id', 'news.publisher_user_id')
    .select('news.*', 'publisher.first_name as publisher_first_name', 'publisher.last_name as publisher_last_name');
}

async function one(ac: AdminContext, id: number): Promise<AdminNewsRecord | null> {
  const row = (await baseQuery(ac).where('news.id', id).first()) as Row | undefined;
  return row ? present(row) : null;
}

/** An article may only name an image that was uploaded (POST /admin/api/news-images). */
async function checkImage(ac: AdminContext, hash: string | null | undefined): Promise<void> {
  if (hash && !(await ac.deps.images.get('news', hash))) throw badRequest('newsImageMissing');
}

/**
 * News (canPublishNews): list, get, create, update, delete. The HTML is sanitised when saved (createNews,
 * updateNews) and again when answered; `image_hash` comes from POST /admin/api/news-images. Images from other
 * sites in the HTML are copied to the site before the save (copyRemoteNewsImages), or the save is refused.
 */
export const newsResource = defineResource<AdminNewsRecord, NewsFilters>({
  name: 'news',
  sortable: ['id', 'title', 'category_id', 'published_at', 'created_at'],
  defaultSort: { field: 'published_at', order: 'DESC' },
  filters: { q: textFilter, category_id: intFilter, published: boolFilter },

  async list(ac, request) {
    const query = baseQuery(ac);
    const { q, category_id, published } = request.filter;
    if (q !== undefined) query.where(like(ac.deps.knex, 'news.title', containsPattern(q)));
    if (category_id !== undefined) query.where('news.category_id', category_id);
    if (published !== undefined) query.where('news.published', published);
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'news.id',
      sort: {
        id: 'news.id',
        title: 'news.title',
        category_id: 'news.category_id',
        published_at: 'news.published_at',
        created_at: 'news.created_at',
      },
    });
    return { data: rows.map(present), total };
  },

  getOne: one,

  async create(ac, body) {
    const form = valid(validateNews(body)) as Pick<NewsValue, 'title' | 'content' | 'category_id'> & Partial<NewsValue>;
    await checkImage(ac, form.image_hash);
    const { id } = await withCopiedNewsImages(ac.deps, form.content, (content) =>
      runCommand(
        ac.deps,
        (trx) =>
          createNews(trx, {
            actor: ac.actor,
            fields: {
              title: form.title,
              content,
              excerpt: form.excerpt ?? '',
              category_id: form.category_id,
              image_hash: form.image_hash ?? null,
              published: form.published ?? true,
              published_at: form.published_at ?? null,
            },
            ip: ac.ip,
            now: ac.now,
          }),
        NEWS_CHANGES,
      ),
    );
    return (await one(ac, id))!;
  },

  async update(ac, id, body) {
    const changes = valid(validateNews(body, { partial: true }));
    await checkImage(ac, changes.image_hash);
    await withCopiedNewsImages(ac.deps, changes.content, (content) =>
      runCommand(
        ac.deps,
        (trx) =>
          updateNews(trx, { actor: ac.actor, news_id: id, changes: { ...changes, content }, ip: ac.ip, now: ac.now }),
        NEWS_CHANGES,
      ),
    );
    return (await one(ac, id))!;
  },

  async remove(ac, id) {
    const before = await one(ac, id);
    await runCommand(
      ac.deps,
      (trx) => deleteNews(trx, { actor: ac.actor, news_id: id, ip: ac.ip, now: ac.now }),
      NEWS_CHANGES,
    );
    return before!;
  },
});

/**
 * POST /admin/api/news-images (canPublishNews): multipart field `image`, a JPEG or PNG, decoded and stored as a
 * JPEG like every upload (decisions §9). Answers `{ id, image_hash, image_url }`; the article then names the hash.
 */
export function routeNewsImages(router: Router<AppState>, deps: AppDeps): void {
  router.post('/admin/api/news-images', async (ctx) => {
    await adminContext(deps, ctx, ADMIN_RESOURCES.news);
    const file = uploadedFile(ctx, 'image') ?? uploadedFile(ctx, 'file');
    if (!file) throw badRequest('photoType');
    const hash = await storeNewsImage(deps.images, await readPhoto(file));
    ctx.status = 201;
    ctx.body = { id: hash, image_hash: hash, image_url: imageUrl('news', hash) };
  });
}
