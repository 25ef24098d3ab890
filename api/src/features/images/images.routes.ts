import Router from '@koa/router';
import { isImageId, isImageKind, isThumbnailKind, thumbnail } from '@ecup/storage';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { placeholder } from './placeholder.ts';

/**
 * GET /images/{kind}/{xx}/{id}.jpg (docs/product.md#entities, docs/decisions.md#content-and-uploads): a stored image, or the kind's placeholder. An image
 * stored before its kind had thumbnails gets its thumbnail made on the first request for it.
 */
export function imagesRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/images/:kind/:prefix/:file', async (ctx) => {
    const { kind, prefix, file } = ctx.params as { kind: string; prefix: string; file: string };
    if (!isImageKind(kind)) throw notFound();
    const id = file.endsWith('.jpg') ? file.slice(0, -4) : '';
    const valid = isImageId(id) && prefix === id.slice(0, 2);
    const stored = !valid
      ? null
      : isThumbnailKind(kind)
        ? await thumbnail(deps.images, kind, id)
        : await deps.images.get(kind, id);
    ctx.type = 'image/jpeg';
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (stored) {
      // Image ids are never reused, so a stored image never changes.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.body = stored;
    } else {
      ctx.set('Cache-Control', 'public, max-age=60');
      ctx.body = await placeholder(kind);
    }
  });
  return router;
}
