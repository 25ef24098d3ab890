import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@ecup/domain';

/** The HMAC-SHA256 key of the one-click unsubscribe links, derived from the application secret (HKDF-SHA256). */
export function unsubscribeKeyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'ecup', 'unsubscribe v1', 32));
}

function signature(key: Buffer, userId: number, kind: NotificationKind): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

/**
 * The token of an e-mail's one-click unsubscribe link (`/unsubscribe?token=…`): the user, the kind and their HMAC,
 * so the link works without signing in and cannot be made for another player or kind.
 */
export function unsubscribeToken(key: Buffer, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(key, userId, kind)}`;
}

/** The user and kind a token names, or null when it is malformed or its HMAC is not this server's. */
export function readUnsubscribeToken(key: Buffer, token: string): { user_id: number; kind: NotificationKind } | null {
  const match = /^([1-9][0-9]{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2] as NotificationKind;
  if (!NOTIFICATION_KINDS.includes(kind)) return null;
  const expected = Buffer.from(signature(key, userId, kind));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { user_id: userId, kind };
}
