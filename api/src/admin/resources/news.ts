import type Router from '@koa/router';
import { ADMIN_RESOURCES, validateNews, type AdminNewsRecord, type NewsValue } from '@ecup/domain';
import {
  adminNewsPage,
  createNews,
  deleteNews,
  findAdminNews,
  imageUrl,
  presentAdminNews,
  updateNews,
  type AdminNewsFilters,
} from '@ecup/db';
import { storeNewsImage } from '@ecup/storage';
import type { AppDeps, AppState } from '../../context.ts';
import { badRequest, valid } from '../../errors.ts';
import { uploadedFile } from '../../middleware/body.ts';
import { runCommand } from '../../services/commands.ts';
import { CACHED_READS } from '../../services/read-cache.ts';
import { readPhoto } from '../../services/photos.ts';
import { withCopiedNewsImages } from '../../services/remote-images.ts';
import { adminContext, boolFilter, defineResource, intFilter, textFilter, type AdminContext } from '../resource.ts';

/** Every news write changes the player home's latest list: this process's cached one goes at once. */
const NEWS_CHANGES = { changes: [CACHED_READS.news] };

async function one(ac: AdminContext, id: number): Promise<AdminNewsRecord | null> {
  const row = await findAdminNews(ac.deps.knex, id);
  return row ? presentAdminNews(row) : null;
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
export const newsResource = defineResource<AdminNewsRecord, AdminNewsFilters>({
  name: 'news',
  sortable: ['id', 'title', 'category_id', 'published_at', 'created_at'],
  defaultSort: { field: 'published_at', order: 'DESC' },
  filters: { q: textFilter, category_id: intFilter, published: boolFilter },

  async list(ac, request) {
    const { rows, total } = await adminNewsPage(ac.deps.knex, request);
    return { data: rows.map(presentAdminNews), total };
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
 * JPEG like every upload (docs/decisions.md#content-and-uploads). Answers `{ id, image_hash, image_url }`; the article then names the hash.
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
