import type { AdminUserRef } from '@ecup/domain';

/** A time as ISO 8601 (the console's wire format), or null. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

/** An ISO time of a column that is never null. */
export function isoAlways(value: Date | string): string {
  return new Date(value).toISOString();
}

/** `{ id, username }` from two joined columns, or null when the id is null (a deleted or missing user). */
export function userRef(id: number | null, username: string | null): AdminUserRef | null {
  if (id === null) return null;
  return { id, username: username ?? '' };
}

/** Path of a stored image (GET /images/{kind}/{xx}/{id}.jpg), or null. */
export function imageUrl(kind: 'news' | 'evidence', hash: string | null): string | null {
  return hash ? `/images/${kind}/${hash.slice(0, 2)}/${hash}.jpg` : null;
}
