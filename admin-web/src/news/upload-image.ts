import { httpClient } from '../data-provider.ts';

/** The answer of `POST /admin/api/news-images` (docs/api.md "news"). */
interface NewsImageUpload {
  image_hash: string;
  image_url: string;
}

/** What react-admin's `<ImageInput>` keeps for a newly picked file. */
interface PickedImage {
  rawFile?: unknown;
}

/**
 * Uploads a picked image first (multipart field `image`; the server re-encodes it as JPEG) and answers its hash,
 * which the article then names as `image_hash`; null when no new file was picked.
 */
export async function uploadNewsImage(picked: unknown): Promise<string | null> {
  const file = (picked as PickedImage | null | undefined)?.rawFile;
  if (!(file instanceof File)) return null;
  const body = new FormData();
  body.append('image', file);
  const { json } = await httpClient('/admin/api/news-images', { method: 'POST', body });
  return (json as NewsImageUpload).image_hash;
}

/**
 * `<Create transform>` / `<Edit transform>`: swaps the picked file for the uploaded image's hash and drops the
 * fields the API answers but does not take.
 */
export async function newsTransform(data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { image, image_url: _url, category: _category, publisher: _publisher, ...rest } = data;
  const hash = await uploadNewsImage(image);
  return hash ? { ...rest, image_hash: hash } : rest;
}
