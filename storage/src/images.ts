import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  AVATAR_MEDIUM_PX,
  AVATAR_SMALL_PX,
  IMAGE_KINDS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PX,
  IMAGE_THUMBNAILS,
  TEAM_PHOTO_PX,
  type ImageKind,
  type ThumbnailKind,
} from '@ecup/domain';
import { newImageId } from '@ecup/security';
import { createTurns } from './in-turn.ts';

/** Where images live; local disk by default, replaceable by an object store (docs/decisions.md#content-and-uploads). */
export interface ImageStore {
  put(kind: ImageKind, id: string, jpeg: Buffer): Promise<void>;
  get(kind: ImageKind, id: string): Promise<Buffer | null>;
  remove(kind: ImageKind, id: string): Promise<void>;
}

const IMAGE_ID = /^[0-9a-f]{32}$/;

export function isImageKind(kind: string): kind is ImageKind {
  return (IMAGE_KINDS as readonly string[]).includes(kind);
}

export function isImageId(id: string): boolean {
  return IMAGE_ID.test(id);
}

/** `{kind}/{first two chars}/{id}.jpg` under a root folder (docs/product.md#entities, docs/decisions.md#content-and-uploads). */
export function imageRelativePath(kind: ImageKind, id: string): string {
  if (!isImageId(id)) throw new Error(`invalid image id ${id}`);
  return path.join(kind, id.slice(0, 2), `${id}.jpg`);
}

export function createDiskImageStore(root: string): ImageStore {
  return {
    async put(kind, id, jpeg) {
      const file = path.join(root, imageRelativePath(kind, id));
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, jpeg);
      await rename(partial, file);
    },
    async get(kind, id) {
      if (!isImageId(id)) return null;
      try {
        return await readFile(path.join(root, imageRelativePath(kind, id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(kind, id) {
      if (!isImageId(id)) return;
      await rm(path.join(root, imageRelativePath(kind, id)), { force: true });
    },
  };
}

/** Why an upload was refused; the API maps these to the spec's messages. */
export class ImageRejected extends Error {
  constructor(readonly reason: 'not_an_image' | 'too_large' | 'too_many_pixels') {
    super(reason);
  }
}

const ALLOWED_FORMATS = new Set(['jpeg', 'png']);

/** Images up to this many pixels (2000×2000) get optimised Huffman tables; larger ones are streamed. */
const OPTIMISED_CODING_MAX_PIXELS = 4_000_000;

// Every upload is decoded once: libvips' operation cache (up to 50 MB by default) would only hold on to memory.
sharp.cache(false);

/**
 * Images worked on at once in one process. A 4096 px PNG takes about 150 MB while it is decoded and encoded, so
 * uploads beyond this wait their turn instead of adding up (security issue: the API stays under 300 MB whatever
 * arrives at once).
 */
const IMAGE_JOBS_AT_ONCE = 1;
const inTurn = createTurns(IMAGE_JOBS_AT_ONCE);

/**
 * Decodes an uploaded JPEG or PNG and re-encodes it as JPEG, which drops metadata such as location
 * (docs/decisions.md#content-and-uploads). Throws ImageRejected for anything else, for files over the byte limit and for images wider or
 * taller than the pixel limit.
 */
export async function normaliseImage(
  input: Buffer,
  options: { maxBytes?: number; maxPx?: number; formats?: Set<string> } = {},
): Promise<Buffer> {
  return inTurn(() => reencode(input, options));
}

async function reencode(
  input: Buffer,
  options: { maxBytes?: number; maxPx?: number; formats?: Set<string> },
): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const maxPx = options.maxPx ?? IMAGE_MAX_PX;
  if (input.length > maxBytes) throw new ImageRejected('too_large');
  let metadata: sharp.Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: a bomb must be told it has too many pixels.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('not_an_image');
  }
  if (!metadata.format || !(options.formats ?? ALLOWED_FORMATS).has(metadata.format)) {
    throw new ImageRejected('not_an_image');
  }
  if ((metadata.width ?? 0) > maxPx || (metadata.height ?? 0) > maxPx) throw new ImageRejected('too_many_pixels');
  try {
    // Streamed top to bottom (sequential read, baseline JPEG) so a large photo never sits in memory whole:
    // progressive encoding and an unconditional auto-rotate each buffer the full image, and so does optimised
    // Huffman coding (libjpeg keeps every coefficient for its second pass: about 150 MB for 4096×4096 px against
    // 24 MB streamed), so it is kept for images up to OPTIMISED_CODING_MAX_PIXELS (files about 10% smaller). Only a
    // photo whose EXIF says it is turned is rotated (before the metadata is dropped).
    const image = sharp(input, { limitInputPixels: maxPx * maxPx, sequentialRead: true });
    if ((metadata.orientation ?? 1) > 1) image.rotate();
    const optimiseCoding = (metadata.width ?? 0) * (metadata.height ?? 0) <= OPTIMISED_CODING_MAX_PIXELS;
    return await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, optimiseCoding }).toBuffer();
  } catch {
    throw new ImageRejected('not_an_image');
  }
}

