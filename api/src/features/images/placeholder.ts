import sharp from 'sharp';
import { NEWS_IMAGE_HEIGHT, NEWS_IMAGE_WIDTH, IMAGE_THUMBNAILS, TEAM_PHOTO_PX, type ImageKind } from '@ecup/domain';

/** An evidence photo's placeholder; its game-page copy is the same, which already fits that copy's box. */
const EVIDENCE: [number, number] = [640, 360];

const SIZES: Record<ImageKind, [number, number]> = {
  avatar_small: [64, 64],
  avatar_medium: [256, 256],
  avatar_orig: [512, 512],
  team: [TEAM_PHOTO_PX, TEAM_PHOTO_PX],
  news: [NEWS_IMAGE_WIDTH, NEWS_IMAGE_HEIGHT],
  news_thumb: [IMAGE_THUMBNAILS.news_thumb.width, IMAGE_THUMBNAILS.news_thumb.height],
  evidence: EVIDENCE,
  evidence_thumb: EVIDENCE,
};

function svg(kind: ImageKind): string {
  const [w, h] = SIZES[kind];
  if (kind.startsWith('avatar') || kind === 'team') {
    // A neutral head-and-shoulders silhouette on navy.
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 100 100">
      <rect width="100" height="100" fill="#1b2a4a"/>
      <circle cx="50" cy="38" r="18" fill="#5c7099"/>
      <path d="M14 100c0-22 16-34 36-34s36 12 36 34z" fill="#5c7099"/></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0d1b36"/><stop offset="1" stop-color="#1f7a4a"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 5}" fill="none" stroke="#ffffff33" stroke-width="6"/>
    <line x1="${w / 2}" y1="0" x2="${w / 2}" y2="${h}" stroke="#ffffff22" stroke-width="6"/></svg>`;
}

const cache = new Map<ImageKind, Promise<Buffer>>();

/** The JPEG served for a missing image id (docs/product.md#entities: a missing id gives a placeholder). */
export function placeholder(kind: ImageKind): Promise<Buffer> {
  let image = cache.get(kind);
  if (!image) {
    image = sharp(Buffer.from(svg(kind)))
      .jpeg({ quality: 80 })
      .toBuffer();
    cache.set(kind, image);
  }
  return image;
}
