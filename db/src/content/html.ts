import sanitizeHtml from 'sanitize-html';
import { NEWS_EXCERPT_MAX } from '@ecup/domain';

// News HTML allow-list (docs/decisions.md#content-and-uploads): no script, no event handlers, no javascript: URLs.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': [] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }, true),
  },
};

/** Cleans news HTML with the allow-list; applied when saving and again when serving. */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of a piece of HTML (for excerpts). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/** Block ends and line breaks, after which the text of the next block starts a new word. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|td|th|figcaption)>|<br\s*\/?>/gi;

/** The excerpt made from an article's text when none is given: its first words, cut at a word. */
export function excerptOf(html: string): string {
  const text = htmlToText(html.replace(BLOCK_END, (end) => `${end} `));
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`.slice(0, NEWS_EXCERPT_MAX);
}

/** The `src` of every image in a piece of news HTML, as the allow-list keeps them (absolute or site paths). */
export function newsImageSources(html: string): string[] {
  const sources: string[] = [];
  sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img' && frame.attribs.src) sources.push(frame.attribs.src);
      return false;
    },
  });
  return sources;
}

/** News HTML, cleaned with the allow-list, with each image `src` found in `replace` changed to its new address. */
export function replaceNewsImageSources(html: string, replace: ReadonlyMap<string, string>): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? undefined : replace.get(attribs.src);
        return { tagName, attribs: src === undefined ? attribs : { ...attribs, src } };
      },
    },
  });
}

/**
 * Whether an image `src` of news HTML is on another site: an absolute http(s) address whose origin is not the site's
 * own (`publicUrl`). Site paths (`/images/news/…`) are not.
 */
export function isRemoteImageSource(src: string, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== new URL(publicUrl).origin;
}