async function squareJpeg(jpeg: Buffer, px: number): Promise<Buffer> {
  return sharp(jpeg).resize(px, px, { fit: 'cover' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/** Stores a normalised avatar in its three sizes (small, medium, orig); returns the new avatar hash. */
export async function storeAvatar(store: ImageStore, jpeg: Buffer): Promise<string> {
  const id = newImageId();
  const [small, medium] = await inTurn(() =>
    Promise.all([squareJpeg(jpeg, AVATAR_SMALL_PX), squareJpeg(jpeg, AVATAR_MEDIUM_PX)]),
  );
  await Promise.all([
    store.put('avatar_orig', id, jpeg),
    store.put('avatar_medium', id, medium),
    store.put('avatar_small', id, small),
  ]);
  return id;
}

/**
 * Stores a normalised team photo as a {@link TEAM_PHOTO_PX} square (cropped from the middle), so a ranking page
 * never sends a player's full-size upload for a 24 px icon; returns its hash.
 */
export async function storeTeamPhoto(store: ImageStore, jpeg: Buffer): Promise<string> {
  const id = newImageId();
  await store.put('team', id, await inTurn(() => squareJpeg(jpeg, TEAM_PHOTO_PX)));
  return id;
}

/** Whether a kind is a smaller copy of another kind's image (`IMAGE_THUMBNAILS`). */
export function isThumbnailKind(kind: ImageKind): kind is ThumbnailKind {
  return Object.hasOwn(IMAGE_THUMBNAILS, kind);
}

/** A thumbnail kind's copy of a normalised image. */
function makeThumbnail(kind: ThumbnailKind, jpeg: Buffer): Promise<Buffer> {
  const { width, height, fit } = IMAGE_THUMBNAILS[kind];
  return inTurn(() =>
    sharp(jpeg)
      .resize(width, height, { fit, withoutEnlargement: fit === 'inside' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer(),
  );
}

/** Stores a normalised image and its thumbnail under one id; returns the id. */
async function storeWithThumbnail(store: ImageStore, kind: ThumbnailKind, jpeg: Buffer): Promise<string> {
  const id = newImageId();
  const thumb = await makeThumbnail(kind, jpeg);
  await Promise.all([store.put(IMAGE_THUMBNAILS[kind].of, id, jpeg), store.put(kind, id, thumb)]);
  return id;
}

/** Stores a normalised news image with its card thumbnail; returns the id. */
export function storeNewsImage(store: ImageStore, jpeg: Buffer): Promise<string> {
  return storeWithThumbnail(store, 'news_thumb', jpeg);
}

/** Stores a normalised evidence photo (moderators open it at full size) with its game-page copy; returns the id. */
export function storeEvidenceImage(store: ImageStore, jpeg: Buffer): Promise<string> {
  return storeWithThumbnail(store, 'evidence_thumb', jpeg);
}

/**
 * A thumbnail, made from the full image and stored the first time it is asked for when the image has none (stored
 * before thumbnails existed); null when there is no such full image.
 */
export async function thumbnail(store: ImageStore, kind: ThumbnailKind, id: string): Promise<Buffer | null> {
  const stored = await store.get(kind, id);
  if (stored) return stored;
  const full = await store.get(IMAGE_THUMBNAILS[kind].of, id);
  if (!full) return null;
  const thumb = await makeThumbnail(kind, full);
  await store.put(kind, id, thumb);
  return thumb;
}

/** Removes an image and its thumbnail (used when a later step fails, so no file is left behind). */
export async function removeWithThumbnail(store: ImageStore, kind: ThumbnailKind, id: string): Promise<void> {
  await Promise.all([store.remove(IMAGE_THUMBNAILS[kind].of, id), store.remove(kind, id)]);
}

/** Removes an avatar's three sizes (used when a later step fails, so no file is left behind). */
export async function removeAvatar(store: ImageStore, id: string): Promise<void> {
  await Promise.all((['avatar_orig', 'avatar_medium', 'avatar_small'] as const).map((kind) => store.remove(kind, id)));
}
