import { message } from '@ecup/domain';
import { imageUrl, isRemoteImageSource, newsImageSources, replaceNewsImageSources } from '@ecup/db';
import { RemoteImageRefused, fetchRemoteImage, normaliseImage, storeNewsImage } from '@ecup/storage';
import type { AppDeps } from '../context.ts';
import { badRequest } from '../errors.ts';

/**
 * News HTML whose images from other sites are copied to the site: each one is fetched once
 * (storage/src/remote-image.ts: http(s) only, no private address, the upload limit, 5 s), re-encoded and stored
 * exactly like an uploaded news image, and its `src` becomes the site's own address, so a player's browser never
 * asks another site for it. An image that cannot be copied refuses the save with its address; images already
 * copied for that save are removed again.
 */
export async function copyRemoteNewsImages(
  deps: AppDeps,
  html: string,
): Promise<{ content: string; stored: string[] }> {
  const remote = [...new Set(newsImageSources(html))].filter((src) => isRemoteImageSource(src, deps.config.publicUrl));
  if (remote.length === 0) return { content: html, stored: [] };
  const copied = new Map<string, string>();
  const stored: string[] = [];
  try {
    for (const src of remote) {
      let jpeg: Buffer;
      try {
        jpeg = await normaliseImage(await fetchRemoteImage(src, { allowPrivate: deps.config.imageFetchAllowPrivate }));
      } catch (error) {
        // The host and the reason only: an address's path or query may carry someone's access key.
        const reason = error instanceof RemoteImageRefused ? error.reason : 'not_an_image';
        deps.log.info({ host: new URL(src).host, reason }, 'news image from another site refused');
        throw badRequest(message('newsRemoteImageFailed', { url: src }));
      }
      const hash = await storeNewsImage(deps.images, jpeg);
      stored.push(hash);
      copied.set(src, imageUrl('news', hash)!);
    }
  } catch (error) {
    await Promise.all(stored.map((hash) => deps.images.remove('news', hash)));
    throw error;
  }
  return { content: replaceNewsImageSources(html, copied), stored };
}

/**
 * Saves news HTML whose remote images were copied first: `save` gets the HTML with the site's addresses, and when
 * it fails (say, the article was deleted meanwhile) the copies are removed again.
 */
export async function withCopiedNewsImages<C extends string | undefined, T>(
  deps: AppDeps,
  html: C,
  save: (content: C) => Promise<T>,
): Promise<T> {
  if (html === undefined) return save(html);
  const { content, stored } = await copyRemoteNewsImages(deps, html);
  try {
    return await save(content as C);
  } catch (error) {
    await Promise.all(stored.map((hash) => deps.images.remove('news', hash)));
    throw error;
  }
}
