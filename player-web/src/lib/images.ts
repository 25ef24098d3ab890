import type { ImageKind } from '@ecup/domain';

/** Where a stored image is served (docs/product.md#entities: `/images/{kind}/{first two characters}/{hash}.jpg`). */
export function imageUrl(kind: ImageKind, hash: string): string {
  return `/images/${kind}/${hash.slice(0, 2)}/${hash}.jpg`;
}
