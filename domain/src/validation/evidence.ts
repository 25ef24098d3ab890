/** Evidence links (docs/product.md#validation "Evidence"). */
import { YOUTUBE_ID_MAX, YOUTUBE_ID_MIN } from '../constants.ts';

import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Path prefixes that carry the id as the next segment: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/** True for a YouTube video id: 8-15 letters, digits, '-' or '_' (docs/product.md#validation). */
export function isYoutubeId(id: string): boolean {
  const pattern = new RegExp(`^[A-Za-z0-9_-]{${YOUTUBE_ID_MIN},${YOUTUBE_ID_MAX}}$`);
  return pattern.test(id);
}

/** The video id a YouTube link names, or undefined. */
function idFromLink(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (SHORT_HOSTS.has(host)) return segments[0];
  if (!YOUTUBE_HOSTS.has(host)) return undefined;
  const v = url.searchParams.get('v');
  if (v !== null) return v;
  const [first, second] = segments;
  return first !== undefined && ID_PATHS.has(first) ? second : undefined;
}

/**
 * Evidence link (docs/product.md#validation "Evidence"): a YouTube link whose video id (the `v` parameter, or the path of youtu.be/ID
 * and of /embed/, /shorts/ and /live/ links) has 8-15 characters of letters, digits, '-' and '_'. A bare id is
 * accepted as well, because POST /game/upload_evidence carries `youtube_id` (docs/product.md#calls). Returns the id.
 */
export function validateYoutubeLink(link: unknown): Validation<string> {
  if (typeof link !== 'string') return fail('invalidYoutubeLink');
  const text = link.trim();
  if (isYoutubeId(text)) return ok(text);
  const id = idFromLink(text);
  return id !== undefined && isYoutubeId(id) ? ok(id) : fail('invalidYoutubeLink');
}
