import type { PushPayload } from '@ecup/domain';

/** What the worker shows of a push: its `kind` only matters to the server that chose to send it. */
export type ShownPush = Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'>;

/** What a push shows when its data cannot be read: the app's name, opening the home page. */
export const FALLBACK_PUSH: ShownPush = { title: 'eCup', body: '', url: '/', tag: 'ecup' };

/**
 * A push message's data (a JSON {@link PushPayload}) as what to show, or null when it is not one. The `url` must be
 * a path of the site, so a click on the notification never leaves it.
 */
export function parsePushPayload(text: string | null | undefined): ShownPush | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '' || typeof body !== 'string' || typeof tag !== 'string') {
    return null;
  }
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return { title, body, url, tag };
}

/** The address a click on a notification opens: its `data.url` on our own origin, else the home page. */
export function notificationTarget(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  const safe = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
  return new URL(safe ? url : '/', origin).href;
}
